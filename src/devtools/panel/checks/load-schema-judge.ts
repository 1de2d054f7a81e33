import type { SchemaJudge } from '../../../core/workbench/run/evaluate-checks.ts';

/**
 * The schema judge, loaded with the platform description only when a check asks for it (the description is
 * large). Used by the checks' worker, and by the page where no worker runs.
 */
let judge: Promise<SchemaJudge | undefined> | undefined;

export function loadSchemaJudge(): Promise<SchemaJudge | undefined> {
  judge ??= Promise.all([
    import('../../../core/workbench/run/schema-judge.ts'),
    import('../../../core/platform/load-catalog.ts').then((module) => module.loadPlatformDescription()),
  ]).then(
    ([module, description]) => module.createSchemaJudge(description),
    () => {
      judge = undefined;
      return undefined;
    },
  );
  return judge;
}

import type { SendResponse } from '../../../core/protocol.ts';
import { hasChecks, type RequestChecks } from '../../../core/workbench/run/checks.ts';
import {
  type CheckOutcomes,
  evaluateChecks,
  type ObservedResponse,
  type SchemaJudge,
} from '../../../core/workbench/run/evaluate-checks.ts';

/**
 * The panel's side of the checks: a worker response as the engine observes it, and the schema judge, loaded with
 * the platform description only when a request asks for a schema check (the description is large).
 */
export function observedFrom(response: SendResponse): ObservedResponse {
  return {
    status: response.status,
    durationMs: response.durationMs,
    headers: response.headers,
    body: response.body.kind === 'text' ? response.body.text : undefined,
    truncated: response.body.truncated,
  };
}

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

/** Judges a response of a request with checks; undefined when it has none. */
export async function judgeResponse(
  checks: RequestChecks | undefined,
  endpoint: { method: string; path: string },
  response: SendResponse,
): Promise<CheckOutcomes | undefined> {
  if (!hasChecks(checks)) return undefined;
  const schema = checks.assertions.some((assertion) => assertion.kind === 'schema')
    ? await loadSchemaJudge()
    : undefined;
  return evaluateChecks(
    checks,
    observedFrom(response),
    { method: endpoint.method, pathTemplate: endpoint.path },
    schema,
  );
}

import { useEffect, useState } from 'preact/hooks';
import type { RequestDraft } from '../../../core/workbench/request-draft.ts';
import type { BodySchema } from './json-editor/schema-sources.ts';

const loadChecker = () => import('../../../core/platform/schema-check.ts');

/**
 * How many differences the JSON body has from the request schema, for the warnings above the tabs (whether or not
 * the Body tab, with its underlines, was ever opened). The validator loads on first need; a body that does not
 * parse counts none here (that is a syntax problem, which blocks Send on its own).
 */
export function useBodySchemaProblems(draft: RequestDraft, body: BodySchema | undefined): number {
  const [count, setCount] = useState(0);
  const active = draft.bodyMode === 'json' && body !== undefined && draft.json.trim() !== '';
  useEffect(() => {
    if (!active || !body) {
      setCount(0);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      let value: unknown;
      try {
        value = JSON.parse(draft.json);
      } catch {
        setCount(0);
        return;
      }
      loadChecker().then(
        // Only the count: nothing worded (a pasted list can differ in every one of its items).
        ({ firstDifferences }) =>
          live && setCount(firstDifferences(value, body.schema, body.schemas as Record<string, unknown>, 0).total),
        () => undefined,
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [active, draft.json, body]);
  return active ? count : 0;
}

import { placeDifferences } from '../../../../core/workbench/response-differences.ts';
import type { JsonTreeDecoration } from '../../../../ui/JsonTree.tsx';
import type { CheckState } from './check-registry.ts';
import './check.css';

/**
 * The differences on the JSON tree, where they are: a mark before the value that differs (or before the object a
 * required field is missing from), its messages as the mark's label; a closed node says how many it hides. Added
 * to the tree's other decoration (the follow links), which keeps what Enter does.
 */
export function withDifferenceMarks(
  base: JsonTreeDecoration | undefined,
  state: CheckState,
): JsonTreeDecoration | undefined {
  if (state.state !== 'done' || state.check.total === 0) return base;
  const { at, within } = placeDifferences(state.check.differences);
  return {
    renderBeforeValue(row) {
      const here = at.get(row.id);
      const hidden = row.expanded ? 0 : (within.get(row.id) ?? 0);
      const rest = base?.renderBeforeValue(row);
      if (!here && hidden === 0) return rest;
      const words = [
        ...(here ?? []).map((difference) => difference.message),
        ...(hidden > 0 ? [`${hidden} difference${hidden === 1 ? '' : 's'} from the description inside`] : []),
      ].join('; ');
      return (
        <>
          <span class="kh-diff-mark" role="img" aria-label={`Differs from the description: ${words}`} title={words}>
            ⚠{hidden > 0 && !here ? ` ${hidden}` : ''}
          </span>
          {rest}
        </>
      );
    },
    ...(base?.activate ? { activate: base.activate } : {}),
  };
}

import { useEffect, useMemo, useState } from 'preact/hooks';
import { runJqFilter } from '../../../core/workbench/jq-filter.ts';
import { jqPathOfPointer } from '../../../core/workbench/jq-path.ts';

/**
 * The JSON filter: a jq subset (src/core/workbench/jq-filter.ts) applied to the parsed body. One result is
 * shown as itself, several as an array of them. "Copy path" in the filtered tree gives a jq expression that
 * selects the node from the whole body: the filter, then the path inside its output.
 */
export interface FilteredJson {
  /** What the tree shows: the body, or the filter's output. */
  value: unknown;
  active: boolean;
  pathOf: (pointer: string) => string;
}

export function useJsonFilter(value: unknown, filter: string): FilteredJson & { problem?: string; note?: string } {
  const [applied, setApplied] = useState(filter);
  useEffect(() => {
    const timer = setTimeout(() => setApplied(filter), 250);
    return () => clearTimeout(timer);
  }, [filter]);
  return useMemo(() => {
    const plain = { value, active: false, pathOf: (pointer: string) => jqPathOfPointer(value, pointer) };
    if (applied.trim() === '' || applied.trim() === '.') return plain;
    const result = runJqFilter(applied, value);
    if (!result.ok) return { ...plain, problem: `${result.message} (at character ${result.offset + 1})` };
    const single = result.values.length === 1;
    const shown = single ? result.values[0] : result.values;
    const prefix = single ? applied.trim() : `[${applied.trim()}]`;
    return {
      value: shown,
      active: true,
      note: `${result.values.length} ${result.values.length === 1 ? 'result' : 'results'}`,
      pathOf: (pointer: string) => (pointer === '' ? prefix : `${prefix} | ${jqPathOfPointer(shown, pointer)}`),
    };
  }, [value, applied]);
}

export function JsonFilterBar({
  filter,
  onFilter,
  problem,
  note,
}: {
  filter: string;
  onFilter: (filter: string) => void;
  problem?: string;
  note?: string;
}) {
  return (
    <div class={`kh-json-filter${problem ? ' kh-json-filter--problem' : ''}`}>
      <label class="kh-visually-hidden" for="kh-json-filter">
        Filter (jq)
      </label>
      <input
        id="kh-json-filter"
        class="kh-input kh-mono"
        title='A jq filter, e.g. .items[] | select(.zone == "par") | .id'
        type="text"
        spellcheck={false}
        autocomplete="off"
        placeholder="Filter (jq): .items[] | .id"
        value={filter}
        aria-invalid={problem ? true : undefined}
        aria-describedby="kh-json-filter-status"
        onInput={(event) => onFilter((event.currentTarget as HTMLInputElement).value)}
      />
      <span id="kh-json-filter-status" class={problem ? 'kh-json-filter-problem' : 'kh-muted'} role="status">
        {problem ?? note ?? ''}
      </span>
    </div>
  );
}

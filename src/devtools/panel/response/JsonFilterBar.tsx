import { useEffect, useMemo, useState } from 'preact/hooks';
import type { JqResult } from '../../../core/workbench/jq-filter.ts';
import { jqPathOfPointer } from '../../../core/workbench/jq-path.ts';
import { type JqFilterSource, releaseJqFilterBody, runJqFilterOffThread } from './jq-filter-off-thread.ts';

/**
 * The JSON filter: jq (src/core/workbench/jq-filter.ts) applied to the parsed body, in a Web Worker
 * (jq-filter-off-thread.ts). One result is
 * shown as itself, several as an array of them. "Copy path" in the filtered tree gives a jq expression that
 * selects the node from the whole body: the filter, then the path inside its output.
 */
export interface FilteredJson {
  /** What the tree shows: the body, or the filter's output. */
  value: unknown;
  active: boolean;
  pathOf: (pointer: string) => string;
}

export function useJsonFilter(
  value: unknown,
  source: JqFilterSource,
  filter: string,
): FilteredJson & { problem?: string; note?: string } {
  const [applied, setApplied] = useState(filter);
  useEffect(() => {
    const timer = setTimeout(() => setApplied(filter), 250);
    return () => clearTimeout(timer);
  }, [filter]);
  const trivial = applied.trim() === '' || applied.trim() === '.';
  /** The last filter's outcome, for the body it ran on. */
  const [outcome, setOutcome] = useState<{ filter: string; value: unknown; result: JqResult } | undefined>();
  useEffect(() => {
    if (trivial) {
      releaseJqFilterBody(value);
      return;
    }
    // Not parsed yet, or not JSON: nothing to filter (and `undefined` would name every such body alike).
    if (value === undefined) return;
    let wanted = true;
    void runJqFilterOffThread(applied, value, source).then((result) => {
      if (wanted && result) setOutcome({ filter: applied, value, result });
    });
    return () => {
      wanted = false;
    };
  }, [value, source, applied, trivial]);
  // Leaving the body (another response, another view): the worker need not keep it.
  useEffect(() => () => releaseJqFilterBody(value), [value]);
  return useMemo(() => {
    const plain = { value, active: false, pathOf: (pointer: string) => jqPathOfPointer(value, pointer) };
    if (trivial) return plain;
    // Until this filter's outcome arrives, the previous filter's output on this body stays, marked as outdated.
    if (!outcome || outcome.value !== value) return { ...plain, note: 'Filtering…' };
    const running = outcome.filter !== applied;
    const { result } = outcome;
    if (!result.ok) {
      if (running) return { ...plain, note: 'Filtering…' };
      return { ...plain, problem: `${result.message} (at character ${result.offset + 1})` };
    }
    const single = result.values.length === 1;
    const shown = single ? result.values[0] : result.values;
    const prefix = single ? outcome.filter.trim() : `[${outcome.filter.trim()}]`;
    const count = `${result.values.length} ${result.values.length === 1 ? 'result' : 'results'}`;
    return {
      value: shown,
      active: true,
      note: running ? `Filtering… (showing ${count} of the previous filter)` : count,
      pathOf: (pointer: string) => (pointer === '' ? prefix : `${prefix} | ${jqPathOfPointer(shown, pointer)}`),
    };
  }, [value, applied, trivial, outcome]);
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

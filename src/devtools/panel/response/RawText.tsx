import { useEffect, useMemo, useRef } from 'preact/hooks';
import { indexTextRows, ROW_CHARS, rowAtOffset, type TextRows, textRow } from '../../../core/workbench/text-rows.ts';
import { markMatches } from '../../../ui/JsonTree.tsx';
import { VirtualList } from '../../../ui/VirtualList.tsx';

/**
 * Text shown row by row in a virtual list: a 5 MB single-line body becomes 2 500 rows of 2 000 characters,
 * of which only the visible ones are in the page. The active match is scrolled into view and marked.
 */
export function RawText({
  text,
  label,
  highlight,
  activeOffset,
  rows: given,
}: {
  text: string;
  /** Row offsets computed elsewhere (the pretty-print worker); computed here when absent. */
  rows?: TextRows;
  label: string;
  highlight?: string;
  activeOffset?: number;
}) {
  const rows = useMemo(() => given ?? indexTextRows(text, ROW_CHARS), [text, given]);
  const box = useRef<HTMLDivElement>(null);
  // Rows are wide (a long line is cut every 1000 characters): bring the active match into view sideways too.
  useEffect(() => {
    if (activeOffset === undefined) return;
    const frame = requestAnimationFrame(() =>
      box.current?.querySelector('.kh-raw-row--active mark')?.scrollIntoView({ block: 'nearest', inline: 'center' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [activeOffset, highlight]);
  const activeRow = activeOffset === undefined ? undefined : rowAtOffset(rows, activeOffset);
  const width = String(rows.count).length;
  return (
    <div ref={box} class="kh-raw-box">
      <VirtualList
        class="kh-raw"
        role="region"
        aria-label={label}
        tabIndex={0}
        count={rows.count}
        rowHeight={18}
        scrollToIndex={activeRow}
        scrollToken={activeOffset}
        renderRow={(index) => (
          <div key={index} class={`kh-raw-row${index === activeRow ? ' kh-raw-row--active' : ''}`}>
            <span class="kh-raw-number" aria-hidden="true" style={{ width: `${width + 1}ch` }}>
              {index + 1}
            </span>
            <span class="kh-raw-text">{markMatches(textRow(text, rows, index, ROW_CHARS), highlight)}</span>
          </div>
        )}
      />
    </div>
  );
}

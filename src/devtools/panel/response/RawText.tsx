import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { tokenizeJsonLine } from '../../../core/workbench/json-line-tokens.ts';
import {
  continuesLine,
  indexTextRows,
  ROW_CHARS,
  rowAtOffset,
  type TextRows,
  textRow,
} from '../../../core/workbench/text-rows.ts';
import { markMatches } from '../../../ui/JsonTreeValue.tsx';
import { VirtualList } from '../../../ui/VirtualList.tsx';

/**
 * Text shown row by row in a virtual list: a 5 MB single-line body becomes 5 000 rows of 1 000 characters,
 * of which only the visible ones are in the page. The numbers are the text's lines: a row that continues a
 * long line shows ↪ instead of a number. The active match is scrolled into view and marked; `errorOffset`
 * marks where malformed JSON breaks. With `colour`, rows are coloured as JSON (the Pretty view).
 */
export function RawText({
  text,
  label,
  highlight,
  activeOffset,
  errorOffset,
  colour = false,
  rows: given,
}: {
  text: string;
  /** Row offsets computed elsewhere (the pretty-print worker); computed here when absent. */
  rows?: TextRows;
  label: string;
  highlight?: string;
  activeOffset?: number;
  errorOffset?: number;
  colour?: boolean;
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
  const errorRow = errorOffset === undefined ? undefined : rowAtOffset(rows, errorOffset);
  const width = String(rows.lines[rows.count - 1] ?? 1).length;
  return (
    <div ref={box} class="kh-raw-box">
      <VirtualList
        class="kh-raw"
        role="region"
        aria-label={label}
        tabIndex={0}
        count={rows.count}
        rowHeight={18}
        scrollToIndex={activeRow ?? errorRow}
        scrollToken={activeOffset ?? errorOffset}
        renderRow={(index) => {
          const continued = continuesLine(rows, index);
          const line = textRow(text, rows, index, ROW_CHARS);
          return (
            <div
              key={index}
              class={`kh-raw-row${index === activeRow ? ' kh-raw-row--active' : ''}${index === errorRow ? ' kh-raw-row--error' : ''}`}
            >
              <span class="kh-raw-number" aria-hidden="true" style={{ width: `${width + 1}ch` }}>
                {continued ? '↪' : rows.lines[index]}
              </span>
              <span class="kh-raw-text">
                {colour ? colourLine(line, continued, highlight) : markMatches(line, highlight)}
              </span>
            </div>
          );
        }}
      />
    </div>
  );
}

function colourLine(line: string, continued: boolean, highlight: string | undefined): ComponentChildren {
  // A match that spans two coloured pieces would be split: such rows are shown plain, with the match marked.
  if (highlight) {
    const needle = highlight.toLowerCase();
    const tokens = tokenizeJsonLine(line, continued);
    const hits = line.toLowerCase().split(needle).length - 1;
    const inPieces = tokens.reduce((sum, token) => sum + token.text.toLowerCase().split(needle).length - 1, 0);
    if (hits !== inPieces) return markMatches(line, highlight);
    return tokens.map((token, at) => (
      <span key={at} class={`kh-pretty-${token.kind}`}>
        {markMatches(token.text, highlight)}
      </span>
    ));
  }
  return tokenizeJsonLine(line, continued).map((token, at) =>
    token.kind === 'space' ? (
      token.text
    ) : (
      <span key={at} class={`kh-pretty-${token.kind}`}>
        {token.text}
      </span>
    ),
  );
}

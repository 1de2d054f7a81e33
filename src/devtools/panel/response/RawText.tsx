import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { BodyText } from '../../../core/workbench/chunked-text.ts';
import { tokenizeJsonLine } from '../../../core/workbench/json-line-tokens.ts';
import {
  continuesLine,
  createTextRowIndexer,
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
 * marks where malformed JSON breaks. With `colour`, rows are coloured as JSON (the Pretty view). A large text is
 * cut into rows in slices (a 100 MB body was one task of over 100 ms): its rows appear as they are found.
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
  text: BodyText;
  /** Row offsets computed elsewhere (the pretty-print worker); computed here when absent. */
  rows?: TextRows;
  label: string;
  highlight?: string;
  activeOffset?: number;
  errorOffset?: number;
  colour?: boolean;
}) {
  const { rows, done } = useTextRows(text, given);
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
  const found = rows.count === 0 ? 0 : (rows.starts[rows.count - 1] as number);
  return (
    <div ref={box} class="kh-raw-box">
      {done ? null : (
        <p class="kh-muted kh-raw-indexing" role="status">
          Cutting the text into lines… {Math.floor((found / Math.max(1, text.length)) * 100)}%
        </p>
      )}
      <VirtualList
        class="kh-raw"
        role="region"
        aria-label={label}
        tabIndex={0}
        count={rows.count}
        rowHeight={18}
        scrollToIndex={activeRow ?? errorRow}
        scrollToken={activeOffset ?? errorOffset}
        scrollAlign="center"
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

/** Texts up to this size are cut into rows at once (a few milliseconds); larger ones in slices. */
const AT_ONCE_CHARS = 1_000_000;
const SLICE_MS = 8;
const STEP_CHARS = 256 * 1024;
const NO_ROWS = { starts: new Uint32Array(0), lines: new Uint32Array(0), count: 0 };

function useTextRows(text: BodyText, given: TextRows | undefined): { rows: TextRows; done: boolean } {
  const inSlices = !given && text.length > AT_ONCE_CHARS;
  const atOnce = useMemo(
    () => given ?? (inSlices ? undefined : indexTextRows(text, ROW_CHARS)),
    [text, given, inSlices],
  );
  const [sliced, setSliced] = useState<{ text: BodyText; rows: TextRows; done: boolean } | undefined>();
  useEffect(() => {
    if (!inSlices) return;
    const indexer = createTextRowIndexer(text, ROW_CHARS);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const slice = () => {
      const started = performance.now();
      while (!indexer.done && performance.now() - started < SLICE_MS) indexer.step(STEP_CHARS);
      setSliced({ text, rows: indexer.rows(), done: indexer.done });
      if (!indexer.done) timer = setTimeout(slice, 0);
    };
    timer = setTimeout(slice, 0);
    return () => clearTimeout(timer);
  }, [text, inSlices]);
  if (atOnce) return { rows: atOnce, done: true };
  return sliced?.text === text ? sliced : { rows: NO_ROWS, done: false };
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

/** How one row of the JSON tree shows its value, and the text marking shared with the raw view. */
import type { ComponentChildren } from 'preact';
import { type JsonRow, previewJson } from '../core/workbench/json-lines.ts';

/** Strings longer than this get their full text under the tree when their row is focused. */
export const LONG_STRING = 60;
/** A tooltip is no place for a novel; the detail strip under the tree holds the whole text. */
const TOOLTIP_CHARS = 2000;
/** Past this, "Copy value" is the way to read the rest (a multi-megabyte string would freeze layout). */
export const DETAIL_CHARS = 100_000;

const MAX_SHOWN_CHARS = 400;

export function markMatches(text: string, query: string | undefined): ComponentChildren {
  if (!query) return text;
  const lower = text.toLowerCase();
  const needle = query.toLowerCase();
  let at = lower.indexOf(needle);
  if (at < 0) return text;
  const parts: ComponentChildren[] = [];
  let last = 0;
  while (at >= 0) {
    if (at > last) parts.push(text.slice(last, at));
    parts.push(<mark key={at}>{text.slice(at, at + needle.length)}</mark>);
    last = at + needle.length;
    at = lower.indexOf(needle, last);
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

export function clipTo(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

export function clip(text: string): string {
  return clipTo(text, MAX_SHOWN_CHARS);
}

export function ValueText({ row, highlight }: { row: JsonRow; highlight: string | undefined }) {
  switch (row.kind) {
    case 'object':
    case 'array': {
      const count = `${row.size} ${row.kind === 'array' ? (row.size === 1 ? 'item' : 'items') : row.size === 1 ? 'key' : 'keys'}`;
      if (row.expanded)
        return <span class="kh-json-meta">{row.kind === 'array' ? `[ ${count} ]` : `{ ${count} }`}</span>;
      return (
        <span class="kh-json-meta">
          {clip(previewJson(row.value, 100))} <span class="kh-json-count">{count}</span>
        </span>
      );
    }
    case 'string': {
      const text = row.value as string;
      return (
        <span class="kh-json-string" title={text.length > LONG_STRING ? clipTo(text, TOOLTIP_CHARS) : undefined}>
          {markMatches(clip(JSON.stringify(text)), highlight)}
        </span>
      );
    }
    case 'number':
      return <span class="kh-json-number">{markMatches(String(row.value), highlight)}</span>;
    case 'boolean':
      return <span class="kh-json-bool">{String(row.value)}</span>;
    default:
      return <span class="kh-json-null">null</span>;
  }
}

import type { ComponentChildren } from 'preact';
import './KeyValueEditor.css';

/** A read-only table of pairs (response headers, signed parameters) with real header cells for screen readers. */
export function KeyValueTable({
  caption,
  rows,
  columns = ['Name', 'Value'],
  extra,
}: {
  caption: string;
  rows: readonly (readonly [string, string])[];
  columns?: [string, string] | [string, string, string];
  /** A third column per row, when `columns` names one. */
  extra?: (index: number) => ComponentChildren;
}) {
  return (
    <table class="kh-kv kh-kv--read">
      <caption class="kh-visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th scope="col" key={column}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, value], index) => (
          <tr key={`${name}-${index}`}>
            <th scope="row" class="kh-mono">
              {name}
            </th>
            <td class="kh-mono kh-kv-value">{value}</td>
            {columns.length === 3 ? <td>{extra?.(index)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

import { Fragment } from 'preact';
import { useId, useRef } from 'preact/hooks';
import { describeParamFacts, type ParamDoc } from '../core/workbench/described-params.ts';
import type { KeyValueRow } from '../core/workbench/request-draft.ts';
import { type VariableHints, VariableInput } from './VariableInput.tsx';
import './KeyValueEditor.css';

/**
 * An editable table of name/value pairs (query parameters, headers, form fields). A blank last row is always
 * there to type into, so nothing needs an "add" click; each row can be switched off without losing it.
 * ArrowUp/ArrowDown move between rows in the same column; problems show under their row.
 */
export interface KeyValueEditorProps {
  label: string;
  rows: KeyValueRow[];
  onChange: (rows: KeyValueRow[]) => void;
  /** Row index → problem. */
  issues?: ReadonlyMap<number, string>;
  namePlaceholder?: string;
  valuePlaceholder?: string;
  /** Suggestions for the name column (a datalist). */
  nameSuggestions?: readonly string[];
  /** Row index → what the API description says of that row (type, enum as a picker, required, docs). */
  docs?: ReadonlyMap<number, ParamDoc>;
  /** Row index → a warning that does not stop Send (e.g. a required parameter left empty). */
  warnings?: ReadonlyMap<number, string>;
  /** Shows the `{name}` variables in names and values (marked, value on hover) and completes them. */
  variables?: VariableHints;
}

const BLANK: KeyValueRow = { name: '', value: '', enabled: true };

export function KeyValueEditor({
  label,
  rows,
  onChange,
  issues,
  namePlaceholder = 'Name',
  valuePlaceholder = 'Value',
  nameSuggestions,
  docs,
  warnings,
  variables,
}: KeyValueEditorProps) {
  const id = useId();
  const table = useRef<HTMLTableElement>(null);
  const shown = [...rows, BLANK];

  const update = (index: number, patch: Partial<KeyValueRow>) => {
    const next = shown.map((row, at) => (at === index ? { ...row, ...patch } : row));
    // Keep the trailing blank row out of the data.
    const last = next[next.length - 1] as KeyValueRow;
    onChange(last.name === '' && last.value === '' ? next.slice(0, -1) : next);
  };

  const remove = (index: number) => {
    onChange(rows.filter((_, at) => at !== index));
    requestAnimationFrame(() => focusCell(Math.min(index, rows.length - 1), 'name'));
  };

  const focusCell = (rowIndex: number, column: string) => {
    const cell = table.current?.querySelector<HTMLInputElement>(`[data-row="${rowIndex}"][data-col="${column}"]`);
    cell?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    const row = Number(target.dataset.row);
    const column = target.dataset.col;
    // While an input method composes, the arrows pick its candidates (moving to another row would cut it short).
    if (!column || Number.isNaN(row) || event.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const next = row + (event.key === 'ArrowDown' ? 1 : -1);
      if (next < 0 || next >= shown.length) return;
      event.preventDefault();
      focusCell(next, column);
    }
  };

  return (
    <table class="kh-kv" ref={table} onKeyDown={onKeyDown}>
      <caption class="kh-visually-hidden">{label}</caption>
      <thead>
        <tr>
          <th scope="col" class="kh-kv-on">
            <span class="kh-visually-hidden">Send</span>
          </th>
          <th scope="col">{namePlaceholder}</th>
          <th scope="col">{valuePlaceholder}</th>
          <th scope="col" class="kh-kv-remove">
            <span class="kh-visually-hidden">Remove</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {shown.map((row, index) => {
          const isBlank = index === rows.length;
          const rowLabel = isBlank ? `new ${label.toLowerCase()} row` : `${label.toLowerCase()} row ${index + 1}`;
          const problem = issues?.get(index);
          const problemId = `${id}-problem-${index}`;
          const doc = isBlank ? undefined : docs?.get(index);
          const warning = problem ? undefined : warnings?.get(index);
          const docId = `${id}-doc-${index}`;
          const describedBy =
            [problem || warning ? problemId : '', doc ? docId : ''].filter(Boolean).join(' ') || undefined;
          const valueProps = {
            class: 'kh-input kh-mono',
            'aria-label': `${valuePlaceholder} of ${rowLabel}`,
            'aria-invalid': problem ? ('true' as const) : undefined,
            'aria-describedby': describedBy,
            'data-row': index,
            'data-col': 'value',
          };
          const nameProps = {
            class: 'kh-input kh-mono',
            value: row.name,
            placeholder: isBlank ? `Add ${namePlaceholder.toLowerCase()}` : '',
            'aria-label': `${namePlaceholder} of ${rowLabel}`,
            'aria-invalid': problem ? ('true' as const) : undefined,
            'aria-describedby': describedBy,
            list: nameSuggestions ? `${id}-names` : undefined,
            spellcheck: false,
            autoComplete: 'off',
            'data-row': index,
            'data-col': 'name',
          };
          return (
            <Fragment key={index}>
              <tr
                class={`${row.enabled ? '' : 'kh-kv-row--off'}${doc?.required ? ' kh-kv-row--required' : ''}`}
                title={doc?.description}
              >
                <td class="kh-kv-on">
                  {isBlank ? null : (
                    <input
                      type="checkbox"
                      checked={row.enabled}
                      aria-label={`Send ${rowLabel}`}
                      data-row={index}
                      data-col="on"
                      onChange={(event) =>
                        update(index, { enabled: (event.currentTarget as HTMLInputElement).checked })
                      }
                    />
                  )}
                </td>
                <td>
                  {variables ? (
                    <VariableInput {...nameProps} hints={variables} onValue={(name) => update(index, { name })} />
                  ) : (
                    <input
                      {...nameProps}
                      onInput={(event) => update(index, { name: (event.currentTarget as HTMLInputElement).value })}
                    />
                  )}
                </td>
                <td>
                  {doc?.enum ? (
                    <select
                      {...valueProps}
                      value={row.value}
                      onChange={(event) => update(index, { value: (event.currentTarget as HTMLSelectElement).value })}
                    >
                      {doc.enum.includes(row.value) ? null : (
                        <option value={row.value}>{row.value || '(empty)'}</option>
                      )}
                      {doc.enum.map((option) => (
                        <option key={option} value={option}>
                          {option}
                        </option>
                      ))}
                    </select>
                  ) : variables ? (
                    <VariableInput
                      {...valueProps}
                      hints={variables}
                      value={row.value}
                      placeholder={doc?.required ? 'required' : undefined}
                      spellcheck={false}
                      autoComplete="off"
                      onValue={(value) => update(index, { value })}
                    />
                  ) : (
                    <input
                      {...valueProps}
                      value={row.value}
                      placeholder={doc?.required ? 'required' : undefined}
                      spellcheck={false}
                      autoComplete="off"
                      onInput={(event) => update(index, { value: (event.currentTarget as HTMLInputElement).value })}
                    />
                  )}
                </td>
                <td class="kh-kv-remove">
                  {isBlank ? null : (
                    <button
                      type="button"
                      class="kh-icon-button"
                      aria-label={`Remove ${rowLabel}`}
                      title="Remove"
                      data-row={index}
                      data-col="remove"
                      onClick={() => remove(index)}
                    >
                      ×
                    </button>
                  )}
                </td>
              </tr>
              {doc ? (
                <tr class="kh-kv-doc">
                  <td />
                  <td colSpan={3} id={docId}>
                    <span class="kh-kv-facts">{describeParamFacts(doc)}</span>
                    {doc.description ? ` — ${doc.description}` : null}
                  </td>
                </tr>
              ) : null}
              {problem || warning ? (
                <tr>
                  <td />
                  <td colSpan={3}>
                    <div class={problem ? 'kh-field-error' : 'kh-field-warn'} id={problemId}>
                      {problem ?? warning}
                    </div>
                  </td>
                </tr>
              ) : null}
            </Fragment>
          );
        })}
      </tbody>
      {nameSuggestions ? (
        <datalist id={`${id}-names`}>
          {nameSuggestions.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      ) : null}
    </table>
  );
}

import { useEffect, useId } from 'preact/hooks';
import { ownValue } from '../../../core/data-record.ts';
import type { AccountSpace } from '../../../core/platform/account-summary.ts';
import { idKind, idKindOfPlaceholder } from '../../../core/platform/id-kinds.ts';
import {
  kindOfPlaceholder,
  type ListSource,
  listSourceFor,
  type PickerOption,
} from '../../../core/platform/pickers.ts';
import { describeParamFacts, type ParamDoc } from '../../../core/workbench/described-params.ts';
import { fillPathTemplate, matchPathTemplate } from '../../../core/workbench/path-template.ts';
import type { DraftIssue } from '../../../core/workbench/request-draft.ts';
import type { RequestWarning } from '../../../core/workbench/request-warnings.ts';
import { createStore, type Store, useStore } from '../store.ts';
import type { SummaryState } from '../workbench.ts';
import { type PickerListState, type PickerLists, pickerListKey } from './picker-lists.ts';

/**
 * One field per {placeholder} of the path. Each field whose kind of id is known suggests the user's own values:
 * organisations and applications from /v2/summary (fetched once), the others from their list endpoint (add-ons,
 * consumers, invoices, drains…), fetched through the worker once the values that list needs are filled. Where
 * no list exists the field says so; any value can always be typed.
 */

function summaryOptions(kind: string, spaces: readonly AccountSpace[], values: Record<string, string>): PickerOption[] {
  if (kind === 'organisation')
    return spaces.map((space) => ({
      value: space.id,
      label: space.personal ? `Personal space (${space.name})` : space.name,
    }));
  if (kind === 'application') {
    const chosen = spaces.find((space) => space.id === values.organisationId);
    return (chosen ? [chosen] : spaces).flatMap((space) =>
      space.applications.map((app) => ({ value: app.id, label: chosen ? app.name : `${app.name} — ${space.name}` })),
    );
  }
  return [];
}

interface ListedField {
  source: ListSource;
  /** Placeholders the list needs that are still empty. */
  missing: string[];
  key: string;
  path: string;
}

/**
 * Values a list needs that the draft's path already holds as text: for `/v2/organisations/orga_1/…/env/{envName}`
 * the env list gets `orga_1` from the path itself.
 */
function valuesInPath(listPath: string, template: string): Record<string, string> {
  const segments = template.split('/');
  for (let end = segments.length; end > 1; end -= 1) {
    const found = matchPathTemplate(listPath, segments.slice(0, end).join('/'));
    if (found) return Object.fromEntries(Object.entries(found).filter(([, value]) => !value.includes('{')));
  }
  return {};
}

function listedField(kind: string, template: string, values: Record<string, string>): ListedField | undefined {
  const source = listSourceFor(kind, template);
  if (!source) return undefined;
  const filled = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''));
  const { path, missing } = fillPathTemplate(source.path, { ...valuesInPath(source.path, template), ...filled });
  return { source, missing, path, key: pickerListKey(source, path) };
}

const EMPTY_FILLED = createStore<Record<string, string>>({});

function labelOf(name: string): string {
  return idKindOfPlaceholder(name)?.label ?? name;
}

function ListHint({
  field,
  state,
  label,
  onRetry,
}: {
  field: ListedField;
  state: PickerListState | undefined;
  label: string;
  onRetry: () => void;
}) {
  if (field.missing.length > 0)
    return <>{`Choose the ${field.missing.map(labelOf).join(' and ')} first to list the ${label} values.`}</>;
  if (!state || state.state === 'loading') return <>{`Listing your ${label} values…`}</>;
  if (state.state === 'error')
    return (
      <>
        {`Could not list them (${state.error.message}) `}
        <button type="button" class="kh-button kh-button--small" onClick={onRetry}>
          Retry
        </button>
      </>
    );
  const from = `GET ${field.source.target === 'bridge' ? 'bridge ' : ''}${field.source.path}`;
  return <>{state.options.length === 0 ? `None found (${from}).` : `${state.options.length} from ${from}.`}</>;
}

export function PathParams({
  template,
  names,
  values,
  issues,
  summary,
  pickers,
  onChange,
  onRetry,
  docs = [],
  warnings = [],
  fromContext,
}: {
  /** Values the context filled (name → value): the field says so while it still holds that value. */
  fromContext?: Store<Record<string, string>>;
  /** What the API description says of each placeholder (type, docs). */
  docs?: readonly ParamDoc[];
  /** The description's warnings (a value of the wrong type): shown, never blocking. */
  warnings?: readonly RequestWarning[];
  /** The draft's path, to choose the right list (a personal consumer vs an organisation's). */
  template: string;
  names: string[];
  values: Record<string, string>;
  issues: DraftIssue[];
  summary: Store<SummaryState>;
  pickers: PickerLists;
  onChange: (name: string, value: string) => void;
  onRetry: () => void;
}) {
  const id = useId();
  const state = useStore(summary);
  const lists = useStore(pickers.lists);
  const filled = useStore(fromContext ?? EMPTY_FILLED);
  const spaces = state.state === 'ready' ? state.summary.spaces : [];
  const kinds = names.map(kindOfPlaceholder);
  const wantsSummary = kinds.some((kind) => kind === 'organisation' || kind === 'application');
  const fields = kinds.map((kind) =>
    kind && kind !== 'organisation' && kind !== 'application' ? listedField(kind, template, values) : undefined,
  );

  // Fetch a list once the values it needs are there; a short wait lets a typed id settle first.
  const ready = fields.filter((field): field is ListedField => field !== undefined && field.missing.length === 0);
  const readyKeys = ready.map((field) => field.key).join('\n');
  useEffect(() => {
    if (ready.length === 0) return;
    const timer = setTimeout(() => {
      for (const field of ready) void pickers.load(field.source, field.path);
    }, 300);
    return () => clearTimeout(timer);
  }, [readyKeys]);

  return (
    <fieldset class="kh-params">
      <legend class="kh-visually-hidden">Path values</legend>
      {names.map((name, at) => {
        const kind = kinds[at];
        const field = fields[at];
        const label = kind ? (idKind(kind)?.label ?? kind) : name;
        const listState = field ? lists[field.key] : undefined;
        const options =
          kind === 'organisation' || kind === 'application'
            ? summaryOptions(kind, spaces, values)
            : listState?.state === 'ready'
              ? listState.options
              : [];
        const issue = issues.find((item) => item.key === name);
        const doc = docs.find((item) => item.name === name);
        const warning = warnings.find((item) => item.place === 'path' && item.name === name);
        const inputId = `${id}-${name}`;
        const chosen = options.find((option) => option.value === ownValue(values, name));
        const hintId = `${inputId}-hint`;
        const value = ownValue(values, name) ?? '';
        const contextual = value !== '' && ownValue(filled, name) === value;
        const hint =
          field !== undefined ? (
            <ListHint
              field={field}
              state={listState}
              label={label}
              onRetry={() => void pickers.load(field.source, field.path, true)}
            />
          ) : kind && kind !== 'organisation' && kind !== 'application' ? (
            `No endpoint lists ${label} values: type one.`
          ) : null;
        return (
          <div class="kh-param" key={name}>
            <div class="kh-param-head">
              <label for={inputId} class="kh-mono">{`{${name}}`}</label>
              {contextual ? (
                <span
                  class="kh-param-from-context"
                  id={`${inputId}-context`}
                  title="Filled from the context (the id last chosen for this owner): type or choose another to change it"
                >
                  from context
                </span>
              ) : null}
            </div>
            <input
              id={inputId}
              class="kh-input kh-mono"
              value={value}
              list={options.length > 0 ? `${inputId}-options` : undefined}
              placeholder={options.length > 0 ? 'Choose or type an id' : 'Type a value'}
              spellcheck={false}
              autoComplete="off"
              data-id-kind={kind}
              aria-invalid={issue ? 'true' : undefined}
              aria-describedby={
                [
                  contextual ? `${inputId}-context` : '',
                  issue ? `${inputId}-problem` : chosen ? `${inputId}-chosen` : '',
                  hint ? hintId : '',
                  doc ? `${inputId}-doc` : '',
                ]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              onFocus={() => {
                if (field && field.missing.length === 0) void pickers.load(field.source, field.path);
              }}
              onInput={(event) => onChange(name, (event.currentTarget as HTMLInputElement).value)}
            />
            {options.length > 0 ? (
              <datalist id={`${inputId}-options`}>
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </datalist>
            ) : null}
            {issue ? (
              <div class="kh-field-error" id={`${inputId}-problem`}>
                {issue.message}
              </div>
            ) : chosen ? (
              <div class="kh-hint kh-muted" id={`${inputId}-chosen`}>
                {chosen.label}
              </div>
            ) : null}
            {hint ? (
              <div class="kh-hint kh-muted" id={hintId}>
                {hint}
              </div>
            ) : null}
            {doc ? (
              <div class="kh-hint kh-muted kh-param-doc" id={`${inputId}-doc`}>
                <span class="kh-kv-facts">{describeParamFacts(doc)}</span>
                {doc.description ? ` — ${doc.description}` : null}
              </div>
            ) : null}
            {warning && !issue ? <div class="kh-field-warn">{warning.message}</div> : null}
          </div>
        );
      })}
      {wantsSummary && state.state === 'loading' ? <p class="kh-hint kh-muted">Loading your organisations…</p> : null}
      {wantsSummary && state.state === 'error' ? (
        <p class="kh-hint kh-muted">
          Could not list your organisations ({state.error.message}){' '}
          <button type="button" class="kh-button kh-button--small" onClick={onRetry}>
            Retry
          </button>
        </p>
      ) : null}
    </fieldset>
  );
}

import { useState } from 'preact/hooks';
import type { RequestDraft } from '../../../core/workbench/request-draft.ts';
import type { Assertion, Capture, JqOperator, RequestChecks } from '../../../core/workbench/run/checks.ts';
import { NO_CHECKS } from '../../../core/workbench/run/checks.ts';
import './checks.css';

/**
 * The composer's Tests tab: assertions judged after every Send (and in the Runner), and captures that give a
 * variable its value for the requests after this one. Rows, not scripts. Each field has its own label.
 */
type Kind = 'status-is' | 'status-in' | 'jq' | 'schema' | 'time' | 'header';

const KINDS: { id: Kind; label: string }[] = [
  { id: 'status-is', label: 'Status is' },
  { id: 'status-in', label: 'Status is one of' },
  { id: 'jq', label: 'jq expression' },
  { id: 'schema', label: 'Valid against the description' },
  { id: 'time', label: 'Time under (ms)' },
  { id: 'header', label: 'Header matches' },
];
const JQ_OPERATORS: JqOperator[] = ['equals', 'contains', 'matches', 'exists'];

const kindOf = (assertion: Assertion): Kind =>
  assertion.kind === 'status' ? (assertion.op === 'in' ? 'status-in' : 'status-is') : assertion.kind;

function freshAssertion(kind: Kind, from?: Assertion): Assertion {
  const statuses = from?.kind === 'status' ? from.values : [200];
  switch (kind) {
    case 'status-is':
      return { kind: 'status', op: 'is', values: statuses.slice(0, 1) };
    case 'status-in':
      return { kind: 'status', op: 'in', values: statuses };
    case 'jq':
      return { kind: 'jq', expression: '.', op: 'exists', expected: '' };
    case 'schema':
      return { kind: 'schema' };
    case 'time':
      return { kind: 'time', underMs: 1000 };
    case 'header':
      return { kind: 'header', name: 'Content-Type', pattern: 'json' };
  }
}

const statusList = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number)
    .filter((value) => Number.isInteger(value) && value >= 100 && value <= 599);

const inputValue = (event: Event) => (event.currentTarget as HTMLInputElement).value;

/**
 * Status codes as typed ("20" on the way to "201" stays), unless the request's own codes say otherwise (another
 * tab's request drawn in the same place): then those.
 */
function StatusCodes({
  assertion,
  label,
  onChange,
}: {
  assertion: Extract<Assertion, { kind: 'status' }>;
  label: string;
  onChange: (next: Assertion) => void;
}) {
  const [typed, setTyped] = useState(assertion.values.join(', '));
  const shown = statusList(typed).join(',') === assertion.values.join(',') ? typed : assertion.values.join(', ');
  return (
    <input
      class="kh-input kh-mono kh-check-short"
      aria-label={`${label}: status ${assertion.op === 'in' ? 'codes, separated by commas' : 'code'}`}
      value={shown}
      placeholder={assertion.op === 'in' ? '200, 201' : '200'}
      onInput={(event) => {
        setTyped(inputValue(event));
        onChange({ ...assertion, values: statusList(inputValue(event)) });
      }}
    />
  );
}

function AssertionFields({
  assertion,
  index,
  onChange,
}: {
  assertion: Assertion;
  index: number;
  onChange: (next: Assertion) => void;
}) {
  const n = index + 1;
  switch (assertion.kind) {
    case 'status':
      return <StatusCodes assertion={assertion} label={`Assertion ${n}`} onChange={onChange} />;
    case 'jq':
      return (
        <>
          <input
            class="kh-input kh-mono"
            aria-label={`Assertion ${n}: jq expression`}
            value={assertion.expression}
            placeholder=".[0].id"
            onInput={(event) => onChange({ ...assertion, expression: inputValue(event) })}
          />
          <select
            class="kh-input kh-check-short"
            aria-label={`Assertion ${n}: comparison`}
            value={assertion.op}
            onChange={(event) => onChange({ ...assertion, op: inputValue(event) as JqOperator })}
          >
            {JQ_OPERATORS.map((op) => (
              <option key={op} value={op}>
                {op}
              </option>
            ))}
          </select>
          {assertion.op === 'exists' ? null : (
            <input
              class="kh-input kh-mono"
              aria-label={`Assertion ${n}: ${assertion.op === 'matches' ? 'regular expression' : 'expected value (JSON, or text)'}`}
              value={assertion.expected}
              placeholder={assertion.op === 'matches' ? '^app_' : '"web" or 2'}
              onInput={(event) => onChange({ ...assertion, expected: inputValue(event) })}
            />
          )}
        </>
      );
    case 'time':
      return (
        <input
          class="kh-input kh-check-short"
          type="number"
          min={1}
          aria-label={`Assertion ${n}: time limit in milliseconds`}
          value={assertion.underMs}
          onInput={(event) => onChange({ ...assertion, underMs: Number(inputValue(event)) || 0 })}
        />
      );
    case 'header':
      return (
        <>
          <input
            class="kh-input kh-mono"
            aria-label={`Assertion ${n}: header name`}
            value={assertion.name}
            onInput={(event) => onChange({ ...assertion, name: inputValue(event) })}
          />
          <input
            class="kh-input kh-mono"
            aria-label={`Assertion ${n}: regular expression`}
            value={assertion.pattern}
            onInput={(event) => onChange({ ...assertion, pattern: inputValue(event) })}
          />
        </>
      );
    case 'schema':
      return <span class="kh-muted kh-small">the response body, against the platform description for its status</span>;
  }
}

/** The Tests tab's badge: how many rows the request has. */
export function checksCount(draft: RequestDraft): number {
  return (draft.checks?.assertions.length ?? 0) + (draft.checks?.captures.length ?? 0);
}

export function ChecksEditor({
  draft,
  onChange,
}: {
  draft: RequestDraft;
  onChange: (patch: Partial<RequestDraft>) => void;
}) {
  const checks = draft.checks ?? NO_CHECKS;
  const set = (next: RequestChecks) =>
    onChange({ checks: next.assertions.length + next.captures.length > 0 ? next : undefined });
  const setAssertion = (index: number, next: Assertion) =>
    set({ ...checks, assertions: checks.assertions.map((item, at) => (at === index ? next : item)) });
  const setCapture = (index: number, next: Capture) =>
    set({ ...checks, captures: checks.captures.map((item, at) => (at === index ? next : item)) });

  return (
    <div class="kh-checks">
      <fieldset class="kh-checks-group">
        <legend>Assertions</legend>
        {checks.assertions.length === 0 ? (
          <p class="kh-muted kh-small">None: add one to see pass or fail after every Send and in the Runner.</p>
        ) : null}
        {checks.assertions.map((assertion, index) => (
          // Keyed by kind too: a row whose kind changes starts with fresh fields.
          <div class="kh-check-row" key={`${index}-${kindOf(assertion)}`}>
            <select
              class="kh-input kh-check-kind"
              aria-label={`Assertion ${index + 1}: kind`}
              value={kindOf(assertion)}
              onChange={(event) => setAssertion(index, freshAssertion(inputValue(event) as Kind, assertion))}
            >
              {KINDS.map((kind) => (
                <option key={kind.id} value={kind.id}>
                  {kind.label}
                </option>
              ))}
            </select>
            <AssertionFields assertion={assertion} index={index} onChange={(next) => setAssertion(index, next)} />
            <button
              type="button"
              class="kh-icon-button"
              aria-label={`Remove assertion ${index + 1}`}
              onClick={() => set({ ...checks, assertions: checks.assertions.filter((_, at) => at !== index) })}
            >
              ×
            </button>
          </div>
        ))}
        <button
          type="button"
          class="kh-button"
          onClick={() => set({ ...checks, assertions: [...checks.assertions, freshAssertion('status-is')] })}
        >
          Add assertion
        </button>
      </fieldset>
      <fieldset class="kh-checks-group">
        <legend>Captures</legend>
        {checks.captures.length === 0 ? (
          <p class="kh-muted kh-small">
            None: a capture sets a <span class="kh-mono">{'{variable}'}</span> from this response for the requests after
            it in a run.
          </p>
        ) : null}
        {checks.captures.map((capture, index) => (
          <div class="kh-check-row" key={index}>
            <span class="kh-muted">set</span>
            <input
              class="kh-input kh-mono kh-check-short"
              aria-label={`Capture ${index + 1}: variable name`}
              value={capture.variable}
              placeholder="applicationId"
              onInput={(event) => setCapture(index, { ...capture, variable: inputValue(event).replace(/[{}\s]/g, '') })}
            />
            <span class="kh-muted">from</span>
            <input
              class="kh-input kh-mono"
              aria-label={`Capture ${index + 1}: jq expression`}
              value={capture.expression}
              placeholder=".id"
              onInput={(event) => setCapture(index, { ...capture, expression: inputValue(event) })}
            />
            <label class="kh-small">
              <input
                type="checkbox"
                checked={capture.into === 'environment'}
                onChange={(event) =>
                  setCapture(index, {
                    ...capture,
                    into: (event.currentTarget as HTMLInputElement).checked ? 'environment' : 'run',
                  })
                }
              />{' '}
              also in the active environment
            </label>
            <button
              type="button"
              class="kh-icon-button"
              aria-label={`Remove capture ${index + 1}`}
              onClick={() => set({ ...checks, captures: checks.captures.filter((_, at) => at !== index) })}
            >
              ×
            </button>
          </div>
        ))}
        <button
          type="button"
          class="kh-button"
          onClick={() =>
            set({ ...checks, captures: [...checks.captures, { variable: '', expression: '', into: 'run' }] })
          }
        >
          Add capture
        </button>
      </fieldset>
    </div>
  );
}

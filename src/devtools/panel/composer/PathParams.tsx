import { useId } from 'preact/hooks';
import type { AccountSpace } from '../../../core/account-summary.ts';
import type { DraftIssue } from '../../../core/request-draft.ts';
import { type Store, useStore } from '../store.ts';
import type { SummaryState } from '../workbench.ts';

/**
 * One field per {placeholder} of the path. Organisation and application fields suggest the user's own
 * (from /v2/summary, fetched once through the worker); any value can still be typed.
 */
interface Option {
  value: string;
  label: string;
}

function optionsFor(name: string, spaces: readonly AccountSpace[], values: Record<string, string>): Option[] {
  if (name === 'organisationId')
    return spaces.map((space) => ({
      value: space.id,
      label: space.personal ? `Personal space (${space.name})` : space.name,
    }));
  if (name === 'applicationId') {
    const chosen = spaces.find((space) => space.id === values.organisationId);
    return (chosen ? [chosen] : spaces).flatMap((space) =>
      space.applications.map((app) => ({ value: app.id, label: chosen ? app.name : `${app.name} — ${space.name}` })),
    );
  }
  return [];
}

export function PathParams({
  names,
  values,
  issues,
  summary,
  onChange,
  onRetry,
}: {
  names: string[];
  values: Record<string, string>;
  issues: DraftIssue[];
  summary: Store<SummaryState>;
  onChange: (name: string, value: string) => void;
  onRetry: () => void;
}) {
  const id = useId();
  const state = useStore(summary);
  const spaces = state.state === 'ready' ? state.summary.spaces : [];
  const wantsSummary = names.some((name) => name === 'organisationId' || name === 'applicationId');
  return (
    <fieldset class="kh-params">
      <legend class="kh-visually-hidden">Path values</legend>
      {names.map((name) => {
        const issue = issues.find((item) => item.key === name);
        const options = optionsFor(name, spaces, values);
        const inputId = `${id}-${name}`;
        const chosen = options.find((option) => option.value === values[name]);
        return (
          <div class="kh-param" key={name}>
            <label for={inputId} class="kh-mono">{`{${name}}`}</label>
            <input
              id={inputId}
              class="kh-input kh-mono"
              value={values[name] ?? ''}
              list={options.length > 0 ? `${inputId}-options` : undefined}
              placeholder={options.length > 0 ? 'Choose or type an id' : 'Type a value'}
              spellcheck={false}
              autoComplete="off"
              aria-invalid={issue ? 'true' : undefined}
              aria-describedby={issue ? `${inputId}-problem` : chosen ? `${inputId}-chosen` : undefined}
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

import { RIGHT_MEANINGS, SPEC_RIGHTS, type SpecRight } from '../core/platform/rights.ts';

/**
 * The rights Keyhole's consumer will ask for: one checkbox per spec right, its one-line meaning linked to it.
 * Read rights and write rights are listed apart, so granting a `manage_*` right is a deliberate choice.
 */
export function OnboardingRights(props: {
  id: string;
  rights: readonly SpecRight[];
  onToggle: (right: SpecRight, on: boolean) => void;
  error?: string | undefined;
}) {
  const errorId = props.error ? `${props.id}-error` : undefined;
  const hintId = `${props.id}-hint`;
  const group = (title: string, prefix: string) => (
    <div class="onb-rights-group">
      <h4 class="onb-rights-title">{title}</h4>
      <ul class="onb-rights">
        {SPEC_RIGHTS.filter((right) => right.startsWith(prefix)).map((right) => {
          const inputId = `${props.id}-${right}`;
          return (
            <li key={right}>
              <label class="opt-choice" for={inputId}>
                <input
                  id={inputId}
                  type="checkbox"
                  name={props.id}
                  value={right}
                  checked={props.rights.includes(right)}
                  aria-describedby={`${inputId}-meaning`}
                  onChange={(event) => props.onToggle(right, event.currentTarget.checked)}
                />
                <span>
                  <span class="onb-right-name kh-mono">{right}</span>
                  <span id={`${inputId}-meaning`} class="onb-right-meaning kh-muted">
                    {RIGHT_MEANINGS[right]}
                  </span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </div>
  );
  return (
    <fieldset
      class="opt-fieldset onb-rights-fieldset"
      id={props.id}
      aria-describedby={[errorId, hintId].filter(Boolean).join(' ')}
    >
      <legend class="opt-label">Rights to request</legend>
      <p id={hintId} class="opt-hint kh-muted">
        Set when the consumer is created and asked for at each sign-in. A consumer Keyhole made before is reused with
        the rights it already has: delete it in the console first to ask for others.
      </p>
      {props.error ? (
        <div id={errorId} class="kh-field-error">
          {props.error}
        </div>
      ) : null}
      <div class="onb-rights-groups">
        {group('Read', 'access_')}
        {group('Change', 'manage_')}
      </div>
    </fieldset>
  );
}

import type { Ref } from 'preact';
import { useState } from 'preact/hooks';

/**
 * The API token input: hidden by default like a password, with a Show/Hide toggle. The value lives only in the
 * parent's state; autocomplete is off so the browser does not offer to remember it.
 */
export function OnboardingTokenField(props: {
  id: string;
  value: string;
  onInput: (value: string) => void;
  error?: string | undefined;
  hint: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [shown, setShown] = useState(false);
  const errorId = props.error ? `${props.id}-error` : undefined;
  const hintId = `${props.id}-hint`;
  // Spread into two literal-typed inputs: Preact's types tie the allowed attributes to the input type. Both render
  // the same <input>, so toggling keeps the element and what it holds.
  const inputProps = {
    id: props.id,
    ref: props.inputRef,
    name: props.id,
    class: 'kh-input kh-mono',
    value: props.value,
    autoComplete: 'off',
    spellcheck: false,
    'aria-invalid': props.error ? ('true' as const) : undefined,
    'aria-describedby': [errorId, hintId].filter(Boolean).join(' '),
    onInput: (event: Event) => props.onInput((event.currentTarget as HTMLInputElement).value),
  };
  return (
    <div class="opt-field">
      <label class="opt-label" for={props.id}>
        API token
      </label>
      <div class="onb-secret-row">
        {shown ? <input type="text" {...inputProps} /> : <input type="password" {...inputProps} />}
        <button type="button" class="kh-button" aria-controls={props.id} onClick={() => setShown(!shown)}>
          {shown ? 'Hide' : 'Show'}
          <span class="kh-visually-hidden"> token</span>
        </button>
      </div>
      {props.error ? (
        <div id={errorId} class="kh-field-error">
          {props.error}
        </div>
      ) : null}
      <div id={hintId} class="opt-hint kh-muted">
        {props.hint}
      </div>
    </div>
  );
}

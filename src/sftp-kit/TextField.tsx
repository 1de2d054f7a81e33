import type { ComponentChildren } from 'preact';
import { useId, useState } from 'preact/hooks';

interface TextFieldProps {
  label: string;
  value: string;
  onInput: (value: string) => void;
  hint?: ComponentChildren;
  error?: string | undefined;
  /** Secrets are masked with a Show/Hide toggle and never autocompleted or spell-checked. */
  secret?: boolean;
  placeholder?: string;
  mono?: boolean;
  readOnly?: boolean;
  name?: string;
  /** A button or two after the input (Generate, Copy…). */
  actions?: ComponentChildren;
}

/** A labelled input with its hint and error wired to aria-describedby, so screen readers read both. */
export function TextField(props: TextFieldProps) {
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const hintId = props.hint ? `${id}-hint` : undefined;
  const errorId = props.error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div class="sk-field">
      <label for={id}>{props.label}</label>
      <div class="sk-field__row">
        <input
          id={id}
          name={props.name}
          class={`kh-input${props.mono ? ' kh-mono' : ''}`}
          {...(props.secret && !revealed ? { type: 'password' as const } : { type: 'text' as const })}
          value={props.value}
          placeholder={props.placeholder}
          readOnly={props.readOnly}
          autocomplete={props.secret ? 'off' : undefined}
          spellcheck={false}
          aria-invalid={props.error ? 'true' : undefined}
          aria-describedby={describedBy}
          onInput={(event) => props.onInput((event.currentTarget as HTMLInputElement).value)}
        />
        {props.secret ? (
          <button
            type="button"
            class="kh-button"
            aria-pressed={revealed}
            aria-label={`${revealed ? 'Hide' : 'Show'} ${props.label}`}
            onClick={() => setRevealed(!revealed)}
          >
            {revealed ? 'Hide' : 'Show'}
          </button>
        ) : null}
        {props.actions}
      </div>
      {props.hint ? (
        <div id={hintId} class="sk-hint kh-muted">
          {props.hint}
        </div>
      ) : null}
      {props.error ? (
        <div id={errorId} class="kh-field-error">
          {props.error}
        </div>
      ) : null}
    </div>
  );
}

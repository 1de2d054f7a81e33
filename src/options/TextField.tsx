import type { ComponentChildren } from 'preact';

/**
 * A labelled text input with an optional hint and error below it. The error is linked with aria-describedby and
 * marks the input aria-invalid, so a screen reader reads it when the field receives focus.
 */
export function TextField(props: {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  hint?: ComponentChildren;
  type?: 'text' | 'url' | 'password';
  placeholder?: string;
  optional?: boolean;
  mono?: boolean;
  autoComplete?: string;
}) {
  const hintId = props.hint ? `${props.id}-hint` : undefined;
  const errorId = props.error ? `${props.id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  // Spread into one of three literal-typed inputs: Preact's types tie the allowed attributes to the input type.
  const inputProps = {
    id: props.id,
    name: props.id,
    class: `kh-input${props.mono ? ' kh-mono' : ''}`,
    value: props.value,
    placeholder: props.placeholder,
    autoComplete: props.autoComplete ?? 'off',
    spellcheck: false,
    'aria-invalid': props.error ? ('true' as const) : undefined,
    'aria-describedby': describedBy,
    onInput: (event: Event) => props.onInput((event.currentTarget as HTMLInputElement).value),
    onBlur: props.onBlur,
  };
  return (
    <div class="opt-field">
      <label class="opt-label" for={props.id}>
        {props.label}
        {props.optional ? <span class="kh-muted"> (optional)</span> : null}
      </label>
      {props.type === 'password' ? (
        <input type="password" {...inputProps} />
      ) : props.type === 'url' ? (
        <input type="url" {...inputProps} />
      ) : (
        <input type="text" {...inputProps} />
      )}
      {props.error ? (
        <div id={errorId} class="kh-field-error">
          {props.error}
        </div>
      ) : null}
      {props.hint ? (
        <div id={hintId} class="opt-hint kh-muted">
          {props.hint}
        </div>
      ) : null}
    </div>
  );
}

/** A fieldset of radio buttons, each with a one-line note linked to it, and an optional error for the group. */
export interface RadioOption<T extends string> {
  value: T;
  label: string;
  note: string;
}

export function RadioGroup<T extends string>(props: {
  id: string;
  legend: string;
  value: T;
  options: readonly RadioOption<T>[];
  onChange: (value: T) => void;
  error?: string | undefined;
}) {
  const errorId = props.error ? `${props.id}-error` : undefined;
  return (
    <fieldset class="opt-fieldset" id={props.id} aria-describedby={errorId}>
      <legend class="opt-label">{props.legend}</legend>
      <div class="opt-radios">
        {props.options.map((option) => {
          const optionId = `${props.id}-${option.value.toLowerCase()}`;
          return (
            <label key={option.value} class="opt-choice" for={optionId}>
              <input
                id={optionId}
                type="radio"
                name={props.id}
                value={option.value}
                checked={props.value === option.value}
                aria-describedby={`${optionId}-note`}
                onChange={() => props.onChange(option.value)}
              />
              <span>
                <span class="opt-radio-label">{option.label}</span>
                <span id={`${optionId}-note`} class="opt-radio-note kh-muted">
                  {option.note}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      {props.error ? (
        <div id={errorId} class="kh-field-error">
          {props.error}
        </div>
      ) : null}
    </fieldset>
  );
}

/** Small pieces of the body viewer: the Tree / Pretty / Raw switch and the malformed-JSON banner. */
import type { JsonSyntaxProblem } from '../../../core/workbench/json-syntax.ts';
import type { BodyMode } from './body-view-memory.ts';

const MODES: { value: BodyMode; label: string }[] = [
  { value: 'tree', label: 'Tree' },
  { value: 'pretty', label: 'Pretty' },
  { value: 'raw', label: 'Raw' },
];

export function BodyModeSwitch({ mode, onMode }: { mode: BodyMode; onMode: (mode: BodyMode) => void }) {
  return (
    <fieldset class="kh-segmented">
      <legend class="kh-visually-hidden">Show the body as</legend>
      {MODES.map(({ value, label }) => (
        <label key={value} class={`kh-segment${mode === value ? ' kh-segment--on' : ''}`}>
          <input
            type="radio"
            name="kh-body-mode"
            value={value}
            checked={mode === value}
            onChange={() => onMode(value)}
          />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

export function MalformedJsonBanner({ contentType, problem }: { contentType: string; problem: JsonSyntaxProblem }) {
  return (
    <div class="kh-banner kh-banner--error" role="alert" data-json-error>
      <strong>This body is not valid JSON</strong>, though its Content-Type says {contentType.split(';')[0]}: line{' '}
      {problem.line}, column {problem.column}: {problem.message} It is shown as raw text, with the line marked.
    </div>
  );
}

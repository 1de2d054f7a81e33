import type { JSX } from 'preact';
import { useId, useRef, useState } from 'preact/hooks';
import {
  applyCompletion,
  type CompletionContext,
  completionAt,
  describeVariable,
  variableSpans,
  variableSummary,
} from '../core/workbench/variable-hints.ts';
import { useBodyLayer } from './use-body-layer.ts';
import './VariableInput.css';

/**
 * A text field that shows the `{name}` variables typed in it: a mirror of its text sits under the (transparent)
 * input and marks each variable, filled, secret or without a value (a wavy underline, not colour alone), and the
 * field's description lists them for screen readers. Hovering a variable shows its value (never a secret's) as
 * the tooltip. Typing `{` offers the known names: ArrowUp/Down choose, Enter or Tab insert, Escape closes. The
 * input stays a real input (its role, label, selection and undo are the browser's).
 */
export interface VariableHints {
  /** A path reads `{name}` like the path template; rows like the request's other fields. */
  kind: 'path' | 'row';
  values: Readonly<Record<string, string>>;
  /** Names offered when `{` is typed. */
  names: readonly string[];
}

/** What the composer's fields pass on to their input. */
interface InputProps {
  'aria-label': string;
  'aria-invalid'?: 'true' | undefined;
  'aria-describedby'?: string | undefined;
  placeholder?: string | undefined;
  spellcheck?: boolean;
  autoComplete?: string;
  title?: string | undefined;
  list?: string | undefined;
  'data-row'?: number;
  'data-col'?: string;
  onBlur?: (event: FocusEvent) => void;
  onKeyDown?: (event: KeyboardEvent) => void;
}

export function VariableInput({
  hints,
  value,
  onValue,
  class: className,
  fieldClass = '',
  ...props
}: InputProps & {
  hints: VariableHints;
  value: string;
  /** A new value, typed or completed. */
  onValue: (value: string, event?: Event) => void;
  class: string;
  /** Classes for the wrapper (what lays the field out in its row). */
  fieldClass?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const mirror = useRef<HTMLDivElement>(null);
  const id = useId();
  const [hovered, setHovered] = useState<string | undefined>();
  const [completion, setCompletion] = useState<{ context: CompletionContext; active: number } | undefined>();

  const spans = variableSpans(value, hints.kind);
  const described = spans.map((span) => ({ ...span, described: describeVariable(span.name, hints.values) }));
  const summaries = [...new Map(described.map((span) => [span.name, variableSummary(span.name, span.described)]))];

  const syncScroll = () => {
    if (mirror.current && input.current) mirror.current.scrollLeft = input.current.scrollLeft;
  };

  const offerAt = (text: string, caret: number | null) => {
    const context = caret === null ? undefined : completionAt(text, caret, hints.names);
    setCompletion(context ? { context, active: 0 } : undefined);
  };

  /** Inserts `name` at the caret; false (the list closed) when the caret is no longer after a `{`. */
  const accept = (name: string): boolean => {
    const element = input.current;
    if (!element || !completion) return false;
    const caret = element.selectionStart ?? element.value.length;
    // Read again where the caret is now: Home, the arrows or a click move it without closing the list, and the
    // `{` found when it opened would be joined to the text after the caret ('/a/{o', Home, Enter gave
    // '/a/{org}/a/{o').
    const context = completionAt(element.value, caret, hints.names);
    setCompletion(undefined);
    if (!context) return false;
    const next = applyCompletion(element.value, caret, context, name);
    // The text and caret change now, not after the next frame: keys typed in between (a busy machine, a fast
    // typist) would land where the caret was before the insertion.
    element.value = next.text;
    element.setSelectionRange(next.caret, next.caret);
    onValue(next.text);
    requestAnimationFrame(syncScroll);
    return true;
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // While an input method composes text (Japanese, Chinese…), Enter, Tab and the arrows are its own: they pick
    // and commit its candidates. Taken here, Enter inserted a variable over the text being composed.
    if (!completion || event.isComposing) return;
    const count = completion.context.options.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setCompletion({ ...completion, active: (completion.active + step + count) % count });
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      // A list left behind by the caret closes, and the key does what it does without one.
      if (!accept(completion.context.options[completion.active] as string)) return;
    } else if (event.key === 'Escape') setCompletion(undefined);
    else return;
    // Not the row navigation, the form's submit (Send) or the panel's Escape.
    event.preventDefault();
    event.stopPropagation();
  };

  const onMouseMove = (event: MouseEvent) => {
    const marks = mirror.current?.querySelectorAll<HTMLElement>('[data-variable]') ?? [];
    let found: string | undefined;
    for (const mark of marks) {
      const box = mark.getBoundingClientRect();
      if (event.clientX >= box.left && event.clientX <= box.right) found = mark.dataset.variable;
    }
    const summary = found === undefined ? undefined : summaries.find(([name]) => name === found)?.[1];
    if (summary !== hovered) setHovered(summary);
  };

  const listId = `${id}-options`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const box = completion ? input.current?.getBoundingClientRect() : undefined;
  useBodyLayer(
    completion && box ? (
      <div
        id={listId}
        role="listbox"
        aria-label="Variables"
        class="kh-var-options"
        style={{
          left: `${Math.round(box.left)}px`,
          ...(innerHeight - box.bottom > 160
            ? { top: `${Math.round(box.bottom + 2)}px` }
            : { bottom: `${Math.round(innerHeight - box.top + 2)}px` }),
        }}
      >
        {completion.context.options.map((name, index) => {
          const state = describeVariable(name, hints.values);
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the field keeps focus and handles the keys (aria-activedescendant)
            // biome-ignore lint/a11y/useFocusableInteractive: same: options are pointed at, never focused
            <div
              key={name}
              id={optionId(index)}
              role="option"
              aria-selected={index === completion.active}
              class={`kh-var-option${index === completion.active ? ' kh-var-option--active' : ''}`}
              // Keeps focus in the field.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => accept(name)}
            >
              <span class="kh-mono">{name}</span>
              <span class="kh-muted">
                {state.state === 'resolved'
                  ? state.value.slice(0, 40)
                  : state.state === 'secret'
                    ? 'secret'
                    : 'no value'}
              </span>
            </div>
          );
        })}
      </div>
    ) : null,
  );

  let at = 0;
  const pieces: JSX.Element[] = [];
  for (const span of described) {
    if (span.start > at) pieces.push(<span key={`t${at}`}>{value.slice(at, span.start)}</span>);
    pieces.push(
      <span key={`v${span.start}`} class={`kh-var kh-var--${span.described.state}`} data-variable={span.name}>
        {value.slice(span.start, span.end)}
      </span>,
    );
    at = span.end;
  }
  if (at < value.length) pieces.push(<span key={`t${at}`}>{value.slice(at)}</span>);

  const describedBy = [props['aria-describedby'], summaries.length > 0 ? `${id}-variables` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <span class={`kh-var-field ${fieldClass}`}>
      <div ref={mirror} class={`${className} kh-var-mirror`} aria-hidden="true">
        {pieces}
      </div>
      <input
        {...props}
        type="text"
        ref={input}
        class={`${className} kh-var-input`}
        value={value}
        title={hovered ?? props.title}
        aria-describedby={describedBy || undefined}
        aria-autocomplete="list"
        aria-controls={completion ? listId : undefined}
        aria-activedescendant={completion ? optionId(completion.active) : undefined}
        onInput={(event) => {
          const element = event.currentTarget;
          onValue(element.value, event);
          offerAt(element.value, element.selectionStart);
          syncScroll();
        }}
        onKeyDown={(event) => {
          onKeyDown(event);
          if (!event.defaultPrevented) props.onKeyDown?.(event);
        }}
        onKeyUp={syncScroll}
        onScroll={syncScroll}
        onMouseMove={onMouseMove}
        onMouseLeave={() => setHovered(undefined)}
        onBlur={(event) => {
          setCompletion(undefined);
          props.onBlur?.(event);
        }}
      />
      {summaries.length > 0 ? (
        <span id={`${id}-variables`} class="kh-visually-hidden">
          {`Variables: ${summaries.map(([, summary]) => summary).join('; ')}.`}
        </span>
      ) : null}
    </span>
  );
}

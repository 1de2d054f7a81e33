/**
 * DOM helpers for component tests in happy-dom: mount a Preact tree, find controls the way a user names them (a
 * label, a button's text or aria-label), type, click and press inside Preact's act(), and wait for asynchronous
 * work to render.
 */
import { type ComponentChild, render } from 'preact';
import { act } from 'preact/test-utils';

function present(element: Element | null, action: string): Element {
  if (!element) throw new Error(`No element to ${action}`);
  return element;
}

export function mount(node: ComponentChild): { root: HTMLElement; unmount: () => void } {
  const root = document.createElement('div');
  document.body.append(root);
  act(() => render(node, root));
  return {
    root,
    unmount: () => {
      act(() => render(null, root));
      root.remove();
    },
  };
}

/** Unmounts whatever the test left in the page (for an afterEach). */
export function unmountAll(): void {
  for (const child of [...document.body.children]) {
    render(null, child as HTMLElement);
    child.remove();
  }
}

/** An element's text with runs of white space as one space, trimmed. */
export function textOf(element: Element | null | undefined): string {
  return (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export const text = textOf;

/** The control a visible label names: the label's exact text, without a trailing "(optional)". */
export function field(root: ParentNode, label: string): HTMLInputElement {
  const found = [...root.querySelectorAll('label')].find(
    (element) => textOf(element) === label || textOf(element).replace(/ \(optional\)$/, '') === label,
  );
  if (!found) throw new Error(`No label “${label}”`);
  const control = found.htmlFor ? document.getElementById(found.htmlFor) : found.querySelector('input');
  if (!control) throw new Error(`Label “${label}” names nothing`);
  return control as HTMLInputElement;
}

/** The control whose label starts with `label`, else the element with that aria-label. */
export function byLabel<T extends HTMLElement = HTMLInputElement>(root: ParentNode, label: string): T {
  for (const candidate of root.querySelectorAll('label')) {
    if (candidate.textContent?.trim().startsWith(label) && candidate.htmlFor) {
      const found = document.getElementById(candidate.htmlFor);
      if (found) return found as T;
    }
  }
  const aria = root.querySelector(`[aria-label="${label}"]`);
  if (aria) return aria as T;
  throw new Error(`No control labelled “${label}”`);
}

/** A button whose aria-label or text (white space collapsed) is `name`, or matches it. */
export function button(root: ParentNode, name: string | RegExp): HTMLButtonElement {
  const found = queryButton(root, name);
  if (!found)
    throw new Error(`No button “${name}” in: ${[...root.querySelectorAll('button')].map(textOf).join(' | ')}`);
  return found;
}

export function queryButton(root: ParentNode, name: string | RegExp): HTMLButtonElement | undefined {
  const matches = (value: string | null) =>
    value !== null && (typeof name === 'string' ? value === name : name.test(value));
  return [...root.querySelectorAll('button')].find(
    (element) => matches(element.getAttribute('aria-label')) || matches(textOf(element)),
  );
}

/** Types a value (a null element, such as a querySelector that found nothing, fails the test). */
export function typeInto(element: Element | null, value: string): void {
  const input = present(element, 'type into') as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  act(() => {
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Picks an option, or sets a value that is committed with a change event (a select, a checkbox's form). */
export function choose(select: HTMLInputElement | HTMLSelectElement, value: string): void {
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

export function click(element: Element | null): void {
  const target = present(element, 'click') as HTMLElement;
  act(() => {
    target.click();
  });
}

export function blur(element: HTMLElement): void {
  act(() => {
    element.dispatchEvent(new FocusEvent('blur'));
  });
}

export function press(target: EventTarget, key: string, init: KeyboardEventInit = {}): void {
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
  });
}

export function submit(form: HTMLFormElement): void {
  act(() => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}

/**
 * The same actions for tests that await them: each runs in an async act(), so what the action started and is
 * already due (a resolved promise's callbacks) renders before the test goes on, as the page would look a moment
 * after a real user's action.
 */
export const user = {
  click: (element: Element | null) => act(async () => click(element)),
  type: (element: Element | null, value: string) => act(async () => typeInto(element, value)),
  choose: (select: HTMLInputElement | HTMLSelectElement, value: string) => act(async () => choose(select, value)),
  press: (target: EventTarget, key: string, init: KeyboardEventInit = {}) => act(async () => press(target, key, init)),
  submit: (form: HTMLFormElement) => act(async () => submit(form)),
};

/** The text of the error linked to a control through aria-describedby, if any. */
export function errorFor(control: HTMLElement): string | undefined {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  const error = ids
    .map((id) => document.getElementById(id))
    .find((element) => element?.classList.contains('kh-field-error'));
  return error ? textOf(error) : undefined;
}

/** Lets timers and promises run for `ms`, then renders what they changed. */
export async function settle(ms = 0): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

/**
 * How long a wait may take before it fails. A wait ends as soon as its check passes, so this only bounds a failure:
 * on a loaded two-core machine a lazily imported view's first transform took over 3 s (import-environments).
 */
const WAIT_LIMIT_MS = 10_000;

/** Retries `check` until it stops throwing (an expect, a finder), rendering between tries; returns its value. */
export async function waitFor<T>(check: () => T, timeoutMs = WAIT_LIMIT_MS): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await settle(10);
    }
  }
}

/** Retries `check` until it returns something truthy (e.g. a lazily loaded view's element), rendering between tries. */
export async function waitForValue<T>(check: () => T | Promise<T>, timeoutMs = WAIT_LIMIT_MS): Promise<NonNullable<T>> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() - started > timeoutMs) throw new Error('waitForValue timed out');
    await settle(10);
  }
}

/**
 * Small DOM helpers for the settings page's component tests (happy-dom): find fields by their label as a user
 * would, type, click, and wait for the asynchronous `send` replies to render.
 */
import { type ComponentChild, render } from 'preact';
import { act } from 'preact/test-utils';

export function mount(node: ComponentChild): { container: HTMLElement; unmount: () => void } {
  const container = document.createElement('div');
  document.body.append(container);
  act(() => render(node, container));
  return {
    container,
    unmount: () => {
      act(() => render(null, container));
      container.remove();
    },
  };
}

/** Polls until the check stops throwing, flushing Preact's effects and renders between tries. */
export async function waitFor<T>(check: () => T, timeoutMs = 2000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    }
  }
}

function textOf(element: Element): string {
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The form control a visible label names (label text without "(optional)"). */
export function field(root: ParentNode, label: string): HTMLInputElement {
  const found = [...root.querySelectorAll('label')].find(
    (element) => textOf(element).replace(/ \(optional\)$/, '') === label,
  );
  if (!found) throw new Error(`No label “${label}”`);
  const control = found.htmlFor ? document.getElementById(found.htmlFor) : found.querySelector('input');
  if (!control) throw new Error(`Label “${label}” names nothing`);
  return control as HTMLInputElement;
}

/** A button whose text (including visually hidden parts) matches. */
export function button(root: ParentNode, name: string | RegExp): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((element) =>
    typeof name === 'string' ? textOf(element) === name : name.test(textOf(element)),
  );
  if (!found) throw new Error(`No button “${name}”`);
  return found;
}

export function queryButton(root: ParentNode, name: string | RegExp): HTMLButtonElement | undefined {
  try {
    return button(root, name);
  } catch {
    return undefined;
  }
}

export function typeInto(input: HTMLInputElement, value: string) {
  act(() => {
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export function blur(input: HTMLElement) {
  act(() => {
    input.dispatchEvent(new FocusEvent('blur'));
  });
}

export function click(element: HTMLElement) {
  act(() => {
    element.click();
  });
}

export function pressKey(element: HTMLElement, key: string) {
  act(() => {
    element.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });
}

/** The text of the error linked to a control through aria-describedby, or undefined. */
export function errorFor(control: HTMLElement): string | undefined {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  const error = ids
    .map((id) => document.getElementById(id))
    .find((element) => element?.classList.contains('kh-field-error'));
  return error ? textOf(error) : undefined;
}

export function text(root: Element): string {
  return textOf(root);
}

/**
 * DOM helpers for the SFTP kit's component tests (happy-dom): find controls by their label or name like a
 * user would, type and click inside Preact's act(), and wait for asynchronous work to render.
 */
import { type ComponentChild, render } from 'preact';
import { act } from 'preact/test-utils';

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

export async function waitFor<T>(check: () => T, timeoutMs = 3000): Promise<T> {
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

export function textOf(element: Element | null | undefined): string {
  return (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The control a label names, by the label's exact visible text. */
export function field(root: ParentNode, label: string): HTMLInputElement {
  const found = [...root.querySelectorAll('label')].find((element) => textOf(element) === label);
  if (!found) throw new Error(`No label “${label}”`);
  const control = found.htmlFor ? document.getElementById(found.htmlFor) : found.querySelector('input');
  if (!control) throw new Error(`Label “${label}” names nothing`);
  return control as HTMLInputElement;
}

/** A button by its accessible name (aria-label, else its text). */
export function button(root: ParentNode, name: string | RegExp): HTMLButtonElement {
  const found = queryButton(root, name);
  if (!found) throw new Error(`No button “${name}”`);
  return found;
}

export function queryButton(root: ParentNode, name: string | RegExp): HTMLButtonElement | undefined {
  return [...root.querySelectorAll('button')].find((element) => {
    const accessible = element.getAttribute('aria-label') ?? textOf(element);
    return typeof name === 'string' ? accessible === name : name.test(accessible);
  });
}

export function typeInto(input: HTMLInputElement | HTMLSelectElement, value: string) {
  act(() => {
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export function choose(select: HTMLSelectElement, value: string) {
  act(() => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

export function click(element: HTMLElement) {
  act(() => {
    element.click();
  });
}

/** The error text linked to a control through aria-describedby, if any. */
export function errorFor(control: HTMLElement): string | undefined {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  const error = ids
    .map((id) => document.getElementById(id))
    .find((element) => element?.classList.contains('kh-field-error'));
  return error ? textOf(error) : undefined;
}

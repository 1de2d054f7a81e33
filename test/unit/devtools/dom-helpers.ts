import { type ComponentChild, render } from 'preact';
import { act } from 'preact/test-utils';
import { vi } from 'vitest';

/** Small DOM helpers for component tests in happy-dom: mount, find by text or label, type, click, wait. */

export function mount(element: ComponentChild): HTMLElement {
  const root = document.createElement('div');
  document.body.append(root);
  act(() => render(element, root));
  return root;
}

export function unmountAll(): void {
  for (const child of [...document.body.children]) {
    render(null, child as HTMLElement);
    child.remove();
  }
}

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

export function button(root: ParentNode, name: string): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find(
    (candidate) => candidate.getAttribute('aria-label') === name || candidate.textContent?.trim() === name,
  );
  if (!found)
    throw new Error(
      `No button “${name}” in: ${[...root.querySelectorAll('button')].map((b) => b.textContent).join(' | ')}`,
    );
  return found;
}

export async function click(element: HTMLElement): Promise<void> {
  await act(async () => {
    element.click();
  });
}

export async function type(input: HTMLInputElement | HTMLSelectElement, value: string): Promise<void> {
  await act(async () => {
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

export async function submit(form: HTMLFormElement): Promise<void> {
  await act(async () => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}

/** Waits until the assertion passes, letting Preact flush between tries. */
export async function until(assertion: () => void): Promise<void> {
  await vi.waitFor(async () => {
    await act(async () => {});
    assertion();
  });
}

export function text(root: ParentNode): string {
  return (root as HTMLElement).textContent?.replace(/\s+/g, ' ') ?? '';
}

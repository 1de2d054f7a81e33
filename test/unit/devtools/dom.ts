import { type ComponentChild, render } from 'preact';
import { act } from 'preact/test-utils';

/** Small helpers for component tests in happy-dom: mount, type, click, wait. */
export function mount(node: ComponentChild) {
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

export async function settle(ms = 0) {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

export async function typeInto(element: Element | null, value: string) {
  if (!element) throw new Error('no element to type into');
  const input = element as HTMLInputElement | HTMLTextAreaElement;
  await act(async () => {
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function click(element: Element | null) {
  if (!element) throw new Error('no element to click');
  await act(async () => {
    (element as HTMLElement).click();
  });
}

export async function press(target: EventTarget, key: string, init: KeyboardEventInit = {}) {
  await act(async () => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
  });
}

export function byLabel(root: ParentNode, label: string): HTMLElement {
  const found = root.querySelector<HTMLElement>(`[aria-label="${label}"]`);
  if (!found) throw new Error(`no element labelled ${label}`);
  return found;
}

export function buttonByText(root: ParentNode, text: string | RegExp): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((button) =>
    typeof text === 'string' ? button.textContent?.trim() === text : text.test(button.textContent ?? ''),
  );
  if (!found) throw new Error(`no button ${text}`);
  return found;
}

/** Waits (in act) until `check` returns something truthy, e.g. a lazily loaded view has rendered. */
export async function waitFor<T>(check: () => T | Promise<T>, timeoutMs = 3000): Promise<T> {
  const started = Date.now();
  while (true) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error('waitFor timed out');
    await settle(10);
  }
}

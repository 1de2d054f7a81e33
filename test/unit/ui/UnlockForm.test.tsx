// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnlockForm } from '../../../src/ui/UnlockForm.tsx';
import { mount, text, typeInto, unmountAll, waitFor } from '../support/dom.ts';

afterEach(() => unmountAll());

const LOCKED = { state: 'locked', autoLockMinutes: 15, reason: 'manual' } as const;

describe('UnlockForm', () => {
  it('unlocks with what the field holds when Enter comes before the last key is rendered', async () => {
    const onUnlock = vi.fn(async (_passphrase: string) => {});
    const { root } = mount(<UnlockForm status={LOCKED} onUnlock={onUnlock} />);
    const field = root.querySelector<HTMLInputElement>('input[type="password"]')!;
    // One task, as Firefox's WebDriver types a word and Enter (or a password manager fills and submits): no render
    // between the last input event and the submission.
    act(() => {
      field.value = 'four words make a passphrase';
      field.dispatchEvent(new Event('input', { bubbles: true }));
      root.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    await waitFor(() => expect(onUnlock).toHaveBeenCalledWith('four words make a passphrase'));
    expect(root.querySelector('[role="alert"]')).toBeNull();
  });

  it('asks for the passphrase when the field is empty, without calling the worker', async () => {
    const onUnlock = vi.fn(async (_passphrase: string) => {});
    const { root } = mount(<UnlockForm status={LOCKED} onUnlock={onUnlock} />);
    typeInto(root.querySelector('input[type="password"]'), '');
    act(() => {
      root.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    expect(text(root.querySelector('[role="alert"]'))).toBe('Enter your passphrase.');
    expect(onUnlock).not.toHaveBeenCalled();
  });
});

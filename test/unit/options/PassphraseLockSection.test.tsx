// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeBrowser } from './fake-browser.ts';

const mocks = vi.hoisted(() => ({
  send: undefined as unknown as (name: string, request?: unknown) => Promise<unknown>,
  browser: {} as FakeBrowser,
}));
vi.mock('../../../src/ui/send.ts', () => ({ send: (name: string, request?: unknown) => mocks.send(name, request) }));
vi.mock('webextension-polyfill', () => ({ default: new Proxy({}, { get: (_t, key) => mocks.browser[key as never] }) }));

import { KeyholeError } from '../../../src/core/errors.ts';
import type { VaultStatus } from '../../../src/core/protocol.ts';
import { PassphraseLockSection } from '../../../src/options/PassphraseLockSection.tsx';
import { button, errorFor, field, mount, text, user, waitFor } from '../support/dom.ts';
import { createFakeBrowser } from './fake-browser.ts';

/** The worker's lock, in memory: one passphrase, the messages the section sends, each call recorded. */
function fakeVault(initial: VaultStatus) {
  const vault = {
    status: initial,
    passphrase: 'the right passphrase',
    calls: [] as { name: string; request: unknown }[],
  };
  mocks.send = async (name, request) => {
    vault.calls.push({ name, request });
    const body = request as { passphrase?: string; current?: string; next?: string; autoLockMinutes?: number };
    const minutes = vault.status.state === 'off' ? 15 : vault.status.autoLockMinutes;
    const wrong = () => new KeyholeError('wrong-passphrase', 'Wrong passphrase. Check it and try again.');
    switch (name) {
      case 'vault/status':
        return vault.status;
      case 'vault/set-passphrase':
        if (vault.status.state !== 'off' && body.current !== vault.passphrase) throw wrong();
        vault.passphrase = body.next!;
        vault.status = { state: 'unlocked', autoLockMinutes: body.autoLockMinutes! };
        return vault.status;
      case 'vault/lock':
        vault.status = { state: 'locked', autoLockMinutes: minutes, reason: 'manual' };
        return vault.status;
      case 'vault/unlock':
        if (body.passphrase !== vault.passphrase) throw wrong();
        vault.status = { state: 'unlocked', autoLockMinutes: minutes };
        return vault.status;
      case 'vault/reset':
        vault.status = { state: 'off' };
        return vault.status;
      default:
        throw new KeyholeError('internal', `not faked: ${name}`);
    }
  };
  return vault;
}

let view: ReturnType<typeof mount> | undefined;
beforeEach(() => {
  mocks.browser = createFakeBrowser();
});
afterEach(() => {
  view?.unmount();
  view = undefined;
});

async function open() {
  view = mount(<PassphraseLockSection />);
  const root = view.root;
  await waitFor(() => expect(root.querySelector('[data-vault-state]')?.getAttribute('data-vault-state')).toBeTruthy());
  return root;
}

describe('Passphrase lock section', () => {
  it('turns the lock on only with a long enough passphrase typed twice, with the idle time picked', async () => {
    const vault = fakeVault({ state: 'off' });
    const root = await open();
    expect(text(root)).toContain('copies your browser’s profile folder');
    await user.type(field(root, 'Passphrase'), 'short');
    await user.type(field(root, 'Repeat the passphrase'), 'short');
    await user.click(button(root, 'Turn on the passphrase lock'));
    expect(errorFor(field(root, 'Passphrase'))).toMatch(/at least 10 characters/);
    await user.type(field(root, 'Passphrase'), 'a long enough passphrase');
    await user.type(field(root, 'Repeat the passphrase'), 'a long enough passphrasE');
    await user.click(button(root, 'Turn on the passphrase lock'));
    expect(errorFor(field(root, 'Repeat the passphrase'))).toMatch(/differ/);
    expect(vault.calls.map((call) => call.name)).toEqual(['vault/status']);
    await user.type(field(root, 'Repeat the passphrase'), 'a long enough passphrase');
    await user.choose(field(root, 'Lock after this long without use'), '60');
    await user.click(button(root, 'Turn on the passphrase lock'));
    await waitFor(() => expect(text(root)).toContain('On · unlocked'));
    expect(vault.calls.at(-1)).toEqual({
      name: 'vault/set-passphrase',
      request: { next: 'a long enough passphrase', autoLockMinutes: 60 },
    });
    expect(text(root)).toContain('locks itself after 1 hour without use');
  });

  it('a wrong current passphrase when changing shows on that field', async () => {
    fakeVault({ state: 'unlocked', autoLockMinutes: 15 });
    const root = await open();
    await user.click(root.querySelector('summary')!);
    await user.type(field(root, 'Current passphrase'), 'not it at all');
    await user.type(field(root, 'New passphrase'), 'a brand new passphrase');
    await user.type(field(root, 'Repeat the new passphrase'), 'a brand new passphrase');
    await user.click(button(root, 'Change the passphrase'));
    await waitFor(() =>
      expect(errorFor(field(root, 'Current passphrase'))).toBe('Wrong passphrase. Check it and try again.'),
    );
  });

  it('locks now, says why, refuses a wrong passphrase and unlocks with the right one', async () => {
    fakeVault({ state: 'unlocked', autoLockMinutes: 15 });
    const root = await open();
    await user.click(button(root, 'Lock now'));
    await waitFor(() => expect(text(root)).toContain('Locked: you locked Keyhole.'));
    await user.type(field(root, 'Passphrase'), 'wrong passphrase');
    await user.click(button(root, 'Unlock'));
    await waitFor(() => expect(root.querySelector('[role="alert"]')?.textContent).toMatch(/Wrong passphrase/));
    await user.type(field(root, 'Passphrase'), 'the right passphrase');
    await user.click(button(root, 'Unlock'));
    await waitFor(() => expect(text(root)).toContain('On · unlocked'));
  });

  it('a forgotten passphrase: forgets every secret only after a second confirmation', async () => {
    const vault = fakeVault({ state: 'locked', autoLockMinutes: 15, reason: 'worker-restarted' });
    const root = await open();
    expect(text(root)).toContain('background worker restarted');
    await user.click(button(root, 'Forget all secrets and the lock…'));
    expect(vault.calls.some((call) => call.name === 'vault/reset')).toBe(false);
    await user.click(button(root, 'Forget every secret'));
    await waitFor(() => expect(root.querySelector('[data-vault-state]')?.getAttribute('data-vault-state')).toBe('off'));
    expect(vault.calls.at(-1)?.name).toBe('vault/reset');
  });
});

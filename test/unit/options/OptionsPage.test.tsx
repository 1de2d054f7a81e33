// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeBrowser } from './fake-browser.ts';
import type { FakeWorker } from './fake-worker.ts';

const mocks = vi.hoisted(() => ({ worker: undefined as FakeWorker | undefined, browser: {} as FakeBrowser }));
vi.mock('../../../src/ui/send.ts', () => ({
  send: (name: never, ...args: unknown[]) => mocks.worker!.send(name, ...args),
}));
vi.mock('webextension-polyfill', () => ({ default: new Proxy({}, { get: (_t, key) => mocks.browser[key as never] }) }));

import { OptionsPage } from '../../../src/options/OptionsPage.tsx';
import { buildCacheKey, CACHE_VERSION, type CachedAccount } from '../../../src/popup/account-cache.ts';
import { readMirroredAccount, writeMirroredAccount } from '../../../src/popup/account-mirror.ts';
import {
  blur,
  button,
  click,
  errorFor,
  field,
  mount,
  press,
  queryButton,
  text,
  typeInto,
  waitFor,
} from '../support/dom.ts';
import { createFakeBrowser } from './fake-browser.ts';
import { createFakeWorker, REAL_VIEW, SANDBOX_VIEW } from './fake-worker.ts';

let view: ReturnType<typeof mount> | undefined;
beforeEach(() => {
  mocks.browser = createFakeBrowser();
});
afterEach(() => {
  view?.unmount();
  view = undefined;
});

async function open(worker: FakeWorker) {
  mocks.worker = worker;
  view = mount(<OptionsPage />);
  const root = view.root;
  await waitFor(() => expect(worker.calls.some((call) => call.name === 'profiles/list')).toBe(true));
  await waitFor(() => expect(root.querySelector<HTMLInputElement>('#redirect-url')!.value).not.toBe(''));
  return root;
}

const profileItem = (root: HTMLElement, name: string) => {
  const item = [...root.querySelectorAll<HTMLElement>('.opt-profile')].find(
    (element) => element.querySelector('h3')?.textContent === name,
  );
  if (!item) throw new Error(`No profile “${name}” in the list`);
  return item;
};

describe('first visit', () => {
  it('opens the add form straight away and adds the sandbox preset as the active profile', async () => {
    const worker = createFakeWorker();
    const root = await open(worker);
    await waitFor(() => expect(text(root)).toContain('Add a profile'));
    click(button(root, /^Local sandbox/));
    click(button(root, 'Add profile'));
    await waitFor(() => expect(text(root)).toContain('Added “Local sandbox”.'));
    const item = profileItem(root, 'Local sandbox');
    expect(text(item)).toContain('Active');
    expect(text(item)).toContain('http://127.0.0.1:8780');
    expect(root.querySelector('#profile-consumer-secret')).toBeNull();
    expect(text(root)).not.toContain('sandbox-secret-not-for-production');
  });
});

describe('when the worker does not answer', () => {
  it('shows its error with Retry, which loads the page once it answers', async () => {
    const worker = createFakeWorker({ profiles: [SANDBOX_VIEW] });
    const { KeyholeError } = await import('../../../src/core/errors.ts');
    worker.override['profiles/list'] = async () => {
      throw new KeyholeError('internal', 'The Keyhole background worker did not answer. Reload the extension.');
    };
    const root = await open(worker);
    const alert = await waitFor(() => root.querySelector<HTMLElement>('[role="alert"]')!);
    expect(text(alert)).toContain('did not answer');
    delete worker.override['profiles/list'];
    click(button(alert, 'Retry'));
    await waitFor(() => profileItem(root, 'Local sandbox'));
    expect(root.querySelector('[role="alert"]')).toBeNull();
  });
});

describe('editing a profile with a stored secret', () => {
  it('starts with an empty secret field that says the secret is stored, and saving leaves the secret out', async () => {
    const worker = createFakeWorker({ profiles: [SANDBOX_VIEW] });
    const root = await open(worker);
    await waitFor(() => profileItem(root, 'Local sandbox'));
    click(button(profileItem(root, 'Local sandbox'), 'Edit Local sandbox'));

    expect(text(root)).toContain('Edit “Local sandbox”');
    const secret = field(root, 'Consumer secret');
    expect(secret.type).toBe('password');
    expect(secret.value).toBe('');
    expect(secret.placeholder).toBe('Stored — leave empty to keep');
    expect(field(root, 'Consumer key').value).toBe('keyhole-sandbox');

    typeInto(field(root, 'Name'), 'Sandbox (renamed)');
    click(button(root, 'Save changes'));
    await waitFor(() => expect(text(root)).toContain('Saved the changes to “Sandbox (renamed)”.'));

    const save = worker.calls.find((call) => call.name === 'profiles/save');
    expect(save?.request).toMatchObject({ id: 'sandbox-1', name: 'Sandbox (renamed)', consumerKey: 'keyhole-sandbox' });
    expect(save?.request).not.toHaveProperty('consumerSecret');
    expect(worker.secrets.get('sandbox-1')).toBe('stored');
    expect(profileItem(root, 'Sandbox (renamed)')).toBeTruthy();
  });

  it('sends a newly typed secret', async () => {
    const worker = createFakeWorker({ profiles: [SANDBOX_VIEW] });
    const root = await open(worker);
    await waitFor(() => profileItem(root, 'Local sandbox'));
    click(button(root, 'Edit Local sandbox'));
    typeInto(field(root, 'Consumer secret'), 'rotated');
    click(button(root, 'Save changes'));
    await waitFor(() => expect(worker.secrets.get('sandbox-1')).toBe('rotated'));
  });

  it('drops the popup’s mirrored account of a profile whose address changed, and keeps it for a rename', async () => {
    const mirror = (profileId: string): CachedAccount => ({
      version: CACHE_VERSION,
      key: buildCacheKey(profileId, 'user_ada'),
      snapshot: {
        profile: { id: profileId, name: 'Sandbox' } as CachedAccount['snapshot']['profile'],
        user: { id: 'user_ada', email: 'ada@example.test' },
        expiresAt: '2030-01-01T00:00:00Z',
      },
      summary: { spaces: [] },
      fetchedAt: 1,
    });
    writeMirroredAccount(mirror('sandbox-1'));
    const worker = createFakeWorker({ profiles: [SANDBOX_VIEW] });
    const root = await open(worker);
    await waitFor(() => profileItem(root, 'Local sandbox'));
    click(button(root, 'Edit Local sandbox'));
    typeInto(field(root, 'Name'), 'Sandbox (renamed)');
    click(button(root, 'Save changes'));
    await waitFor(() => expect(text(root)).toContain('Saved the changes to “Sandbox (renamed)”.'));
    expect(readMirroredAccount()).toBeDefined();

    click(button(root, 'Edit Sandbox (renamed)'));
    typeInto(field(root, 'API base URL'), 'http://127.0.0.1:9999');
    typeInto(field(root, 'Consumer secret'), 'typed-again');
    click(button(root, 'Save changes'));
    await waitFor(() => expect(worker.calls.filter((call) => call.name === 'profiles/save')).toHaveLength(2));
    await waitFor(() => expect(readMirroredAccount()).toBeUndefined());
  });

  it('requires a secret when none is stored yet', async () => {
    const worker = createFakeWorker({ profiles: [{ ...REAL_VIEW, hasConsumerSecret: false }] });
    const root = await open(worker);
    await waitFor(() => profileItem(root, 'Clever Cloud'));
    expect(text(profileItem(root, 'Clever Cloud'))).toContain('No secret');
    click(button(root, 'Edit Clever Cloud'));
    expect(field(root, 'Consumer secret').placeholder).toBe('');
    click(button(root, 'Save changes'));
    expect(errorFor(field(root, 'Consumer secret'))).toBe('Enter the consumer secret.');
    expect(worker.calls.some((call) => call.name === 'profiles/save')).toBe(false);
  });

  it('shows an invalid address on blur and keeps the list unchanged', async () => {
    const worker = createFakeWorker({ profiles: [SANDBOX_VIEW] });
    const root = await open(worker);
    await waitFor(() => profileItem(root, 'Local sandbox'));
    click(button(root, 'Edit Local sandbox'));
    const api = field(root, 'API base URL');
    typeInto(api, 'http://api.example.com');
    blur(api);
    expect(errorFor(api)).toMatch(/Use https:\/\/ for the API address/);
    click(button(root, 'Save changes'));
    expect(document.activeElement).toBe(api);
    expect(worker.calls.some((call) => call.name === 'profiles/save')).toBe(false);
    expect(api.value).toBe('http://api.example.com');
  });
});

describe('deleting a profile', () => {
  it('asks first; Escape cancels and returns focus; confirming deletes', async () => {
    const worker = createFakeWorker({ profiles: [SANDBOX_VIEW, REAL_VIEW], activeId: 'sandbox-1' });
    const root = await open(worker);
    await waitFor(() => profileItem(root, 'Clever Cloud'));

    click(button(root, 'Delete Clever Cloud'));
    const item = profileItem(root, 'Clever Cloud');
    expect(text(item)).toContain('Delete “Clever Cloud”? Its stored consumer secret and session are removed too.');
    const cancel = button(item, 'Cancel');
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    expect(worker.calls.some((call) => call.name === 'profiles/delete')).toBe(false);

    press(cancel, 'Escape');
    await waitFor(() => expect(document.activeElement).toBe(button(root, 'Delete Clever Cloud')));
    expect(queryButton(item, 'Delete profile')).toBeUndefined();

    click(button(root, 'Delete Clever Cloud'));
    click(button(profileItem(root, 'Clever Cloud'), 'Delete profile'));
    await waitFor(() => expect(text(root)).toContain('Deleted “Clever Cloud”.'));
    expect(worker.calls.filter((call) => call.name === 'profiles/delete')).toEqual([
      { name: 'profiles/delete', request: { id: 'real-1' } },
    ]);
    expect(() => profileItem(root, 'Clever Cloud')).toThrow();
    expect(profileItem(root, 'Local sandbox')).toBeTruthy();
  });
});

describe('making a profile active', () => {
  it('activates it and marks it in the list', async () => {
    const worker = createFakeWorker({ profiles: [SANDBOX_VIEW, REAL_VIEW], activeId: 'sandbox-1' });
    const root = await open(worker);
    await waitFor(() => profileItem(root, 'Clever Cloud'));
    expect(queryButton(profileItem(root, 'Local sandbox'), /^Make active/)).toBeUndefined();
    click(button(root, 'Make active Clever Cloud'));
    await waitFor(() => expect(text(profileItem(root, 'Clever Cloud'))).toContain('Active'));
    expect(worker.calls).toContainEqual({ name: 'profiles/activate', request: { id: 'real-1' } });
    expect(text(profileItem(root, 'Local sandbox'))).not.toContain('Active');
    expect(text(root.querySelector('#session')!)).toContain('Clever Cloud');
  });
});

describe('redirect URL', () => {
  it('shows the worker’s redirect URL and copies it with a visible confirmation', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const root = await open(createFakeWorker({ profiles: [REAL_VIEW] }));
    const input = root.querySelector<HTMLInputElement>('#redirect-url')!;
    expect(input.value).toBe('https://gfiiknkkkinbdbkjbifnpolnadmjmkfb.chromiumapp.org/');
    expect(text(root)).toContain('Register this address as your OAuth consumer’s base URL');
    click(button(root, 'Copy'));
    await waitFor(() => expect(text(root.querySelector('.opt-copy-row [role="status"]')!)).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith('https://gfiiknkkkinbdbkjbifnpolnadmjmkfb.chromiumapp.org/');
  });
});

describe('host access', () => {
  it('is not asked for the real platform', async () => {
    const root = await open(createFakeWorker({ profiles: [REAL_VIEW] }));
    await waitFor(() => expect(text(root)).toContain('Your profiles only use the platform’s own addresses'));
    expect(queryButton(root, /^Grant access/)).toBeUndefined();
  });

  it('shows the state for the sandbox and asks the browser inside the click', async () => {
    const root = await open(createFakeWorker({ profiles: [SANDBOX_VIEW] }));
    const grant = await waitFor(() => button(root, 'Grant access to http://127.0.0.1:8780 and http://127.0.0.1:8781'));
    const states = () =>
      [...root.querySelectorAll('[data-origin-state]')].map((element) => element.getAttribute('data-origin-state'));
    expect(states()).toEqual(['missing', 'missing']);
    expect(text(root)).toContain('the browser may hide some response headers, such as Date');

    grant.click(); // no act(): the request must happen synchronously in the handler
    expect(mocks.browser.requests).toEqual([['http://127.0.0.1:8780/*', 'http://127.0.0.1:8781/*']]);
    await waitFor(() => expect(text(root)).toContain('Answer the browser’s prompt to continue.'));

    mocks.browser.answerPrompt(true);
    await waitFor(() => expect(states()).toEqual(['granted', 'granted']));
    expect(queryButton(root, /^Grant access/)).toBeUndefined();
  });
});

describe('session', () => {
  it('shows “Signing in…” while sign-in runs, then who is signed in and until when', async () => {
    const worker = createFakeWorker({ profiles: [SANDBOX_VIEW] });
    const root = await open(worker);
    let finish: (() => void) | undefined;
    worker.override['session/sign-in'] = () =>
      new Promise((resolve) => {
        finish = () => {
          worker.session = {
            state: 'signed-in',
            profile: SANDBOX_VIEW,
            user: { id: 'u1', email: 'ada@sandbox.keyhole.test', name: 'Ada' },
            expiresAt: new Date(Date.now() + 90 * 86_400_000).toISOString(),
          };
          resolve(worker.session);
        };
      });
    const session = root.querySelector<HTMLElement>('#session')!;
    await waitFor(() => expect(text(session)).toContain('Signed out'));
    click(button(session, 'Sign in'));
    await waitFor(() => expect(button(session, 'Signing in…').disabled).toBe(true));
    expect(text(session)).toContain('finish in the authorization window');
    finish!();
    await waitFor(() => expect(text(session)).toContain('Signed in as ada@sandbox.keyhole.test (Ada) until'));
    expect(text(session)).toContain('Expires in');
    expect(button(session, 'Sign out')).toBeTruthy();
  });

  it('shows the bridge token’s expiry when it is in the platform’s [UTC] form', async () => {
    // Before: new Date('…Z[UTC]') is an Invalid Date, and formatting it threw, so the session card did not render.
    const worker = createFakeWorker({ profiles: [SANDBOX_VIEW] });
    worker.session = {
      state: 'signed-in',
      profile: SANDBOX_VIEW,
      user: { id: 'u1', email: 'ada@sandbox.keyhole.test' },
      expiresAt: '2099-06-01T00:00:00.000Z',
      bridgeToken: { apiTokenId: 'apitoken_1', name: 'laptop', expirationDate: '2099-05-01T12:00:00Z[UTC]' },
    };
    const root = await open(worker);
    const session = root.querySelector<HTMLElement>('#session')!;
    await waitFor(() => expect(text(session)).toContain('Bridge calls use the API token “laptop” (until '));
    expect(text(session)).toContain('2099');
    expect(text(session)).not.toContain('[UTC]');
    expect(text(session)).toContain('Signed in as ada@sandbox.keyhole.test until');
  });

  it('shows why sign-in failed', async () => {
    const worker = createFakeWorker({ profiles: [SANDBOX_VIEW] });
    const root = await open(worker);
    worker.override['session/sign-in'] = async () => {
      const { KeyholeError } = await import('../../../src/core/errors.ts');
      throw new KeyholeError('sign-in-cancelled', 'Sign-in was cancelled: the authorization window was closed.');
    };
    const session = root.querySelector<HTMLElement>('#session')!;
    await waitFor(() => button(session, 'Sign in'));
    click(button(session, 'Sign in'));
    await waitFor(() =>
      expect(session.querySelector('[role="alert"]')?.getAttribute('data-error-code')).toBe('sign-in-cancelled'),
    );
    expect(button(session, 'Sign in').disabled).toBe(false);
  });

  it('shows the error the worker recorded for a signed-out profile', async () => {
    const worker = createFakeWorker({ profiles: [SANDBOX_VIEW] });
    worker.session = {
      state: 'signed-out',
      profile: SANDBOX_VIEW,
      lastError: { code: 'callback-mismatch', message: 'The platform refused the callback.' },
    };
    const root = await open(worker);
    const session = root.querySelector<HTMLElement>('#session')!;
    await waitFor(() => expect(text(session)).toContain('The platform refused the callback.'));
  });
});

// @vitest-environment happy-dom

import { render } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeyholeError } from '../../../src/core/errors.ts';
import type { SendResponse, SessionStatus } from '../../../src/core/protocol.ts';
import { buildCacheKey, CACHE_VERSION, type CachedAccount } from '../../../src/popup/account-cache.ts';
import { FIRST_ACCOUNT_RENDER } from '../../../src/popup/first-account-render.ts';
import { Popup } from '../../../src/popup/Popup.tsx';
import { PopupController } from '../../../src/popup/popup-controller.ts';
import { MemoryAccountCache } from './support/memory-account-cache.ts';
import {
  ADA,
  DAY,
  deferred,
  type Harness,
  NOW,
  networkError,
  REAL_PROFILE,
  renderPopup,
  SANDBOX_PROFILE,
  settle,
  signedIn,
  summaryResponse,
} from './support/popup-harness.tsx';

const MINUTE = 60 * 1000;
const PROFILES = { profiles: [SANDBOX_PROFILE], activeId: SANDBOX_PROFILE.id };

function cachedAda(fetchedAt: number): CachedAccount {
  const key = buildCacheKey(SANDBOX_PROFILE.id, ADA.id);
  return {
    version: CACHE_VERSION,
    key,
    snapshot: { profile: SANDBOX_PROFILE, user: ADA, expiresAt: new Date(NOW + 40 * DAY).toISOString() },
    summary: {
      spaces: [
        { id: 'user_ada', name: 'Ada Lovelace', personal: true, applications: [], addonCount: 0 },
        {
          id: 'orga_cached',
          name: 'Cached Org',
          role: 'DEVELOPER',
          personal: false,
          applications: [{ id: 'app_c', name: 'cached-app', archived: false }],
          addonCount: 1,
        },
      ],
    },
    fetchedAt,
  };
}

async function cacheWith(entry: CachedAccount) {
  const cache = new MemoryAccountCache();
  await cache.save(entry);
  return cache;
}

let popup: Harness | undefined;

beforeEach(() => {
  performance.clearMarks();
});
afterEach(() => {
  popup?.controller.dispose();
  popup?.unmount();
  popup = undefined;
});

describe('popup, not configured', () => {
  it('shows a short guide and opens the options page', async () => {
    popup = await renderPopup({ 'session/status': () => ({ state: 'unconfigured' }) });
    await settle(() => expect(popup!.text()).toContain('Set up Keyhole'));
    expect(popup.$$('.kp-steps li')).toHaveLength(3);
    await popup.click(popup.button('Open settings'));
    expect(popup.services.openOptions).toHaveBeenCalledTimes(1);
    // No profile, no account: nothing to list and no account mark.
    expect(popup.calls('profiles/list')).toHaveLength(0);
    expect(performance.getEntriesByName(FIRST_ACCOUNT_RENDER)).toHaveLength(0);
  });
});

describe('popup, signed out', () => {
  it('offers to sign in and shows the account once the dance ends', async () => {
    const signIn = deferred<SessionStatus>();
    popup = await renderPopup({
      'session/status': () => ({ state: 'signed-out', profile: SANDBOX_PROFILE }),
      'profiles/list': () => PROFILES,
      'session/sign-in': () => signIn.promise,
      'request/send': () => summaryResponse(),
    });
    await settle(() => expect(popup!.text()).toContain('You are signed out'));
    expect(popup.text()).toContain('Sandbox');
    await popup.click(popup.button('Sign in'));
    expect(popup.calls('session/sign-in')).toHaveLength(1);
    await settle(() => expect(popup!.text()).toContain('Signing in…'));
    signIn.resolve(signedIn());
    await settle(() => expect(popup!.$('.kp-identity__name')?.textContent).toBe('Ada Lovelace'));
    await settle(() => expect(popup!.text()).toContain('Analytical Engines Ltd'));
  });

  it('shows why the last sign-in failed', async () => {
    popup = await renderPopup({
      'session/status': () => ({
        state: 'signed-out',
        profile: SANDBOX_PROFILE,
        lastError: { code: 'sign-in-cancelled', message: 'The sign-in window was closed before access was granted.' },
      }),
      'profiles/list': () => PROFILES,
    });
    await settle(() => expect(popup!.$('[role="alert"]')?.textContent).toContain('sign-in window was closed'));
    expect(popup.$('[data-error-code="sign-in-cancelled"]')).not.toBeNull();
  });

  it('comes back to the signed-out screen with the error when sign-in fails', async () => {
    popup = await renderPopup({
      'session/status': () => ({ state: 'signed-out', profile: SANDBOX_PROFILE }),
      'profiles/list': () => PROFILES,
      'session/sign-in': () => new KeyholeError('sign-in-failed', 'The platform refused the consumer key.'),
    });
    await settle(() => expect(popup!.text()).toContain('You are signed out'));
    await popup.click(popup.button('Sign in'));
    await settle(() => expect(popup!.$('[data-error-code="sign-in-failed"]')?.textContent).toContain('refused'));
    expect(popup.text()).toContain('You are signed out');
  });
});

describe('popup, signing in', () => {
  it('shows a spinner without buttons and polls until the worker finishes', async () => {
    let polls = 0;
    popup = await renderPopup({
      'session/status': () => {
        polls += 1;
        return polls < 3
          ? { state: 'signing-in', profile: SANDBOX_PROFILE, startedAt: new Date(NOW).toISOString() }
          : signedIn();
      },
      'profiles/list': () => PROFILES,
      'request/send': () => summaryResponse(),
    });
    await settle(() => expect(popup!.text()).toContain('Signing in…'));
    expect(popup.$('.kp-spinner')).not.toBeNull();
    expect(popup.$('main')?.getAttribute('aria-busy')).toBe('true');
    expect(popup.$$('main button')).toHaveLength(0);
    await settle(() => expect(popup!.$('.kp-identity__name')?.textContent).toBe('Ada Lovelace'));
    expect(polls).toBe(3);
  });
});

describe('popup, signed in', () => {
  async function renderSignedIn(status: SessionStatus = signedIn(), profiles = PROFILES) {
    popup = await renderPopup({
      'session/status': () => status,
      'profiles/list': () => profiles,
      'request/send': () => summaryResponse(),
      'session/sign-out': () => ({ state: 'signed-out', profile: SANDBOX_PROFILE }),
    });
    await settle(() => expect(popup!.$$('.kp-space')).toHaveLength(2));
    return popup;
  }

  it('shows who is signed in, the user id with a copy button and the session expiry', async () => {
    const view = await renderSignedIn();
    expect(view.$('h1')?.textContent).toBe('Ada Lovelace');
    expect(view.text()).toContain('ada@sandbox.keyhole.test');
    expect(view.$('.kp-code')?.textContent).toBe('user_ada');
    await view.click(view.button('Copy user ID'));
    expect(view.services.copyText).toHaveBeenCalledWith('user_ada');
    await settle(() => expect(view.$('.kp-copy-result')?.textContent).toBe('Copied'));
    const expiry = view.$('.kp-expiry');
    expect(expiry?.textContent).toContain('Session expires in 12 days');
    expect(expiry?.classList.contains('kp-expiry--warn')).toBe(true);
    expect(view.text()).toContain('Updated just now');
    expect(performance.getEntriesByName(FIRST_ACCOUNT_RENDER, 'mark')).toHaveLength(1);
  });

  it('does not warn when the session has weeks left', async () => {
    const view = await renderSignedIn(signedIn({ expiresAt: new Date(NOW + 80 * DAY).toISOString() }));
    expect(view.$('.kp-expiry')?.classList.contains('kp-expiry--ok')).toBe(true);
    expect(view.$('.kp-expiry')?.textContent).toContain('expires in 2 months');
  });

  it('lists spaces with role and counts, each expanding to its applications', async () => {
    const view = await renderSignedIn();
    const [personal, org] = view.$$('.kp-space');
    expect(personal!.textContent).toContain('Personal');
    expect(personal!.textContent).toContain('1 app · 1 add-on');
    expect(org!.textContent).toContain('Analytical Engines Ltd');
    expect(org!.textContent).toContain('Admin');
    expect(org!.textContent).toContain('2 apps · 2 add-ons');
    expect(view.$('#kp-spaces-title')?.textContent).toContain('2');

    const toggle = org!.querySelector<HTMLButtonElement>('button[aria-expanded]')!;
    expect(toggle.tagName).toBe('BUTTON');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const panel = view.$(`#${toggle.getAttribute('aria-controls')}`)!;
    expect(panel.hidden).toBe(true);

    await view.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    const apps = [...panel.querySelectorAll('.kp-app')].map((app) => app.textContent);
    expect(apps).toEqual(['difference-enginejavaStopped⋯', 'jacquard-loompythonStarting⋯']);
    expect(panel.querySelector('ul')?.getAttribute('aria-label')).toBe('Applications of Analytical Engines Ltd');

    await view.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
  });

  it('links each space to the console and to its invoices in the panel page', async () => {
    const view = await renderSignedIn();
    const [personal, org] = view.$$('.kp-space');
    const links = (space: HTMLElement) =>
      [...space.querySelectorAll('.kp-space__head a')].map((a) => [
        a.getAttribute('aria-label'),
        a.getAttribute('href'),
        a.getAttribute('target'),
      ]);
    expect(links(personal!)).toEqual([
      [
        'Invoices of Ada Lovelace',
        'chrome-extension://keyhole-test/src/devtools/panel.html#invoices?org=user_ada',
        '_blank',
      ],
      ['Console for Ada Lovelace', 'https://console.example.test/users/me', '_blank'],
    ]);
    expect(links(org!)).toEqual([
      [
        'Invoices of Analytical Engines Ltd',
        'chrome-extension://keyhole-test/src/devtools/panel.html#invoices?org=orga_analytical',
        '_blank',
      ],
      ['Console for Analytical Engines Ltd', 'https://console.example.test/organisations/orga_analytical', '_blank'],
    ]);
    expect(view.text()).toContain('press F12, then the Keyhole tab');
    // Each application's "⋯" menu (loaded on first use): "Tail logs" and "Access logs", opening the panel on that
    // application's stream.
    const appId = personal!.querySelector('.kp-app__name')!.getAttribute('title');
    const appName = personal!.querySelector('.kp-app__name')!.textContent;
    await view.click(personal!.querySelector(`button[aria-label="Actions for ${appName}"]`) as HTMLElement);
    await settle(() => expect(personal!.querySelector('.kp-app-actions')).not.toBeNull());
    const appLinks = [...personal!.querySelectorAll('.kp-app-actions a[aria-label*="logs"]')].map((a) => [
      a.getAttribute('aria-label'),
      a.getAttribute('href'),
    ]);
    expect(appLinks).toEqual([
      [
        `Tail logs of ${appName}`,
        `chrome-extension://keyhole-test/src/devtools/panel.html#catalog?tail=logs&owner=user_ada&app=${appId}`,
      ],
      [
        `Access logs of ${appName}`,
        `chrome-extension://keyhole-test/src/devtools/panel.html#catalog?tail=accesslogs&owner=user_ada&app=${appId}`,
      ],
    ]);
  });

  it('hides console links when the profile has no console address', async () => {
    const { consoleUrl: _ignored, ...withoutConsole } = SANDBOX_PROFILE;
    const view = await renderSignedIn(signedIn({ profile: withoutConsole }));
    expect(view.$$('.kp-space__head a').map((a) => a.getAttribute('aria-label'))).toEqual([
      'Invoices of Ada Lovelace',
      'Invoices of Analytical Engines Ltd',
    ]);
  });

  it('caches the account without secrets after a successful refresh', async () => {
    const view = await renderSignedIn(
      signedIn({ bridgeToken: { apiTokenId: 'tok_1', name: 'ci', expirationDate: '2026-01-01T00:00:00Z' } }),
    );
    const key = buildCacheKey(SANDBOX_PROFILE.id, ADA.id);
    await settle(() => expect(view.cache.entries.get(key)?.summary.spaces).toHaveLength(2));
    const entry = view.cache.entries.get(key)!;
    expect(view.cache.last).toBe(key);
    expect(entry.fetchedAt).toBe(NOW);
    expect(JSON.stringify(entry)).not.toContain('tok_1');
    expect(Object.keys(entry.snapshot).sort()).toEqual(['expiresAt', 'profile', 'user']);
  });

  it('signs out, forgets the cached account and shows the signed-out screen', async () => {
    const view = await renderSignedIn();
    const key = buildCacheKey(SANDBOX_PROFILE.id, ADA.id);
    await settle(() => expect(view.cache.entries.has(key)).toBe(true));
    await view.click(view.button('Sign out'));
    await settle(() => expect(view.text()).toContain('You are signed out'));
    expect(view.calls('session/sign-out')).toHaveLength(1);
    expect(view.cache.entries.has(key)).toBe(false);
    expect(view.cache.last).toBeUndefined();
    expect(view.cache.peekLast()).toBeUndefined();
  });

  it('switches the active profile from the top bar', async () => {
    const grace = { id: 'user_grace', email: 'grace@example.test', name: 'Grace Hopper' };
    const view = await renderSignedIn(signedIn(), {
      profiles: [SANDBOX_PROFILE, REAL_PROFILE],
      activeId: SANDBOX_PROFILE.id,
    });
    view.script['profiles/activate'] = ({ id }) =>
      id === REAL_PROFILE.id ? signedIn({ profile: REAL_PROFILE, user: grace }) : new Error('unexpected');
    view.script['request/send'] = () => summaryResponse({ user: { id: 'user_grace', name: 'Grace Hopper' } });
    const select = view.$('select') as HTMLSelectElement;
    expect(select.closest('label')?.textContent).toContain('Active profile');
    expect(select.value).toBe(SANDBOX_PROFILE.id);
    select.value = REAL_PROFILE.id;
    await view.click(select); // focus
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await settle(() => expect(view.$('h1')?.textContent).toBe('Grace Hopper'));
    expect(view.calls('profiles/activate')).toEqual([['profiles/activate', { id: REAL_PROFILE.id }]]);
    await settle(() => expect(view.$$('.kp-space')).toHaveLength(1));
  });

  it('reports an HTTP error from the platform with Retry', async () => {
    popup = await renderPopup({
      'session/status': () => signedIn(),
      'profiles/list': () => PROFILES,
      'request/send': () => summaryResponse('{"id":500,"message":"boom","type":"error"}', 503),
    });
    await settle(() => expect(popup!.$('[data-error-code="http-error"]')?.textContent).toContain('(503)'));
    popup.script['request/send'] = () => summaryResponse();
    await popup.click(popup.button('Retry'));
    await settle(() => expect(popup!.$$('.kp-space')).toHaveLength(2));
    expect(popup.$('[role="alert"]')).toBeNull();
  });
});

describe('popup, expired', () => {
  it('asks to sign in again', async () => {
    popup = await renderPopup({
      'session/status': () => ({ state: 'expired', profile: SANDBOX_PROFILE, user: ADA }),
      'profiles/list': () => PROFILES,
      'session/sign-in': () => signedIn(),
      'request/send': () => summaryResponse(),
    });
    await settle(() => expect(popup!.$('h1')?.textContent).toBe('Session expired — sign in again'));
    expect(popup.text()).toContain('The session of Ada Lovelace on Sandbox has ended.');
    await popup.click(popup.button('Sign in again'));
    await settle(() => expect(popup!.$('.kp-identity__name')?.textContent).toBe('Ada Lovelace'));
  });

  it('notices an expiry reported by the summary call', async () => {
    let statusCalls = 0;
    popup = await renderPopup({
      'session/status': () => {
        statusCalls += 1;
        return statusCalls === 1 ? signedIn() : { state: 'expired', profile: SANDBOX_PROFILE };
      },
      'profiles/list': () => PROFILES,
      'request/send': () => new KeyholeError('session-expired', 'Your session has expired.'),
    });
    await settle(() => expect(popup!.$('h1')?.textContent).toBe('Session expired — sign in again'));
    expect(popup.calls('request/send')).toHaveLength(1);
  });
});

describe('popup, offline with a cached account', () => {
  it('keeps the saved account on screen with "updated N min ago" and a Retry that recovers', async () => {
    const cache = await cacheWith(cachedAda(NOW - 3 * MINUTE));
    popup = await renderPopup(
      {
        'session/status': () => signedIn(),
        'profiles/list': () => PROFILES,
        'request/send': () => networkError(),
      },
      { cache },
    );
    await settle(() => expect(popup!.$('[data-error-code="network"]')).not.toBeNull());
    expect(popup.$('[role="alert"]')?.textContent).toContain('could not reach the platform');
    expect(popup.text()).toContain('Showing saved data · updated 3 min ago');
    expect(popup.$$('.kp-space__name').map((name) => name.textContent)).toEqual(['Ada Lovelace', 'Cached Org']);

    popup.script['request/send'] = () => summaryResponse();
    await popup.click(popup.button('Retry'));
    await settle(() =>
      expect(popup!.$$('.kp-space__name').map((name) => name.textContent)).toContain('Analytical Engines Ltd'),
    );
    expect(popup.$('[role="alert"]')).toBeNull();
    expect(popup.text()).toContain('Updated just now');
    expect(popup.text()).not.toContain('Showing saved data');
  });

  it('keeps the cached account when the worker itself does not answer', async () => {
    const cache = await cacheWith(cachedAda(NOW - 10 * MINUTE));
    popup = await renderPopup(
      { 'session/status': () => new KeyholeError('internal', 'The Keyhole background worker did not answer.') },
      { cache },
    );
    await settle(() => expect(popup!.$('[data-error-code="internal"]')).not.toBeNull());
    expect(popup.$('h1')?.textContent).toBe('Ada Lovelace');
    expect(popup.text()).toContain('updated 10 min ago');
  });

  it('without a cache, shows the error and a Retry', async () => {
    let fail = true;
    popup = await renderPopup({
      'session/status': () => (fail ? new KeyholeError('timeout', 'The worker took too long to answer.') : signedIn()),
      'profiles/list': () => PROFILES,
      'request/send': () => summaryResponse(),
    });
    await settle(() => expect(popup!.text()).toContain('Keyhole could not load your account'));
    expect(popup.$('[data-error-code="timeout"]')).not.toBeNull();
    fail = false;
    await popup.click(popup.button('Retry'));
    await settle(() => expect(popup!.$$('.kp-space')).toHaveLength(2));
  });
});

describe('popup, cache first', () => {
  it('renders the cached account before the worker answers, then updates it in place', async () => {
    const cache = await cacheWith(cachedAda(NOW - 2 * DAY));
    const status = deferred<SessionStatus>();
    const summary = deferred<SendResponse>();
    popup = await renderPopup(
      {
        'session/status': () => status.promise,
        'profiles/list': () => PROFILES,
        'request/send': () => summary.promise,
      },
      { cache },
    );
    await settle(() => expect(popup!.$('h1')?.textContent).toBe('Ada Lovelace'));
    expect(popup.calls('session/status')).toHaveLength(1);
    expect(popup.$$('.kp-space__name').map((name) => name.textContent)).toEqual(['Ada Lovelace', 'Cached Org']);
    expect(popup.text()).toContain('Refreshing…');
    expect(performance.getEntriesByName(FIRST_ACCOUNT_RENDER, 'mark')).toHaveLength(1);
    const heading = popup.$('h1');

    status.resolve(signedIn());
    await settle(() => expect(popup!.calls('request/send')).toHaveLength(1));
    expect(popup.$$('.kp-space__name').map((name) => name.textContent)).toContain('Cached Org');
    summary.resolve(summaryResponse());
    await settle(() =>
      expect(popup!.$$('.kp-space__name').map((name) => name.textContent)).toEqual([
        'Ada Lovelace',
        'Analytical Engines Ltd',
      ]),
    );
    // Updated in place: the same heading element, no second "first render".
    expect(popup.$('h1')).toBe(heading);
    expect(popup.$('.kp-expiry')?.textContent).toContain('12 days');
    expect(performance.getEntriesByName(FIRST_ACCOUNT_RENDER, 'mark')).toHaveLength(1);
  });

  it('drops the cached account when the worker says nobody is signed in', async () => {
    const cache = await cacheWith(cachedAda(NOW - MINUTE));
    const status = deferred<SessionStatus>();
    popup = await renderPopup({ 'session/status': () => status.promise, 'profiles/list': () => PROFILES }, { cache });
    await settle(() => expect(popup!.$('h1')?.textContent).toBe('Ada Lovelace'));
    status.resolve({ state: 'signed-out', profile: SANDBOX_PROFILE });
    await settle(() => expect(popup!.text()).toContain('You are signed out'));
    expect(popup.text()).not.toContain('Cached Org');
    expect(cache.last).toBeUndefined();
  });

  it('shows nothing cached when the cache belongs to another user', async () => {
    const cache = await cacheWith(cachedAda(NOW - MINUTE));
    const summary = deferred<SendResponse>();
    const grace = { id: 'user_grace', email: 'grace@example.test', name: 'Grace Hopper' };
    popup = await renderPopup(
      {
        'session/status': () => signedIn({ user: grace }),
        'profiles/list': () => PROFILES,
        'request/send': () => summary.promise,
      },
      { cache },
    );
    await settle(() => expect(popup!.$('h1')?.textContent).toBe('Grace Hopper'));
    expect(popup.text()).not.toContain('Cached Org');
    expect(popup.$('.kp-skeleton')).not.toBeNull();
    summary.resolve(summaryResponse({ user: { id: 'user_grace', name: 'Grace Hopper' }, organisations: [] }));
    await settle(() => expect(popup!.$$('.kp-space')).toHaveLength(1));
  });
});

describe('popup, snapshot first paint', () => {
  it('has the last account in its state before anything is awaited, shown as saved data with its age', async () => {
    const cache = await cacheWith(cachedAda(NOW - 2 * DAY));
    const status = deferred<SessionStatus>();
    const services = {
      send: (async () => status.promise) as never,
      cache,
      now: () => NOW,
      openOptions: async () => undefined,
      extensionUrl: (path: string) => path,
      copyText: async () => undefined,
    };
    const controller = new PopupController(services);
    const view = controller.getState().view;
    expect(view.kind).toBe('account');
    expect(view.kind === 'account' && view.account.snapshot.user.name).toBe('Ada Lovelace');
    expect(view.kind === 'account' && view.account.refreshing && !view.account.fresh).toBe(true);
    // Rendered synchronously, as the entry module does: the account is in the first frame.
    const container = document.createElement('div');
    render(<Popup controller={controller} services={services} />, container);
    expect(container.querySelector('h1')?.textContent).toBe('Ada Lovelace');
    expect(container.textContent).toContain('Refreshing… (saved 2 days ago)');
    expect(performance.getEntriesByName(FIRST_ACCOUNT_RENDER, 'mark')).toHaveLength(1);
    render(null, container);
    controller.dispose();
  });

  it('drops the painted account when IndexedDB no longer has it (the worker signed it out or deleted its profile)', async () => {
    const cache = await cacheWith(cachedAda(NOW - MINUTE));
    cache.forgetInWorker(buildCacheKey(SANDBOX_PROFILE.id, ADA.id));
    const status = deferred<SessionStatus>();
    popup = await renderPopup({ 'session/status': () => status.promise, 'profiles/list': () => PROFILES }, { cache });
    await settle(() => expect(popup!.$('h1')).toBeNull());
    expect(popup.text()).not.toContain('Cached Org');
    expect(cache.peekLast()).toBeUndefined();
    status.resolve({ state: 'signed-out', profile: SANDBOX_PROFILE });
    await settle(() => expect(popup!.text()).toContain('You are signed out'));
  });

  it('shows the worker failure, not the forgotten account, when IndexedDB no longer has it', async () => {
    const cache = await cacheWith(cachedAda(NOW - MINUTE));
    cache.forgetInWorker(buildCacheKey(SANDBOX_PROFILE.id, ADA.id));
    popup = await renderPopup({ 'session/status': () => networkError() }, { cache });
    await settle(() => expect(popup!.button('Retry')).toBeTruthy());
    expect(popup.$('h1')?.textContent).not.toBe('Ada Lovelace');
    expect(popup.text()).not.toContain('Cached Org');
  });

  it('replaces a mirror older than IndexedDB with the saved entry', async () => {
    const cache = await cacheWith(cachedAda(NOW - DAY));
    const newer = cachedAda(NOW - MINUTE);
    newer.summary.spaces[1]!.name = 'Newer Org';
    cache.entries.set(newer.key, newer);
    const status = deferred<SessionStatus>();
    popup = await renderPopup({ 'session/status': () => status.promise, 'profiles/list': () => PROFILES }, { cache });
    await settle(() => expect(popup!.text()).toContain('Newer Org'));
    expect(cache.peekLast()?.fetchedAt).toBe(NOW - MINUTE);
  });
});

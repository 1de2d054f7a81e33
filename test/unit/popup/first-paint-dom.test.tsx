// @vitest-environment happy-dom

import { afterEach, describe, expect, it } from 'vitest';
import { buildCacheKey, CACHE_VERSION, type CachedAccount } from '../../../src/popup/account-cache.ts';
import { buildAccountScreen, FIRST_PAINT_ATTRIBUTE, paintAccount } from '../../../src/popup/first-paint-dom.ts';
import { MemoryAccountCache } from './support/memory-account-cache.ts';
import { ADA, DAY, deferred, type Harness, NOW, renderPopup, SANDBOX_PROFILE } from './support/popup-harness.tsx';

const MINUTE = 60 * 1000;
const extensionUrl = (path: string) => `chrome-extension://keyhole-test/${path}`;

function entry(overrides: {
  user?: CachedAccount['snapshot']['user'];
  profile?: Partial<CachedAccount['snapshot']['profile']>;
  expiresAt?: string;
  spaces?: CachedAccount['summary']['spaces'];
  fetchedAt?: number;
}): CachedAccount {
  const user = overrides.user ?? ADA;
  const profile = { ...SANDBOX_PROFILE, ...overrides.profile };
  return {
    version: CACHE_VERSION,
    key: buildCacheKey(profile.id, user.id),
    snapshot: { profile, user, expiresAt: overrides.expiresAt ?? new Date(NOW + 40 * DAY).toISOString() },
    summary: {
      spaces: overrides.spaces ?? [
        { id: 'user_ada', name: 'Ada Lovelace', personal: true, applications: [], addonCount: 0 },
        {
          id: 'orga_cached',
          name: 'Cached Org',
          role: 'DEVELOPER',
          avatar: 'https://ccapiavatars.cellar-c2.services.clever-cloud.com/orga_cached/avatar.png',
          personal: false,
          applications: [{ id: 'app_c', name: 'cached-app', state: 'SHOULD_BE_UP', archived: false }],
          addonCount: 1,
        },
        { id: 'orga_plain', name: 'No-role Org', personal: false, applications: [], addonCount: 2 },
      ],
    },
    fetchedAt: overrides.fetchedAt ?? NOW - 5 * MINUTE,
  };
}

/**
 * The markup as a screen reader and the stylesheet see it: elements with sorted attributes, text merged and
 * trimmed of empty nodes. Event handlers are not markup, so the two renderers can be compared with this.
 */
function canonical(node: Node): string {
  if (node.nodeType === node.TEXT_NODE) return JSON.stringify(node.textContent);
  if (node.nodeType !== node.ELEMENT_NODE) return '';
  const element = node as Element;
  const attributes = [...element.attributes]
    .map((attribute) => `${attribute.name}=${JSON.stringify(attribute.value)}`)
    .sort()
    .join(' ');
  const children = [...element.childNodes]
    .filter((child) => child.nodeType !== child.TEXT_NODE || child.textContent !== '')
    .map(canonical)
    .join('');
  return `<${element.tagName.toLowerCase()} ${attributes}>${children}</${element.tagName.toLowerCase()}>`;
}

function canonicalOf(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.normalize();
  return canonical(copy);
}

let popup: Harness | undefined;
afterEach(() => {
  popup?.unmount();
  popup = undefined;
  document.body.replaceChildren();
});

/** The app's first render of a cached account: the worker has not answered yet (its answer never comes here). */
async function renderAppFrom(cached: CachedAccount): Promise<Element> {
  const cache = new MemoryAccountCache();
  await cache.save(cached);
  const never = deferred<never>().promise;
  popup = await renderPopup({ 'session/status': () => never, 'profiles/list': () => never }, { cache });
  const screen = popup.$('.kp-popup');
  if (!screen) throw new Error(`no popup screen in ${popup.container.innerHTML}`);
  return screen;
}

/** The app's markup without its collapsed application lists, which the first paint leaves empty (hidden). */
function withoutHiddenLists(screen: Element): Element {
  const copy = screen.cloneNode(true) as Element;
  for (const body of copy.querySelectorAll('.kp-space__body[hidden]')) body.replaceChildren();
  return copy;
}

describe('the popup first paint', () => {
  const cases: [string, CachedAccount][] = [
    ['a named user with organisations and a console', entry({})],
    [
      'an address-only user with a picture, no console, session ending soon',
      entry({
        user: {
          id: 'user_bob',
          email: 'bob.builder@example.test',
          avatar: 'https://secure.gravatar.com/avatar/0bc83cb571cd1c50ba6f3e8a78ef1346?s=88',
        },
        profile: { consoleUrl: undefined },
        expiresAt: new Date(NOW + 3 * DAY).toISOString(),
      }),
    ],
    ['no space at all, session expired', entry({ spaces: [], expiresAt: new Date(NOW - DAY).toISOString() })],
    ['an unreadable expiry, fetched just now', entry({ expiresAt: 'soon', fetchedAt: NOW })],
  ];

  it.each(cases)('is the markup of the app’s first render: %s', async (_, cached) => {
    const app = await renderAppFrom(cached);
    const painted = buildAccountScreen(document, cached, NOW, extensionUrl);
    expect(canonicalOf(painted)).toBe(canonicalOf(withoutHiddenLists(app)));
  });

  it('loads no picture from a host the platform does not put avatars on (a tracking pixel): initials instead', async () => {
    const pixel = (who: string) => `https://tracker.example.test/pixel.png?who=${who}`;
    const cached = entry({
      user: { ...ADA, avatar: pixel('ada') },
      spaces: [
        {
          id: 'orga_a',
          name: 'Http Org',
          personal: false,
          applications: [],
          addonCount: 0,
          avatar: 'http://ccapiavatars.cellar-c2.services.clever-cloud.com/orga_a/avatar.png',
        },
        { id: 'orga_b', name: 'Pixel Org', personal: false, applications: [], addonCount: 0, avatar: pixel('org') },
        {
          id: 'orga_c',
          name: 'Lookalike Org',
          personal: false,
          applications: [],
          addonCount: 0,
          avatar: 'https://ccapiavatars.cellar-c2.services.clever-cloud.com.tracker.test/a.png',
        },
        {
          id: 'orga_d',
          name: 'Port Org',
          personal: false,
          applications: [],
          addonCount: 0,
          avatar: 'https://avatars.githubusercontent.com:8443/u/1',
        },
        {
          id: 'orga_e',
          name: 'Login Org',
          personal: false,
          applications: [],
          addonCount: 0,
          avatar: 'https://x:y@secure.gravatar.com/avatar/1',
        },
      ],
    });
    const painted = buildAccountScreen(document, cached, NOW, extensionUrl);
    const app = await renderAppFrom(cached);
    for (const screen of [painted, app]) {
      expect([...screen.querySelectorAll('img.kp-avatar')].map((img) => img.getAttribute('src'))).toEqual([]);
      expect(screen.querySelector('.kp-identity .kp-avatar')?.textContent).toBe('AL');
    }
    expect(canonicalOf(painted)).toBe(canonicalOf(withoutHiddenLists(app)));
  });

  it('shows the account as text, whatever it contains: no markup, no script, no unsafe address', () => {
    const hostile = '<img src=x onerror="globalThis.pwned=1"><script>globalThis.pwned=1</script>';
    const cached = entry({
      user: { id: `user_"><b>x</b>`, email: hostile, name: hostile, avatar: 'javascript:globalThis.pwned=1' },
      profile: { name: `</span>${hostile}`, consoleUrl: 'javascript:globalThis.pwned=1' },
      spaces: [
        {
          id: `"><script>`,
          name: hostile,
          role: hostile,
          avatar: 'data:text/html,<script>globalThis.pwned=1</script>',
          personal: false,
          applications: [],
          addonCount: 0,
        },
      ],
    });
    const root = document.createElement('div');
    document.body.append(root);
    expect(paintAccount(root, cached, NOW, extensionUrl)).toBe(true);

    expect(root.querySelectorAll('script, b, [onerror]')).toHaveLength(0);
    expect(root.querySelectorAll('img')).toHaveLength(1); // the brand icon only: pictures that are not http(s) are initials
    expect(root.querySelector('.kp-identity__name')?.textContent).toBe(hostile);
    expect(root.querySelector('.kp-chip')?.textContent).toBe(`Active profile: </span>${hostile}`);
    expect(root.querySelector('.kp-space__name')?.textContent).toBe(hostile);
    expect(root.querySelector('.kp-code')?.textContent).toBe(`user_"><b>x</b>`);
    const links = [...root.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(links).toEqual([`chrome-extension://keyhole-test/src/devtools/panel.html#invoices?org=%22%3E%3Cscript%3E`]);
    expect((globalThis as { pwned?: number }).pwned).toBeUndefined();
  });

  it('paints nothing without a mirrored account, and leaves the page to the app', () => {
    const root = document.createElement('div');
    expect(paintAccount(root, undefined, NOW, extensionUrl)).toBe(false);
    expect(root.childNodes).toHaveLength(0);
  });

  it('is marked, inert (no dead button takes focus, nothing read twice), and the only thing in the root', () => {
    const root = document.createElement('div');
    root.append(document.createElement('p'));
    paintAccount(root, entry({}), NOW, extensionUrl);
    expect(root.children).toHaveLength(1);
    const screen = root.firstElementChild as HTMLElement;
    expect(screen.hasAttribute(FIRST_PAINT_ATTRIBUTE)).toBe(true);
    expect(screen.inert).toBe(true);
  });

  it('leaves colours to the stylesheets, so the first frame has the theme of the system', () => {
    const screen = buildAccountScreen(document, entry({}), NOW, extensionUrl);
    const styled = [...screen.querySelectorAll('[style]')];
    // Only the avatars' box (as Avatar.tsx), never a colour that would ignore a dark theme.
    expect(styled.map((element) => element.className)).toEqual([
      'kp-avatar kp-avatar--initials',
      'kp-avatar kp-avatar--square kp-avatar--initials',
      'kp-avatar kp-avatar--square',
      'kp-avatar kp-avatar--square kp-avatar--initials',
    ]);
    for (const element of styled) expect(element.getAttribute('style')).not.toMatch(/color|background/);
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
  });

  it('says the data is saved and how old, with times from the clock it is given', () => {
    const screen = buildAccountScreen(document, entry({ fetchedAt: NOW - 3 * DAY }), NOW, extensionUrl);
    expect(screen.querySelector('.kp-updated')?.textContent).toBe('Refreshing… (saved 3 days ago)');
    expect(screen.querySelector('.kp-expiry')?.textContent).toBe('Session expires in 40 days');
  });

  it('turns a picture that does not load into initials, as the app does', () => {
    const cached = entry({ user: { ...ADA, avatar: 'https://avatars.githubusercontent.com/u/12345?v=4' } });
    const screen = buildAccountScreen(document, cached, NOW, extensionUrl);
    const picture = screen.querySelector('.kp-identity img.kp-avatar')!;
    picture.dispatchEvent(new Event('error'));
    expect(screen.querySelector('.kp-identity .kp-avatar')?.textContent).toBe('AL');
    expect(screen.querySelector('.kp-identity img.kp-avatar')).toBeNull();
  });
});

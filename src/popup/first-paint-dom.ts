/**
 * The popup's signed-in screen in plain DOM, built by popup/first-paint.ts (a classic script the parser runs while
 * the app's module graph is still loading) from the account cache's synchronous mirror, so the account is in the
 * popup's first frame. It is the markup the app's first render makes from the same entry (Popup with TopBar and
 * AccountView, refreshing, not yet confirmed by the worker), minus event handlers and the collapsed application
 * lists; test/unit/popup/first-paint-dom.test.ts compares the two. The app replaces it whole, in one task, once
 * mounted: nothing moves, nothing flashes, and there is never a second copy of the account in the document.
 *
 * Everything stored is treated as hostile: text goes in as text nodes, attributes with setAttribute, and only
 * http(s) pictures and links are used (as the app does). No colour is set here: the stylesheets, which block the
 * first paint, give the theme.
 */

import { formatRelativeTime } from '../core/format/format-relative-time.ts';
import type { AccountSpace } from '../core/platform/account-summary.ts';
import { countLabel, formatRole } from '../core/platform/account-summary.ts';
import { buildConsoleLink } from '../core/platform/console-links.ts';
import { describeSessionExpiry } from '../core/profiles/session-expiry.ts';
import type { CachedAccount } from './account-cache.ts';
import { avatarSize, initialsOf, isLoadableAvatar } from './avatar-parts.ts';
import { ACCOUNT_ICON_PATHS, type AccountIconName } from './icon-paths.ts';
import { buildInvoicesPanelPath } from './panel-links.ts';

/** Set on the painted screen: the app knows it has a first paint to replace, and tests can tell who drew it. */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';

type Child = Node | string | null | undefined | false;
type Attributes = Record<string, string | undefined>;

const SVG = 'http://www.w3.org/2000/svg';

/** The account's screen, or nothing when there is no mirrored entry (the app then decides what to show). */
export function paintAccount(
  root: HTMLElement,
  entry: CachedAccount | undefined,
  now: number,
  extensionUrl: (path: string) => string,
): boolean {
  if (!entry) return false;
  const screen = buildAccountScreen(root.ownerDocument, entry, now, extensionUrl);
  // Visible, but neither focusable nor clickable nor in the accessibility tree: its buttons do nothing until the
  // app, which has the handlers, takes its place a frame later; a screen reader meets the account once, the app's.
  screen.inert = true;
  screen.setAttribute(FIRST_PAINT_ATTRIBUTE, '');
  root.replaceChildren(screen);
  return true;
}

export function buildAccountScreen(
  doc: Document,
  entry: CachedAccount,
  clockNow: number,
  extensionUrl: (path: string) => string,
): HTMLElement {
  const h = elementMaker(doc);
  const icon = iconMaker(doc);
  const avatar = avatarMaker(doc);
  const { user, profile, expiresAt } = entry.snapshot;
  // As AccountView: a summary fetched after the clock's reading is never "in under a minute".
  const now = Math.max(clockNow, entry.fetchedAt);
  const displayName = user.name || user.email;
  const expiry = describeSessionExpiry(expiresAt, now);
  const spaces = entry.summary.spaces;
  const copyLabel = 'Copy user ID';
  return h(
    'div',
    { class: 'kp-popup' },
    h(
      'header',
      { class: 'kp-topbar' },
      h(
        'span',
        { class: 'kp-brand' },
        h('img', { src: '/icons/icon-32.png', width: '18', height: '18', alt: '' }),
        'Keyhole',
      ),
      h(
        'span',
        { class: 'kp-chip', title: 'Active profile' },
        h('span', { class: 'kh-visually-hidden' }, 'Active profile: '),
        profile.name,
      ),
    ),
    h(
      'main',
      { class: 'kp-main', 'aria-busy': 'false' },
      h(
        'section',
        { class: 'kp-identity', 'aria-label': 'Signed-in account' },
        avatar(user.avatar, displayName, 44, false),
        h(
          'div',
          { class: 'kp-identity__text' },
          h('h1', { class: 'kp-identity__name' }, displayName),
          user.name ? h('div', { class: 'kp-identity__email' }, user.email) : null,
          h(
            'div',
            { class: 'kp-identity__id' },
            h('span', { class: 'kh-visually-hidden' }, 'User ID: '),
            h('code', { class: 'kp-code', title: user.id }, user.id),
            h(
              'button',
              { type: 'button', class: 'kp-icon-button', 'aria-label': copyLabel, title: copyLabel },
              icon('copy'),
            ),
            h('span', { class: 'kp-copy-result', role: 'status' }),
          ),
        ),
      ),
      h(
        'p',
        {
          class: `kp-expiry kp-expiry--${expiry.tone}`,
          title: expiry.at ? expiry.at.toLocaleString() : undefined,
        },
        icon(expiry.tone === 'warn' || expiry.tone === 'expired' ? 'alert' : 'clock'),
        h('span', {}, `Session ${expiry.text.charAt(0).toLowerCase()}${expiry.text.slice(1)}`),
      ),
      h(
        'section',
        { class: 'kp-spaces', 'aria-labelledby': 'kp-spaces-title' },
        h(
          'h2',
          { class: 'kp-section-title', id: 'kp-spaces-title' },
          'Organisations',
          h('span', { class: 'kp-count' }, String(spaces.length)),
        ),
        spaces.length > 0
          ? h(
              'ul',
              { class: 'kp-space-list' },
              ...spaces.map((space) => buildSpaceCard(doc, space, profile.consoleUrl, extensionUrl)),
            )
          : h('p', { class: 'kp-empty' }, 'Nothing here yet: no organisation and no personal applications.'),
      ),
      h(
        'footer',
        { class: 'kp-footer' },
        h(
          'p',
          { class: 'kp-updated', role: 'status' },
          h('span', { class: 'kp-spinner kp-spinner--small', 'aria-hidden': 'true' }),
          // Saved data is never presented as current: its age is shown until the worker has confirmed it.
          `Refreshing… (saved ${formatRelativeTime(entry.fetchedAt, now)})`,
        ),
        h(
          'p',
          { class: 'kp-hint' },
          icon('code'),
          h(
            'span',
            {},
            'Open in DevTools: press ',
            h('kbd', {}, 'F12'),
            ', then the ',
            h('strong', {}, 'Keyhole'),
            ' tab.',
          ),
        ),
        h('button', { type: 'button', class: 'kh-button kp-signout' }, icon('signOut'), 'Sign out'),
      ),
    ),
  );
}

/** SpaceCard, collapsed: its application list is hidden, so it is left empty until the app renders it. */
function buildSpaceCard(
  doc: Document,
  space: AccountSpace,
  consoleUrl: string | undefined,
  extensionUrl: (path: string) => string,
): HTMLElement {
  const h = elementMaker(doc);
  const icon = iconMaker(doc);
  const listId = `apps-${space.id}`;
  const consoleLink = buildConsoleLink(consoleUrl, space);
  const role = space.personal ? 'Personal' : space.role ? formatRole(space.role) : undefined;
  const link = (href: string, label: string, title: string, name: AccountIconName) =>
    h(
      'a',
      { class: 'kp-icon-button', href, target: '_blank', rel: 'noreferrer', 'aria-label': label, title },
      icon(name),
    );
  return h(
    'li',
    { class: 'kp-space', 'data-space-id': space.id },
    h(
      'div',
      { class: 'kp-space__head' },
      h(
        'button',
        { type: 'button', class: 'kp-space__toggle', 'aria-expanded': 'false', 'aria-controls': listId },
        icon('chevron', 'kp-space__chevron'),
        avatarMaker(doc)(space.avatar, space.name, 28, true),
        h(
          'span',
          { class: 'kp-space__text' },
          h('span', { class: 'kp-space__name' }, space.name),
          h(
            'span',
            { class: 'kp-space__meta' },
            `${countLabel(space.applications.length, 'app', 'apps')} · ${countLabel(space.addonCount, 'add-on', 'add-ons')}`,
          ),
        ),
        role ? h('span', { class: space.personal ? 'kp-badge kp-badge--accent' : 'kp-badge' }, role) : null,
      ),
      link(extensionUrl(buildInvoicesPanelPath(space.id)), `Invoices of ${space.name}`, 'Invoices', 'receipt'),
      consoleLink ? link(consoleLink, `Console for ${space.name}`, 'Open in the console', 'external') : null,
    ),
    h('div', { class: 'kp-space__body', id: listId, hidden: '' }),
  );
}

/** `h(tag, attributes, ...children)`: strings become text nodes, never markup. */
function elementMaker(doc: Document) {
  return (tag: string, attributes: Attributes, ...children: Child[]): HTMLElement => {
    const element = doc.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) {
      if (value !== undefined) element.setAttribute(name, value);
    }
    for (const child of children) {
      if (child === null || child === undefined || child === false) continue;
      element.append(typeof child === 'string' ? doc.createTextNode(child) : child);
    }
    return element;
  };
}

/** Icon.tsx's markup. */
function iconMaker(doc: Document) {
  return (name: AccountIconName, className?: string): SVGElement => {
    const svg = doc.createElementNS(SVG, 'svg');
    const attributes: Attributes = {
      class: className ? `kp-icon ${className}` : 'kp-icon',
      width: '16',
      height: '16',
      viewBox: '0 0 16 16',
      fill: 'none',
      stroke: 'currentColor',
      'stroke-width': '1.5',
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
      'aria-hidden': 'true',
      focusable: 'false',
    };
    for (const [key, value] of Object.entries(attributes)) svg.setAttribute(key, value!);
    const path = doc.createElementNS(SVG, 'path');
    path.setAttribute('d', ACCOUNT_ICON_PATHS[name]);
    svg.append(path);
    return svg;
  };
}

/**
 * Avatar.tsx's markup. A picture that fails to load turns into the initials, as the app's does (its own copy of
 * the picture then fails the same way).
 */
function avatarMaker(doc: Document) {
  return (src: string | undefined, label: string, size: number, square: boolean): HTMLElement => {
    const shape = square ? 'kp-avatar kp-avatar--square' : 'kp-avatar';
    const initials = () => {
      const span = doc.createElement('span');
      span.className = `${shape} kp-avatar--initials`;
      Object.assign(span.style, avatarSize(size));
      span.setAttribute('aria-hidden', 'true');
      span.textContent = initialsOf(label);
      return span;
    };
    if (!isLoadableAvatar(src)) return initials();
    const img = doc.createElement('img');
    img.className = shape;
    img.setAttribute('src', src);
    img.setAttribute('alt', '');
    Object.assign(img.style, avatarSize(size));
    img.setAttribute('referrerpolicy', 'no-referrer');
    img.addEventListener('error', () => img.replaceWith(initials()), { once: true });
    return img;
  };
}

/**
 * Links to one application or add-on: its page in the platform's web console, and the panel address that opens
 * the "follow" menu for it (the popup's shortcut to compose a call). Kept apart from console-links.ts, which the
 * popup loads at startup: these are only needed once a menu is opened.
 */
import type { IdKindId } from './id-kinds.ts';

export interface ResourceOwner {
  id: string;
  /** The personal space (its id is the user's): its console pages are under /users/me. */
  personal: boolean;
}

/** Only http(s) console addresses become links: a typo or a `javascript:` URL yields none. */
export function buildResourceConsoleLink(
  consoleUrl: string | undefined,
  owner: ResourceOwner,
  resource: { kind: 'application' | 'addon'; id: string },
): string | undefined {
  if (!consoleUrl) return undefined;
  let base: URL;
  try {
    base = new URL(consoleUrl);
  } catch {
    return undefined;
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') return undefined;
  const root = base.href.replace(/\/+$/, '').replace(/\/users\/me$/, '');
  const space = owner.personal ? `${root}/users/me` : `${root}/organisations/${encodeURIComponent(owner.id)}`;
  return `${space}/${resource.kind === 'application' ? 'applications' : 'addons'}/${encodeURIComponent(resource.id)}`;
}

/** What the panel's `#catalog?follow=…` address asks for: an id to follow, and its owner when known. */
export interface FollowRequest {
  kind: IdKindId;
  value: string;
  ownerId?: string;
}

const FOLLOWABLE: ReadonlySet<string> = new Set<IdKindId>(['application', 'addon', 'organisation', 'user']);
const ID = /^[A-Za-z0-9._~-]{1,200}$/;

/** The panel path (relative to the extension) that opens the follow menu for an id. */
export function buildFollowPanelPath(request: FollowRequest): string {
  const params = new URLSearchParams({ follow: `${request.kind}:${request.value}` });
  if (request.ownerId) params.set('owner', request.ownerId);
  return `src/devtools/panel.html#catalog?${params.toString()}`;
}

/**
 * Reads a `#catalog?follow=kind:id&owner=…` hash. Anything unexpected (another kind, an id with other characters)
 * yields nothing: the address may have been typed or linked by anyone.
 */
export function parseFollowHash(hash: string): FollowRequest | undefined {
  const query = hash.replace(/^#/, '').split('?')[1];
  if (!query) return undefined;
  const params = new URLSearchParams(query);
  const [kind, value] = (params.get('follow') ?? '').split(/:(.*)/s);
  if (!kind || !value || !FOLLOWABLE.has(kind) || !ID.test(value)) return undefined;
  const owner = params.get('owner') ?? undefined;
  return { kind: kind as IdKindId, value, ...(owner && ID.test(owner) ? { ownerId: owner } : {}) };
}

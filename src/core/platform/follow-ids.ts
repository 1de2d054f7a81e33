/**
 * "Follow ids": values in a response that are platform ids or API URLs become links that compose the next call.
 * Recognition runs for each rendered row of a (virtualised) JSON tree, so it is a couple of regular-expression
 * tests and a map lookup, nothing more. Choosing the endpoints is done once the user opens the menu, with the
 * catalog loaded.
 */

import { dataRecord, ownValue } from '../data-record.ts';
import type { ProfileOrigins } from '../http/request-url.ts';
import { splitRequestUrl } from '../http/request-url.ts';
import type { RequestTarget } from '../protocol.ts';
import { listPlaceholders, matchPathTemplate } from '../workbench/path-template.ts';
import { type CatalogEntry, isSendable } from './catalog.ts';
import { type IdKindId, idKindOfPlaceholder } from './id-kinds.ts';

export type FollowTarget =
  | { type: 'id'; kind: IdKindId; value: string }
  /** An address on the profile's own API or bridge: following it composes that GET. */
  | { type: 'call'; target: RequestTarget; path: string; query: [string, string][]; url: string }
  /** Any other address: copyable only, never fetched or opened (it could be anything). */
  | { type: 'url'; url: string };

/** The platform's prefixed ids: `orga_…`, `app_…`, `addon_…`, `user_…`. */
const PREFIXED = /^(orga|app|addon|user)_[A-Za-z0-9-]{4,100}$/;
const PREFIX_KINDS: Record<string, IdKindId> = {
  orga: 'organisation',
  app: 'application',
  addon: 'addon',
  user: 'user',
};

/** Unprefixed ids, known by the field that holds them (the platform's own field names and Keyhole's placeholders). */
const KEY_KINDS = new Map<string, IdKindId>([
  ['consumerKey', 'consumer'],
  ['oauthConsumerKey', 'consumer'],
  ['apiTokenId', 'api-token'],
  ['invoice_number', 'invoice'],
  ['invoiceNumber', 'invoice'],
  ['realId', 'addon-real-id'],
  ['addonRealId', 'addon-real-id'],
  ['deploymentId', 'deployment'],
  ['drainId', 'drain'],
  ['instanceId', 'instance'],
  ['networkGroupId', 'network-group'],
  ['providerId', 'addon-provider'],
  ['planId', 'plan'],
  ['webhookId', 'webhook'],
  ['emailhookId', 'emailhook'],
]);

/** A plain token: letters, digits and `-._~` (an id, not prose). */
const TOKEN = /^[A-Za-z0-9._~-]{1,200}$/;

/** What a value in a response could be followed to, from its field name and value; undefined for most. */
export function recogniseFollowValue(
  key: string | number | null,
  value: unknown,
  origins: ProfileOrigins | undefined,
): FollowTarget | undefined {
  if (typeof value === 'number' && typeof key === 'string' && Number.isSafeInteger(value) && value >= 0) {
    const kind = KEY_KINDS.get(key);
    return kind ? { type: 'id', kind, value: String(value) } : undefined;
  }
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return undefined;
  const prefixed = PREFIXED.exec(value);
  if (prefixed) return { type: 'id', kind: PREFIX_KINDS[prefixed[1] as string] as IdKindId, value };
  if (value.startsWith('https://') || value.startsWith('http://')) return recogniseUrl(value, origins);
  if (typeof key === 'string' && TOKEN.test(value)) {
    const kind = KEY_KINDS.get(key);
    if (kind) return { type: 'id', kind, value };
  }
  return undefined;
}

function recogniseUrl(value: string, origins: ProfileOrigins | undefined): FollowTarget | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (origins) {
    const own = [origins.apiBaseUrl, origins.bridgeUrl].some((base) => sameOrigin(base, url));
    const split = own ? splitRequestUrl(value, origins) : undefined;
    if (split?.target && /^\/(v2|v4)\//.test(split.path))
      return { type: 'call', target: split.target, path: split.path, query: split.query, url: value };
  }
  return { type: 'url', url: value };
}

function sameOrigin(base: string, url: URL): boolean {
  try {
    return new URL(base).origin === url.origin;
  } catch {
    return false;
  }
}

/** The kinds a placeholder may take this id as: a user's id is also their personal organisation's. */
function fits(kind: IdKindId, placeholder: string): boolean {
  const of = idKindOfPlaceholder(placeholder)?.id;
  return of === kind || (kind === 'user' && of === 'organisation');
}

export interface FollowCall {
  entry: CatalogEntry;
  /** Every placeholder of the entry, filled. */
  params: Record<string, string>;
}

/**
 * The endpoints an id can be the next call of: those with a placeholder of its kind whose other placeholders are
 * all known (from the call that returned it). Reads first, then those that use the most of what is known (an
 * application listed under an organisation: that organisation's endpoints), then the shortest. When the owner is
 * known to be an organisation, the personal space's `/v2/self/…` endpoints are left out: they would not find it.
 */
export function followCalls(
  entries: readonly CatalogEntry[],
  target: { kind: IdKindId; value: string },
  known: Readonly<Record<string, string>>,
): FollowCall[] {
  const calls: FollowCall[] = [];
  const ownedByOrganisation = ownValue(known, 'organisationId')?.startsWith('orga_') === true;
  for (const entry of entries) {
    if (!isSendable(entry)) continue;
    if (ownedByOrganisation && /^\/v2\/self\/(applications|addons)\//.test(entry.pathTemplate)) continue;
    const names = listPlaceholders(entry.pathTemplate);
    const slot = names.find((name) => fits(target.kind, name));
    if (!slot) continue;
    const params = dataRecord<string>();
    let complete = true;
    for (const name of names) {
      const value = name === slot ? target.value : ownValue(known, name);
      if (value === undefined || value === '') {
        complete = false;
        break;
      }
      params[name] = value;
    }
    if (complete) calls.push({ entry, params });
  }
  const rank = (call: FollowCall) => (call.entry.method === 'GET' ? 0 : 1);
  const context = (call: FollowCall) =>
    Object.keys(call.params).filter((name) => ownValue(known, name) !== undefined).length;
  return calls.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      context(b) - context(a) ||
      Object.keys(a.params).length - Object.keys(b.params).length ||
      a.entry.pathTemplate.length - b.entry.pathTemplate.length ||
      a.entry.method.localeCompare(b.entry.method),
  );
}

/** The placeholders a concrete call filled (its path matched against the catalog), as context for the next. */
export function knownParams(
  entries: readonly CatalogEntry[],
  call: { method: string; target: RequestTarget; path: string },
): Record<string, string> {
  const path = call.path.split('?')[0] ?? call.path;
  let best: Record<string, string> | undefined;
  for (const entry of entries) {
    if (entry.target !== call.target) continue;
    const values = matchPathTemplate(entry.pathTemplate, path);
    if (values && (!best || Object.keys(values).length > Object.keys(best).length)) best = values;
  }
  return best ?? {};
}

const OWNER_ID = /^(orga|user)_[A-Za-z0-9-]{4,100}$/;

/**
 * What the value's surroundings say: the organisation owning it. In `/v2/summary` an application sits in
 * `organisations[i].applications[j]`, under the organisation's `id`; an application record names its `ownerId`.
 * Read from the nearest object up, only when the user opens the menu (walks one JSON Pointer, not the tree).
 */
export function contextOf(root: unknown, pointer: string): Record<string, string> {
  const segments = pointer === '' ? [] : pointer.slice(1).split('/').map(unescapePointer);
  const chain: unknown[] = [root];
  let node = root;
  for (const segment of segments.slice(0, -1)) {
    node = isRecord(node) || Array.isArray(node) ? (node as Record<string, unknown>)[segment] : undefined;
    chain.push(node);
  }
  for (let index = chain.length - 1; index >= 0; index -= 1) {
    const holder = chain[index];
    if (!isRecord(holder)) continue;
    const own = index === chain.length - 1;
    // The object holding the value: its owner. An object further up: the organisation itself (its id).
    for (const candidate of own ? [holder.ownerId] : [holder.ownerId, holder.id])
      if (typeof candidate === 'string' && OWNER_ID.test(candidate)) return { organisationId: candidate };
  }
  return {};
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

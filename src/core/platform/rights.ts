/**
 * The platform's OAuth rights: the spec's eleven with our own one-line meaning of each, the tolerant reading of
 * `GET /v2/oauth/rights` (its body shape is undocumented: an object name → anything, an array of names, or an
 * array of `{name, description}`), and the rights a consumer asks for as `/v2/self/consumers/{key}` reports them.
 */

import { dataRecord, ownValue } from '../data-record.ts';
import { isSpecRight, SPEC_RIGHTS, type SpecRight } from './right-names.ts';

export { isSpecRight, SPEC_RIGHTS, type SpecRight } from './right-names.ts';

/** Our wording, not the platform's: what a consumer holding the right can do on the user's behalf. */
export const RIGHT_MEANINGS: Record<SpecRight, string> = {
  access_organisations: 'Read your organisations and everything in them: applications, add-ons, members.',
  access_organisations_bills: 'Read and download the invoices of your organisations.',
  access_organisations_consumption_statistics: 'Read how much each application and add-on consumed.',
  access_organisations_credit_count: 'Read the credits left on your organisations.',
  access_personal_information: 'Read your profile: name, email, postal address, SSH keys, OAuth consumers.',
  manage_organisations: 'Change your organisations’ settings and their OAuth consumers.',
  manage_organisations_applications: 'Create, configure, deploy, restart and delete applications.',
  manage_organisations_members: 'Invite, change and remove members of your organisations.',
  manage_organisations_services: 'Create, change and delete add-ons (databases, storage, caches).',
  manage_personal_information: 'Change your profile and your own OAuth consumers.',
  manage_ssh_keys: 'Add and remove the SSH keys that can push code.',
};

/** Rights seen on real consumer records beyond the spec's list (platform-notes.md). */
const OTHER_MEANINGS: Record<string, string> = {
  almighty: 'Every right at once. Read-only: shown on consumer records, a consumer cannot ask for it.',
};

/** One right as the platform reported it; `description` only when the body carried one. */
export interface ReportedRight {
  name: string;
  description?: string;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function descriptionOf(value: unknown): string | undefined {
  if (typeof value === 'string') return nonEmptyString(value);
  if (isObject(value)) return nonEmptyString(value.description) ?? nonEmptyString(value.label);
  return undefined;
}

function reported(name: string, description: string | undefined): ReportedRight {
  return description === undefined ? { name } : { name, description };
}

/**
 * Reads a decoded `/v2/oauth/rights` body. Accepts `{name: anything}` (a string value is taken as the description,
 * an object's `description` too), `[name, ...]`, `[{name, description}, ...]`, and either array wrapped as
 * `{rights: [...]}`. Unreadable items are skipped; duplicates keep their first occurrence.
 * Returns undefined when the body has none of these shapes, so the caller can say so instead of showing nothing.
 */
export function parseRightsBody(body: unknown): ReportedRight[] | undefined {
  let items: ReportedRight[];
  if (Array.isArray(body)) {
    items = body.flatMap((item): ReportedRight[] => {
      const plain = nonEmptyString(item);
      if (plain) return [{ name: plain }];
      if (!isObject(item)) return [];
      const name = nonEmptyString(item.name) ?? nonEmptyString(item.id) ?? nonEmptyString(item.right);
      return name ? [reported(name, descriptionOf(item))] : [];
    });
  } else if (isObject(body)) {
    if (Array.isArray(body.rights) || isObject(body.rights)) return parseRightsBody(body.rights);
    items = Object.entries(body)
      .filter(([name]) => name.trim() !== '')
      .map(([name, value]) => reported(name.trim(), descriptionOf(value)));
  } else {
    return undefined;
  }
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item.name)) return false;
    seen.add(item.name);
    return true;
  });
}

/**
 * The rights a consumer asks for, from a consumer body (`{rights: {name: boolean}}`). Only booleans count: anything
 * else means we do not know. Returns undefined when the body has no readable rights object.
 */
export function parseConsumerRights(body: unknown): Record<string, boolean> | undefined {
  if (!isObject(body) || !isObject(body.rights)) return undefined;
  const rights = dataRecord<boolean>();
  for (const [name, value] of Object.entries(body.rights)) if (typeof value === 'boolean') rights[name] = value;
  return Object.keys(rights).length > 0 ? rights : undefined;
}

/** The smallest shape of an endpoint the rights view needs (src/core/platform/catalog.ts entries fit it). */
export interface EndpointNeedingRight {
  method: string;
  target: string;
  pathTemplate: string;
  right?: string;
  /** Who says which right it needs: Keyhole's curated reading or a rule; absent when nobody knows. */
  rightSource?: 'keyhole-curated' | 'keyhole-inferred';
  description?: string;
}

export type GrantState = 'requested' | 'not-requested' | 'unknown';

export interface RightRow<E extends EndpointNeedingRight = EndpointNeedingRight> {
  name: string;
  /** Our meaning for spec rights; the platform's description for others; else a plain fallback. */
  meaning: string;
  /** The platform's own description, when it sent one that differs from our meaning. */
  platformDescription?: string;
  inSpec: boolean;
  /** Whether `/v2/oauth/rights` listed it; undefined when that list could not be read. */
  listedByPlatform?: boolean;
  /** Whether the consumer asks for it, as its record says; "unknown" when the record was not readable. */
  consumer: GrantState;
  endpoints: E[];
}

/**
 * One row per right: the spec's eleven in their order, then any other right the platform or the consumer record
 * names (e.g. the read-only `almighty`), alphabetically.
 */
export function buildRightRows<E extends EndpointNeedingRight = EndpointNeedingRight>(input: {
  reported?: ReportedRight[] | undefined;
  consumerRights?: Record<string, boolean> | undefined;
  endpoints?: readonly E[];
}): RightRow<E>[] {
  const { reported: listed, consumerRights, endpoints = [] } = input;
  const byName = new Map((listed ?? []).map((item) => [item.name, item]));
  const extra = new Set<string>();
  for (const name of [...byName.keys(), ...Object.keys(consumerRights ?? {})]) if (!isSpecRight(name)) extra.add(name);
  const names = [...SPEC_RIGHTS, ...[...extra].sort()];
  return names.map((name) => {
    const platform = byName.get(name);
    const ours = isSpecRight(name) ? RIGHT_MEANINGS[name] : ownValue(OTHER_MEANINGS, name);
    const row: RightRow<E> = {
      name,
      meaning: ours ?? platform?.description ?? 'Not described by the platform or the spec.',
      inSpec: isSpecRight(name),
      consumer: consumerRights === undefined ? 'unknown' : consumerRights[name] ? 'requested' : 'not-requested',
      endpoints: endpoints.filter((endpoint) => endpoint.right === name),
    };
    if (listed !== undefined) row.listedByPlatform = byName.has(name);
    if (platform?.description && platform.description !== row.meaning) row.platformDescription = platform.description;
    return row;
  });
}

/** Endpoints known to need no right at all (public, or authenticated but not right-bound). */
export function endpointsWithoutRight<E extends EndpointNeedingRight>(endpoints: readonly E[]): E[] {
  return endpoints.filter((endpoint) => !endpoint.right && endpoint.rightSource !== undefined);
}

/** Endpoints whose right nobody knows: neither the sources nor Keyhole's reading say. */
export function endpointsWithUnknownRight<E extends EndpointNeedingRight>(endpoints: readonly E[]): E[] {
  return endpoints.filter((endpoint) => !endpoint.right && endpoint.rightSource === undefined);
}

/**
 * Who owns a consumer, from a decoded `/v2/summary` body: "self" for the personal space, an organisation id, or
 * undefined when no space lists it. Lets the rights view read an organisation's consumer record.
 */
export function findConsumerOwner(
  summary: unknown,
  consumerKey: string,
): 'self' | { organisationId: string } | undefined {
  if (!isObject(summary)) return undefined;
  const lists = (space: unknown) => (isObject(space) && Array.isArray(space.consumers) ? space.consumers : []);
  const has = (space: unknown) => lists(space).some((consumer) => isObject(consumer) && consumer.key === consumerKey);
  if (has(summary.user)) return 'self';
  const organisations = Array.isArray(summary.organisations) ? summary.organisations : [];
  const owner = organisations.find(has);
  const id = isObject(owner) ? nonEmptyString(owner.id) : undefined;
  return id ? { organisationId: id } : undefined;
}

/**
 * Turns the platform's `/v2/summary` body into the small view model the popup shows and caches.
 *
 * The real body is large (consumers, providers, VAT state...) and its fields are not all guaranteed, so parsing
 * keeps only what is shown and tolerates anything missing or malformed: a bad item is dropped, never fatal.
 * The personal space is the body's `user`; its id is the user id, as the platform uses it as an organisation id.
 */

export interface ApplicationItem {
  id: string;
  name: string;
  /** Raw platform state, e.g. SHOULD_BE_UP; see application-state.ts for labels. */
  state?: string;
  instanceType?: string;
  /** The runtime variant slug (e.g. "node", "java-war"), when given. */
  variant?: string;
  archived: boolean;
}

export interface AccountSpace {
  id: string;
  name: string;
  avatar?: string;
  /** The user's role in an organisation ("ADMIN"...). Absent for the personal space. */
  role?: string;
  personal: boolean;
  applications: ApplicationItem[];
  addonCount: number;
}

export interface AccountSummary {
  /** The personal space first (when the body has one), then organisations in the platform's order. */
  spaces: AccountSpace[];
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readString(record: Json, key: string): string | undefined {
  const value = record[key];
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function readList(record: Json, key: string): unknown[] {
  const value = record[key];
  return Array.isArray(value) ? value : [];
}

function parseApplication(value: unknown): ApplicationItem | undefined {
  if (!isObject(value)) return undefined;
  const id = readString(value, 'id');
  const name = readString(value, 'name');
  if (!id && !name) return undefined;
  const item: ApplicationItem = { id: id ?? name!, name: name ?? id!, archived: value.archived === true };
  const state = readString(value, 'state');
  if (state) item.state = state;
  const instanceType =
    readString(value, 'instanceType') ?? readString(isObject(value.instance) ? value.instance : {}, 'type');
  if (instanceType) item.instanceType = instanceType;
  const variant = readString(value, 'variantSlug');
  if (variant) item.variant = variant;
  return item;
}

function parseSpace(value: unknown, personal: boolean): AccountSpace | undefined {
  if (!isObject(value)) return undefined;
  const id = readString(value, 'id');
  if (!id) return undefined;
  const space: AccountSpace = {
    id,
    name: readString(value, 'name') ?? (personal ? 'Personal space' : id),
    personal,
    applications: readList(value, 'applications')
      .map(parseApplication)
      .filter((item): item is ApplicationItem => item !== undefined),
    addonCount: readList(value, 'addons').filter(isObject).length,
  };
  const avatar = readString(value, 'avatar');
  if (avatar) space.avatar = avatar;
  const role = readString(value, 'role');
  if (role && !personal) space.role = role;
  return space;
}

/** Parses a decoded `/v2/summary` body. Anything that is not an object yields an empty summary. */
export function parseAccountSummary(body: unknown): AccountSummary {
  if (!isObject(body)) return { spaces: [] };
  const personal = parseSpace(body.user, true);
  const seen = new Set(personal ? [personal.id] : []);
  const organisations: AccountSpace[] = [];
  for (const item of readList(body, 'organisations')) {
    const space = parseSpace(item, false);
    // Some bodies repeat the personal space among organisations; show it once.
    if (!space || seen.has(space.id)) continue;
    seen.add(space.id);
    organisations.push(space);
  }
  return { spaces: personal ? [personal, ...organisations] : organisations };
}

/** "ADMIN" → "Admin"; the platform sends roles in capitals. */
export function formatRole(role: string): string {
  const words = role
    .toLowerCase()
    .split(/[_\s]+/)
    .filter(Boolean);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "1 application", "3 add-ons": counts as the popup words them. */
export function countLabel(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

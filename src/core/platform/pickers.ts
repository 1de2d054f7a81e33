/**
 * Where the composer's pickers find the user's own ids: for each kind of id (id-kinds.ts), the list endpoint
 * that names them, the placeholders it needs first (an add-on list needs the organisation), and which fields of
 * its items are the value and the label. Organisations and applications come from `/v2/summary` instead (the
 * workbench loads it once). Kinds without a list say so, and the user types the value.
 */
import type { RequestTarget } from '../protocol.ts';
import { idKindOfPlaceholder } from './id-kinds.ts';

export interface PickerOption {
  value: string;
  label: string;
}

export interface ListSource {
  kind: string;
  target: RequestTarget;
  /** A template whose placeholders are canonical names (`{organisationId}`), filled from the composer's values. */
  path: string;
  /** Dotted fields tried in turn for the value; `''` for items that are plain strings. */
  value: readonly string[];
  /** Dotted fields joined for the label. Never a field that may hold a secret (an env var's value). */
  label: readonly string[];
}

const ORG = '/v2/organisations/{organisationId}';
const APP = `${ORG}/applications/{applicationId}`;
const NG = '/v4/networkgroups/organisations/{organisationId}/networkgroups';

type SourceSpec = Omit<ListSource, 'kind' | 'target'> & { target?: RequestTarget };

/** A kind's list, possibly depending on the endpoint's path (a personal consumer vs an organisation's). */
const SOURCES: Record<string, (endpointPath: string) => SourceSpec> = {
  addon: () => ({ path: `${ORG}/addons`, value: ['id'], label: ['name', 'provider.name'] }),
  'addon-real-id': () => ({ path: `${ORG}/addons`, value: ['realId'], label: ['name', 'provider.name'] }),
  consumer: (path) => ({
    path: path.startsWith('/v2/self/') ? '/v2/self/consumers' : `${ORG}/consumers`,
    value: ['key'],
    label: ['name'],
  }),
  'api-token': () => ({ target: 'bridge', path: '/api-tokens', value: ['apiTokenId'], label: ['name', 'state'] }),
  'oauth-token': () => ({ path: '/v2/self/tokens', value: ['token'], label: ['consumer.name'] }),
  invoice: () => ({
    path: '/v4/billing/organisations/{organisationId}/invoices',
    value: ['invoice_number', 'invoiceNumber'],
    label: ['emission_date', 'status'],
  }),
  drain: (path) =>
    path.startsWith('/v2/logs/') || path.startsWith('/v3/logs/')
      ? { path: '/v2/logs/{applicationId}/drains', value: ['id'], label: ['url', 'state'] }
      : {
          path: '/v4/drains/organisations/{organisationId}/applications/{applicationId}/drains',
          value: ['id'],
          label: ['recipient.url', 'kind', 'status'],
        },
  webhook: () => ({ path: '/v2/notifications/webhooks/{organisationId}', value: ['id'], label: ['name', 'url'] }),
  emailhook: () => ({ path: '/v2/notifications/emailhooks/{organisationId}', value: ['id'], label: ['name'] }),
  'env-var': () => ({ path: `${APP}/env`, value: ['name'], label: [] }),
  'ssh-key': () => ({ path: '/v2/self/keys', value: ['name'], label: ['fingerprint'] }),
  member: () => ({ path: `${ORG}/members`, value: ['member.id'], label: ['member.name', 'member.email', 'role'] }),
  deployment: () => ({ path: `${APP}/deployments`, value: ['uuid', 'id'], label: ['action', 'state', 'date'] }),
  instance: () => ({ path: `${APP}/instances`, value: ['id'], label: ['state', 'flavor.name'] }),
  domain: () => ({ path: `${APP}/vhosts`, value: ['fqdn'], label: [] }),
  tag: (path) => ({
    path: path.includes('/addons/{addonId}') ? `${ORG}/addons/{addonId}/tags` : `${APP}/tags`,
    value: [''],
    label: [],
  }),
  'network-group': () => ({ path: NG, value: ['id'], label: ['label'] }),
  'network-group-peer': () => ({ path: `${NG}/{networkGroupId}/peers`, value: ['id'], label: ['label', 'hostname'] }),
  'network-group-member': () => ({ path: `${NG}/{networkGroupId}/members`, value: ['id'], label: ['label'] }),
  'addon-provider': () => ({ path: '/v2/products/addonproviders', value: ['id'], label: ['name'] }),
  migration: () => ({ path: `${ORG}/addons/{addonId}/migrations`, value: ['migrationId'], label: ['status'] }),
  'payment-method': () => ({
    path: '/v4/billing/organisations/{organisationId}/payments/methods',
    value: ['token'],
    label: ['type', 'number'],
  }),
  email: () => ({ path: '/v2/self/emails', value: ['', 'email'], label: [] }),
  zone: () => ({ path: '/v4/products/zones', value: ['name'], label: ['city', 'country'] }),
  'tcp-redirection': () => ({ path: `${APP}/tcpRedirs`, value: ['port', 'sourcePort'], label: ['namespace'] }),
  function: () => ({ path: '/v4/functions/organisations/{organisationId}/functions', value: ['id'], label: ['name'] }),
};

/** Kinds the workbench fills from `/v2/summary`. */
export const SUMMARY_KINDS: ReadonlySet<string> = new Set(['organisation', 'application']);

/** The kind of id a placeholder holds, from its name (`organisationId`, `addonId2` → add-on). */
export function kindOfPlaceholder(name: string): string | undefined {
  return (idKindOfPlaceholder(name) ?? idKindOfPlaceholder(name.replace(/\d+$/, '')))?.id;
}

/** The list that feeds a picker for `kind` in an endpoint at `endpointPath`; undefined when there is none. */
export function listSourceFor(kind: string, endpointPath: string): ListSource | undefined {
  const spec = SOURCES[kind]?.(endpointPath);
  return spec
    ? { kind, target: spec.target ?? 'api', path: spec.path, value: spec.value, label: spec.label }
    : undefined;
}

function readField(item: unknown, field: string): unknown {
  if (field === '') return item;
  let at: unknown = item;
  for (const part of field.split('.')) {
    if (typeof at !== 'object' || at === null) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

const MAX_OPTIONS = 500;

/** The options a list body holds: an array of items (or of strings), possibly wrapped as `{items: […]}`. */
export function readPickerOptions(source: Pick<ListSource, 'value' | 'label'>, body: unknown): PickerOption[] {
  const wrapped = body as { items?: unknown; data?: unknown } | null;
  const items = Array.isArray(body)
    ? body
    : Array.isArray(wrapped?.items)
      ? wrapped.items
      : Array.isArray(wrapped?.data)
        ? wrapped.data
        : [];
  const options: PickerOption[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const value = source.value.map((field) => text(readField(item, field))).find((found) => found !== undefined);
    if (value === undefined || seen.has(value)) continue;
    seen.add(value);
    const label = source.label
      .map((field) => text(readField(item, field)))
      .filter((part): part is string => part !== undefined)
      .join(' · ');
    options.push({ value, label: label || value });
    if (options.length >= MAX_OPTIONS) break;
  }
  return options;
}

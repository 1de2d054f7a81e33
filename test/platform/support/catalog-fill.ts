/**
 * Fills an endpoint's path template with ids that exist in a running sandbox, for the catalog walk: known kinds
 * from the sandbox's live state (the organisation with data, its applications, add-ons, invoices…), ids of records
 * the catalog lists (deployments, drains, webhooks…) from that list, and plain values for the rest. Values a PUT
 * creates (a tag, a domain, an SSH key) are fixed, so the DELETE walked after it finds them.
 */
import { type Platform, startPlatform } from '../index.ts';
import { dance, signerFor } from './oauth-client.ts';

export interface Endpoint {
  method: string;
  path: string;
  target: string;
  group: string;
  params: { name: string; in: string; kind?: string }[];
  responseFields?: string[];
}

export type Caller = (method: string, path: string) => Promise<Response>;

const CONSTANTS: Record<string, string> = {
  tag: 'walk-tag',
  'env-var': 'WALK_VAR',
  domain: 'walk.example.sandbox.keyhole.test',
  'ssh-key': 'walk-key',
  email: 'walk@sandbox.keyhole.test',
  'mfa-kind': 'TOTP',
};

const BY_NAME: Record<string, string> = {
  service: 'github',
  subscription_source: 'github',
  key: 'walk-reset-key',
  name: 'walk-setting',
  price: '10',
  bid: 'walk-bid',
  token: 'walk-token',
  type: 'json',
  version: '20240301',
  transactionId: 'walk-transaction',
  intentId: 'walk-intent',
  loadBalancerKind: 'default',
  clusterId: 'walk-cluster',
  topicName: 'walk-topic',
  tokenId: 'walk-token-id',
  featureId: 'walk-feature',
};

/** A path template with its names erased: `/v2/organisations/{}/applications`. */
export function erase(path: string): string {
  return path.replace(/\{[^}]+\}/g, '{}');
}

/** The fields that name a listed record, in the order they are tried. */
const ID_FIELDS = ['id', 'fqdn', 'name', 'sourcePort', 'key', 'apiTokenId', 'port'];

export class CatalogFiller {
  constructor(
    private readonly platform: Platform,
    private readonly orgId: string,
    private readonly lists: Set<string>,
    private readonly call: Caller,
  ) {}

  async fill(endpoint: Endpoint): Promise<string> {
    const parts = endpoint.path.split(/(\{[^}]+\})/);
    let filled = '';
    let template = '';
    const self = endpoint.path.startsWith('/v2/self');
    const owner = self ? this.userId() : this.orgId;
    for (const part of parts) {
      const match = /^\{(.+)\}$/.exec(part);
      if (!match) {
        filled += part;
        template += part;
        continue;
      }
      const name = match[1]!;
      const kind = endpoint.params.find((param) => param.name === name)?.kind ?? '';
      // `/v2/products/instances/{type}-{version}` and `/v2/openapi.{type}`: names inside one segment.
      const value = this.known(kind, name, owner, endpoint) ?? (await this.listed(filled, template)) ?? BY_NAME[name];
      if (value === undefined) throw new Error(`No value for {${name}} (${kind}) in ${endpoint.path}`);
      filled += encodeURIComponent(value);
      template += '{}';
    }
    return filled;
  }

  private userId(): string {
    return [...this.platform.state.users.values()].find((user) => user.email === this.platform.user.email)!.id;
  }

  private known(kind: string, name: string, owner: string, endpoint: Endpoint): string | undefined {
    const { state } = this.platform;
    if (name === 'type' && endpoint.path.includes('/instances/')) return 'node';
    if (name === 'type' && endpoint.path.endsWith('}{type}')) return '.pdf';
    // A vendor's add-ons are the ones its provider serves: listed under /v2/vendor/apps.
    if (endpoint.path.startsWith('/v2/vendor/apps/')) return undefined;
    if (CONSTANTS[kind]) return CONSTANTS[kind];
    switch (kind) {
      case 'organisation':
        return this.orgId;
      case 'application': {
        const apps = [...state.applications.values()].filter((app) => app.ownerId === owner);
        // A dependency is another application than the one in the path.
        return (name === 'dependencyId' || name === 'targetApplicationId' ? apps.at(-1) : apps[0])?.view.id;
      }
      case 'addon':
        return [...state.addons.values()].find((addon) => addon.ownerId === owner)?.view.id;
      case 'addon-real-id':
        return [...state.addons.values()].find((addon) => addon.ownerId === owner)?.view.realId;
      case 'invoice':
        return state.invoices.find((invoice) => invoice.ownerId === owner)?.invoice_number;
      case 'user':
        return this.userId();
      case 'member':
        // Not the caller: removing the caller would lock the rest of the walk out.
        return state.organisations.get(owner)?.members.find((member) => member.userId !== this.userId())?.userId;
      case 'consumer':
        return [...state.consumers.values()].find((consumer) => consumer.ownerId === owner && consumer.name === 'walk')
          ?.key;
      case 'oauth-token':
        return [...state.accessTokens.values()].find((token) => token.consumerKey === 'walk-consumer')?.token;
      case 'zone':
        return String(state.zones[0]?.name);
      case 'addon-provider':
        if (endpoint.path.includes('/organisations/{organisationId}/addonproviders/')) return undefined;
        return state.addonProviders[0]?.view.id;
      case 'api-token':
        return [...state.apiTokens.values()].find((token) => token.name === 'walk')?.apiTokenId;
      default:
        if (name === 'id') return [...state.applications.values()].find((app) => app.ownerId === owner)?.view.id;
        return undefined;
    }
  }

  /** The first record of the list at `prefix` (the path filled so far), when the catalog has such a list. */
  private async listed(given: string, givenTemplate: string): Promise<string | undefined> {
    // External peers are listed among a network group's peers.
    const prefix = given.replace(/\/external-peers\/$/, '/peers/');
    const template = givenTemplate.replace(/\/external-peers\/$/, '/peers/');
    if (!prefix.endsWith('/') || !this.lists.has(template.slice(0, -1))) return undefined;
    const response = await this.call('GET', prefix.slice(0, -1));
    if (response.status !== 200) return undefined;
    const body = (await response.json()) as unknown;
    const first = Array.isArray(body) ? (body[0] as Record<string, unknown> | undefined) : undefined;
    const field = ID_FIELDS.find((candidate) => first?.[candidate] !== undefined);
    return field ? String(first![field]) : undefined;
  }
}

/**
 * Records a walk may read or delete without cutting its own access: a consumer per owner, an access token, an API
 * token, and the first application of each owner linked to its first add-on (for the DELETE of that link).
 */
export function seedWalkRecords(platform: Platform): void {
  const { state } = platform;
  const sandboxConsumer = state.consumers.get(platform.consumerKey)!;
  for (const ownerId of state.organisations.keys()) {
    const key = `walk-consumer-${ownerId}`;
    state.consumers.set(key, { ...sandboxConsumer, key, ownerId, name: 'walk' });
  }
  const mine = [...state.accessTokens.values()][0]!;
  // The walk's token belongs to a consumer of its own, as every token does (not one the walk deletes).
  state.consumers.set('walk-consumer', {
    ...sandboxConsumer,
    key: 'walk-consumer',
    ownerId: mine.userId,
    name: 'Walk client',
    description: 'Signs the catalog walk’s revocations',
  });
  state.accessTokens.set('walk-token', { ...mine, token: 'walk-token', consumerKey: 'walk-consumer' });
  const seededApiToken = [...state.apiTokens.values()][0]!;
  state.apiTokens.set('apitoken_walk', { ...seededApiToken, apiTokenId: 'apitoken_walk', hash: 'x', name: 'walk' });
  for (const ownerId of state.organisations.keys()) {
    const app = [...state.applications.values()].find((candidate) => candidate.ownerId === ownerId);
    const addon = [...state.addons.values()].find((candidate) => candidate.ownerId === ownerId);
    if (app && addon && !app.linkedAddons.includes(addon.view.id)) app.linkedAddons.push(addon.view.id);
  }
}

export interface Walk {
  platform: Platform;
  call: ReturnType<typeof signerFor>;
  /** The organisation with data ("Analytical Engines Ltd"), whose ids the filler uses. */
  orgId: string;
  filler: CatalogFiller;
}

/** A fresh sandbox for a walk: signed in, its walk records seeded, a filler for the given list templates. */
export async function startWalk(lists: Set<string>): Promise<Walk> {
  const platform = await startPlatform();
  const call = signerFor(platform, await dance(platform));
  seedWalkRecords(platform);
  const engines = [...platform.state.organisations.values()].find((org) => org.name === 'Analytical Engines Ltd')!;
  const filler = new CatalogFiller(platform, engines.id, lists, (method, path) => call(method, path));
  return { platform, call, orgId: engines.id, filler };
}

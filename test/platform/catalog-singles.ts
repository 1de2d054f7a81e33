/**
 * Single records of catalogued reads that the platform's OpenAPI description does not document, shaped as the
 * official client reads them and built from the sandbox's own products (flavors, plans, zones), so they agree with
 * the rest of its state instead of being a placeholder:
 * - price systems: `transformPriceSystem` (@clevercloud/client `commands/price-system/price-system-transform.js`)
 *   reads `zone_id`, `currency`, `runtime[]` (`runtime_policy_id`, `source`, `flavor`, `time_unit`, `price`,
 *   `slug_id`) and `countable[]` (`countable_policy_id`, `service`, `data_unit`, `data_quantity_for_price`,
 *   `time_interval_for_price`, `price_plans[]`);
 * - webhook formats: the client's `WebhookNotificationFormat` (`raw`, `slack`, `flowdock`, `gitter`);
 * - an application's branches: names, its deployed branch among them;
 * - Warp 10 read tokens (`GetWarpTokenCommandOutput = string`), Materia KV databases (`MateriaInfo`), Jenkins
 *   updates (`JenkinsUpdates`), a WireGuard configuration's pre-signed URL and network-group search results
 *   (`NetworkGroupComponent`): the shapes of the client's own types (`dist/types/…/*.types.d.ts`).
 */
import { collectionAt } from './catalog-records.ts';
import { HttpError } from './http-util.ts';
import { stableUuid } from './openapi-examples.ts';
import type { ResourceRequest } from './router.ts';
import { allFlavors } from './seed-products.ts';

type Builder = (request: ResourceRequest) => unknown;

/** Cellar's storage and outbound traffic, billed by the gigabyte and month, free up to a first step. */
const COUNTABLES = [
  {
    service: 'cellar.storage',
    unit: 'gigabyte',
    steps: [
      [100, 0],
      [1_000, 0.02],
      [null, 0.015],
    ],
  },
  {
    service: 'cellar.outbound',
    unit: 'gigabyte',
    steps: [
      [10, 0],
      [null, 0.09],
    ],
  },
] as const;

function priceSystem(request: ResourceRequest): unknown {
  const zone = request.query.get('zone_id') ?? 'par';
  if (!request.state.zones.some((candidate) => candidate.name === zone))
    throw new HttpError(404, `Zone ${zone} not found`);
  return {
    zone_id: zone,
    currency: request.query.get('currency') ?? 'EUR',
    runtime: allFlavors().map((flavor) => ({
      runtime_policy_id: stableUuid(`price-system/${zone}/${String(flavor.name)}`),
      source: 'apps',
      flavor: flavor.name,
      time_unit: 'second',
      // A policy's price is per second: the flavor's price taken as a daily one.
      price: Number(((flavor.price as number) / 86_400).toFixed(10)),
      slug_id: String(flavor.price_id).toUpperCase(),
    })),
    countable: COUNTABLES.map(({ service, unit, steps }) => ({
      countable_policy_id: stableUuid(`price-system/${zone}/${service}`),
      service,
      data_unit: unit,
      data_quantity_for_price: 1,
      time_interval_for_price: 'P1M',
      price_plans: steps.map(([max, price], index) => ({
        plan_id: stableUuid(`price-system/${zone}/${service}/${index}`),
        max_quantity: max,
        price,
      })),
    })),
  };
}

function branches(request: ResourceRequest): unknown {
  const app = request.state.applications.get(request.params.appId ?? '');
  if (!app) throw new HttpError(404, `Application ${request.params.appId} not found`);
  const deployed = String(app.view.branch ?? 'master');
  return [...new Set([deployed, 'master'])].sort();
}

/** A token-like string derived from a seed: stable across reads, different per owner and kind. */
function tokenOf(seed: string, length: number): string {
  let text = '';
  for (let index = 0; text.length < length; index++) text += stableUuid(`${seed}/${index}`).replace(/-/g, '');
  return text.slice(0, length);
}

function addonOf(request: ResourceRequest) {
  const id = request.params.addonId ?? '';
  const addon = [...request.state.addons.values()].find((a) => a.view.id === id || a.view.realId === id);
  if (!addon) throw new HttpError(404, `Add-on ${id} not found`);
  return addon;
}

function materiaDatabase(request: ResourceRequest): unknown {
  const addon = addonOf(request);
  const realId = String(addon.view.realId);
  const zone = String(addon.view.region ?? 'par');
  return {
    id: realId,
    clusterId: `materia_cluster_${zone}`,
    ownerId: addon.ownerId,
    kind: 'KV',
    plan: 'ALPHA',
    host: `materiadb-kv-${zone}.services.sandbox.keyhole.test`,
    port: 6379,
    token: tokenOf(`materia/${realId}`, 64),
    tokenId: `token_${stableUuid(`materia/${realId}/token`)}`,
    status: 'PROVISIONED',
  };
}

const NETWORK_GROUPS = '/v4/networkgroups/organisations/:orgId/networkgroups';

/** The organisation's network groups and their members whose id or label contain the query, typed as the client's. */
function networkGroupSearch(request: ResourceRequest): unknown {
  const query = (request.query.get('query') ?? '').toLowerCase();
  const matches = (record: Record<string, unknown>) =>
    [record.id, record.label].some((field) =>
      String(field ?? '')
        .toLowerCase()
        .includes(query),
    );
  const base = `/v4/networkgroups/organisations/${request.params.orgId}/networkgroups`;
  const found: Record<string, unknown>[] = [];
  for (const group of collectionAt(request, NETWORK_GROUPS, base, 'networkGroupId').values()) {
    if (matches(group)) found.push({ ...group, type: 'NetworkGroup' });
    const members = collectionAt(
      { ...request, params: { ...request.params, networkGroupId: String(group.id) } },
      `${NETWORK_GROUPS}/:networkGroupId/members`,
      `${base}/${group.id}/members`,
      'networkGroupMemberId',
    );
    for (const member of members.values()) if (matches(member)) found.push({ ...member, type: 'Member' });
  }
  return found;
}

export const SINGLE_RECORDS: Readonly<Record<string, Builder>> = {
  '/v4/billing/price-system': priceSystem,
  '/v4/billing/organisations/:orgId/price-system': priceSystem,
  '/v2/products/flavors': () => allFlavors(),
  '/v2/notifications/info/webhookformats': () => ['raw', 'slack', 'flowdock', 'gitter'],
  '/v2/organisations/:orgId/applications/:appId/branches': branches,
  '/v2/self/applications/:appId/branches': branches,
  '/v2/metrics/read/:orgId': (request) => tokenOf(`warp/metrics/${request.params.orgId}`, 96),
  '/v2/w10tokens/accessLogs/read/:orgId': (request) => tokenOf(`warp/access-logs/${request.params.orgId}`, 96),
  '/v4/materia/organisations/:orgId/materia/databases/:addonId': materiaDatabase,
  '/v4/addon-providers/jenkins/addons/:addonId/updates': (request) => ({
    manageLink: `https://${request.params.addonId}.jenkins.services.sandbox.keyhole.test/manage`,
    versions: { current: '2.462.3', available: '2.479.1' },
  }),
  '/v4/networkgroups/organisations/:orgId/networkgroups/:networkGroupId/peers/:peerId/wireguard/configuration/presigned-url':
    (request) => ({
      url: `https://cellar-par.services.sandbox.keyhole.test/wireguard/${request.params.networkGroupId}/${request.params.peerId}.conf?X-Amz-Expires=300&X-Amz-Signature=${tokenOf(`wireguard/${request.params.peerId}`, 64)}`,
    }),
  [`${NETWORK_GROUPS}/search`]: networkGroupSearch,
};

/**
 * Single records of catalogued reads that the platform's OpenAPI description does not document, shaped as the
 * official client reads them and built from the sandbox's own products (flavors, plans, zones), so they agree with
 * the rest of its state instead of being a placeholder:
 * - price systems: `transformPriceSystem` (@clevercloud/client `commands/price-system/price-system-transform.js`)
 *   reads `zone_id`, `currency`, `runtime[]` (`runtime_policy_id`, `source`, `flavor`, `time_unit`, `price`,
 *   `slug_id`) and `countable[]` (`countable_policy_id`, `service`, `data_unit`, `data_quantity_for_price`,
 *   `time_interval_for_price`, `price_plans[]`);
 * - webhook formats: the client's `WebhookNotificationFormat` (`raw`, `slack`, `flowdock`, `gitter`);
 * - an application's branches: names, its deployed branch among them.
 */
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

export const SINGLE_RECORDS: Readonly<Record<string, Builder>> = {
  '/v4/billing/price-system': priceSystem,
  '/v4/billing/organisations/:orgId/price-system': priceSystem,
  '/v2/products/flavors': () => allFlavors(),
  '/v2/notifications/info/webhookformats': () => ['raw', 'slack', 'flowdock', 'gitter'],
  '/v2/organisations/:orgId/applications/:appId/branches': branches,
  '/v2/self/applications/:appId/branches': branches,
};

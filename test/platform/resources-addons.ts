/** Add-ons under both org and self paths (record, environment, tags), and the add-on providers catalog. */
import { randomBytes } from 'node:crypto';
import { platformDate } from './dates.ts';
import { HttpError } from './http-util.ts';
import { type OwnedKind, ownedRoutes, recordOf, tagRoutes } from './owned-collection.ts';
import { createRng, randomUuid } from './random.ts';
import { jsonObject, optionalString, orgAndSelf, requiredString } from './resource-helpers.ts';
import type { ResourceRequest, Route } from './router.ts';
import { providerInfo } from './seed-addon-plans.ts';
import { addonEnv, buildAddon, realIdOf } from './seed-apps.ts';
import { providerCatalogView } from './seed-products.ts';
import type { Addon } from './state.ts';

const READ = 'access_organisations';
const WRITE = 'manage_organisations_services';

/** The variables an add-on gives: none while it is still being provisioned (a new add-on takes a moment). */
export function providedEnv(addon: Addon, nowMs: number): { name: string; value: string }[] {
  return addon.readyAt !== undefined && nowMs < addon.readyAt ? [] : addon.env.map((variable) => ({ ...variable }));
}

/** The record as the platform returns it: its creation date in the platform's `…Z[UTC]` form. */
export function addonView(addon: Addon): Record<string, unknown> {
  return {
    ...addon.view,
    creationDate: platformDate(addon.view.creationDate as number),
    configKeys: addon.env.map((variable) => variable.name),
  };
}

function createAddon(request: ResourceRequest, ownerId: string): Addon {
  const body = jsonObject(request);
  const name = requiredString(body, 'name');
  const providerId = requiredString(body, 'providerId');
  const provider = request.state.addonProviders.find((candidate) => candidate.view.id === providerId);
  if (!provider) {
    const known = request.state.addonProviders.map((candidate) => candidate.view.id).join(', ');
    throw new HttpError(400, `Unknown providerId ${providerId}; known: ${known}`);
  }
  const planRef = requiredString(body, 'plan');
  const plan = provider.plans.find((candidate) => candidate.id === planRef || candidate.slug === planRef);
  if (!plan) throw new HttpError(400, `Unknown plan ${planRef} for ${providerId}: see /v2/products/addonproviders`);
  const region = optionalString(body, 'region') ?? 'par';
  if (!(provider.view.regions as string[]).includes(region)) {
    throw new HttpError(400, `${provider.view.name} is not available in region ${region}`);
  }
  const version = (body.options as { version?: unknown } | undefined)?.version;
  const info = providerInfo(providerId);
  const versions = Object.keys((info?.dedicated as object | undefined) ?? {});
  if (info && version !== undefined && !versions.includes(String(version))) {
    throw new HttpError(
      400,
      `Version ${version} is not available for ${providerId}${versions.length ? `: ${versions}` : ''}`,
    );
  }
  const realId = realIdOf(provider.view.id, randomUuid());
  const addon = buildAddon(
    request.state,
    { id: `addon_${randomUuid()}`, realId },
    {
      ownerId,
      name,
      provider,
      planSlug: plan.slug,
      createdAt: request.clock.now(),
      zone: region,
    },
  );
  addon.env = addonEnv(createRng(randomBytes(4).readUInt32LE()), provider.view.id, realId);
  addon.readyAt = request.clock.now() + (request.state.settings.addonProvisioningSeconds ?? 0) * 1000;
  return addon;
}

export const addonKind: OwnedKind<Addon> = {
  label: 'Add-on',
  path: '/addons',
  param: 'addonId',
  rights: { read: READ, write: WRITE },
  store: (state) => state.addons,
  view: (addon) => addonView(addon),
  aliases: (addon) => [addon.view.realId],
  create: createAddon,
  update: (request, addon) => {
    const name = optionalString(jsonObject(request), 'name');
    if (name !== undefined) {
      if (name.trim() === '') throw new HttpError(400, 'Field "name" must not be empty');
      addon.view.name = name;
    }
  },
  onDelete: (state, addon) => {
    for (const app of state.applications.values()) {
      app.linkedAddons = app.linkedAddons.filter((id) => id !== addon.view.id);
    }
  },
};

function providerOf(request: ResourceRequest) {
  const provider = request.state.addonProviders.find((candidate) => candidate.view.id === request.params.providerId);
  if (!provider) throw new HttpError(404, `Add-on provider ${request.params.providerId} not found`);
  return provider;
}

export const addonRoutes: Route[] = [
  ...ownedRoutes(addonKind),
  ...orgAndSelf('/addons/:addonId/env', 'GET', { org: READ, self: READ }, (request) => ({
    status: 200,
    json: providedEnv(recordOf(addonKind, request), request.clock.now()),
  })),
  ...tagRoutes(addonKind),
  {
    method: 'GET',
    pattern: '/v2/products/addonproviders',
    handle: ({ state }) => ({ status: 200, json: state.addonProviders.map(providerCatalogView) }),
  },
  {
    method: 'GET',
    pattern: '/v2/products/addonproviders/:providerId',
    handle: (request) => ({ status: 200, json: providerCatalogView(providerOf(request)) }),
  },
  {
    // What `clever addon create` asks before creating (models/addon.js:31-39, 143): versions and options. The
    // other providers' answers come from the catalog responder.
    method: 'GET',
    pattern: '/v4/addon-providers/postgresql-addon',
    handle: () => ({ status: 200, json: providerInfo('postgresql-addon') }),
  },
];

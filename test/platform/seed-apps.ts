/** Believable applications and add-ons, shaped like `/v2/organisations/{id}/applications` and `/addons`. */

import { type Rng, seededHex, seededInt, seededUuid } from './random.ts';
import {
  type AddonProvider,
  allFlavors,
  flavor,
  type ProviderId,
  RUNTIME_VERSION,
  VARIANTS,
  type VariantSlug,
  variantOf,
} from './seed-products.ts';
import type { Addon, Application, EnvVar, PlatformState } from './state.ts';

export interface AppSpec {
  ownerId: string;
  name: string;
  description: string;
  variant: VariantSlug;
  zone: string;
  state: 'SHOULD_BE_UP' | 'SHOULD_BE_DOWN' | 'WANTS_TO_BE_UP';
  flavor: string;
  createdAt: number;
  env?: EnvVar[];
  tags?: string[];
  archived?: boolean;
}

/** The zone's id in `/v4/products/zones`, so `zoneId` and the zones list agree. */
export function zoneIdOf(state: PlatformState, zone: string): string | null {
  const found = state.zones.find((candidate) => candidate.name === zone);
  return typeof found?.id === 'string' ? found.id : null;
}

export function buildApplication(rng: Rng, state: PlatformState, spec: AppSpec): Application {
  const id = `app_${seededUuid(rng)}`;
  const deployType = VARIANTS[spec.variant].deployType;
  const commitId = seededHex(rng, 40);
  // One deployment every few hours since creation: `last_deploy` is the last one's number (an int32 in the
  // description), not its date.
  const deployments = seededInt(rng, 1, 400);
  const view = {
    id,
    name: spec.name,
    description: spec.description,
    zone: spec.zone,
    zoneId: zoneIdOf(state, spec.zone),
    instance: {
      type: deployType,
      version: RUNTIME_VERSION,
      variant: variantOf(spec.variant),
      minInstances: 1,
      maxInstances: spec.state === 'SHOULD_BE_UP' ? 2 : 1,
      maxAllowedInstances: 40,
      minFlavor: flavor(spec.flavor),
      maxFlavor: flavor(spec.flavor),
      flavors: allFlavors(),
      defaultEnv: { CC_RUN_SUCCEED_HOOK: '', PORT: '8080' },
      lifetime: 'REGULAR',
      instanceAndVersion: `${deployType}-${RUNTIME_VERSION}`,
    },
    deployment: {
      shutdownable: false,
      type: 'GIT',
      repoState: 'CREATED',
      url: `git+ssh://git@push-par.sandbox.keyhole.test/${id}.git`,
      httpUrl: `https://push-par.sandbox.keyhole.test/${id}.git`,
    },
    vhosts: [{ fqdn: `${id.replace('_', '-')}.sandbox-apps.keyhole.test` }],
    creationDate: spec.createdAt,
    last_deploy: deployments,
    archived: spec.archived ?? false,
    stickySessions: false,
    homogeneous: false,
    favourite: false,
    cancelOnPush: false,
    // Strings in the description; only a GitHub-linked application has a webhook (the client reads them only then).
    webhookUrl: '',
    webhookSecret: '',
    separateBuild: false,
    buildFlavor: flavor('S'),
    ownerId: spec.ownerId,
    state: spec.state,
    commitId,
    appliance: null,
    branch: 'master',
    forceHttps: 'ENABLED',
    deployUrl: `https://push-par.sandbox.keyhole.test/${id}.git`,
  };
  return {
    ownerId: spec.ownerId,
    tags: spec.tags ?? [],
    env: spec.env ?? [],
    exposedEnv: [],
    dependencies: [],
    linkedAddons: [],
    view,
  };
}

/** The variables an add-on gives to the applications linked to it, with believable values. */
export function addonEnv(rng: Rng, provider: ProviderId, realId: string): EnvVar[] {
  const host = `${realId.replace('_', '-')}-${provider.replace('-addon', '')}.services.sandbox.keyhole.test`;
  const user = `u${seededHex(rng, 12)}`;
  const password = seededHex(rng, 24);
  const db = `b${seededHex(rng, 12)}`;
  switch (provider) {
    case 'postgresql-addon':
    case 'mysql-addon': {
      const prefix = provider === 'mysql-addon' ? 'MYSQL' : 'POSTGRESQL';
      const port = provider === 'mysql-addon' ? '3306' : '5432';
      const scheme = provider === 'mysql-addon' ? 'mysql' : 'postgresql';
      return [
        { name: `${prefix}_ADDON_DB`, value: db },
        { name: `${prefix}_ADDON_HOST`, value: host },
        { name: `${prefix}_ADDON_PASSWORD`, value: password },
        { name: `${prefix}_ADDON_PORT`, value: port },
        { name: `${prefix}_ADDON_URI`, value: `${scheme}://${user}:${password}@${host}:${port}/${db}` },
        { name: `${prefix}_ADDON_USER`, value: user },
      ];
    }
    case 'redis-addon':
      return [
        { name: 'REDIS_HOST', value: host },
        { name: 'REDIS_PASSWORD', value: password },
        { name: 'REDIS_PORT', value: '6379' },
        { name: 'REDIS_URL', value: `redis://:${password}@${host}:6379` },
      ];
    case 'cellar':
      return [
        { name: 'CELLAR_ADDON_HOST', value: 'cellar-par.services.sandbox.keyhole.test' },
        { name: 'CELLAR_ADDON_KEY_ID', value: seededHex(rng, 20).toUpperCase() },
        { name: 'CELLAR_ADDON_KEY_SECRET', value: seededHex(rng, 40) },
      ];
  }
}

export interface AddonSpec {
  ownerId: string;
  name: string;
  provider: AddonProvider;
  planSlug?: string;
  createdAt: number;
  zone: string;
}

/** An add-on record; `env` is filled by the caller (seeded values, or the variables of a new add-on). */
export function buildAddon(state: PlatformState, ids: { id: string; realId: string }, spec: AddonSpec): Addon {
  const plan = spec.provider.plans.find((candidate) => candidate.slug === spec.planSlug) ?? spec.provider.plans[0]!;
  const view = {
    id: ids.id,
    name: spec.name,
    realId: ids.realId,
    region: spec.zone,
    zoneId: zoneIdOf(state, spec.zone),
    provider: { ...spec.provider.view },
    plan: { ...plan },
    creationDate: spec.createdAt,
    configKeys: [] as string[],
  };
  return { ownerId: spec.ownerId, tags: [], env: [], view };
}

export function realIdOf(provider: ProviderId, uuid: string): string {
  return `${provider.replace('-addon', '')}_${uuid}`;
}

/** Believable applications and add-ons, shaped like `/v2/organisations/{id}/applications` and `/addons`. */

import { type Rng, seededHex, seededInt, seededUuid } from './random.ts';
import type { Addon, Application, EnvVar } from './state.ts';

const VARIANTS = {
  node: { name: 'Node', deployType: 'node', version: '20240301' },
  python: { name: 'Python', deployType: 'python', version: '20240301' },
  java: { name: 'Java + Maven', deployType: 'maven', version: '20240301' },
  php: { name: 'PHP', deployType: 'php', version: '20240301' },
  go: { name: 'Go', deployType: 'go', version: '20240301' },
  static: { name: 'Static', deployType: 'static-apache', version: '20240301' },
  linux: { name: 'Linux', deployType: 'linux', version: '20240301' },
  docker: { name: 'Docker', deployType: 'docker', version: '20240301' },
} as const;

export type VariantSlug = keyof typeof VARIANTS;

const FLAVORS = [
  { name: 'pico', mem: 256, cpus: 1, gpus: 0, disk: null, price: 0.1073, available: true, microservice: true },
  { name: 'nano', mem: 512, cpus: 1, gpus: 0, disk: null, price: 0.1431, available: true, microservice: true },
  { name: 'XS', mem: 1024, cpus: 1, gpus: 0, disk: null, price: 0.3436, available: true, microservice: false },
  { name: 'S', mem: 2048, cpus: 2, gpus: 0, disk: null, price: 0.6873, available: true, microservice: false },
  { name: 'M', mem: 4096, cpus: 4, gpus: 0, disk: null, price: 1.3745, available: true, microservice: false },
];

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

export function buildApplication(rng: Rng, spec: AppSpec): Application {
  const id = `app_${seededUuid(rng)}`;
  const variant = VARIANTS[spec.variant];
  const flavor = FLAVORS.find((f) => f.name === spec.flavor) ?? FLAVORS[2]!;
  const commitId = seededHex(rng, 40);
  const lastDeploy = spec.createdAt + seededInt(rng, 1, 400) * 3_600_000;
  const view = {
    id,
    name: spec.name,
    description: spec.description,
    zone: spec.zone,
    zoneId: `zone_${seededUuid(rng)}`,
    instance: {
      type: variant.deployType,
      version: variant.version,
      variant: {
        id: seededUuid(rng),
        slug: spec.variant,
        name: variant.name,
        deployType: variant.deployType,
        logo: `https://assets.sandbox.keyhole.test/logos/${spec.variant}.svg`,
      },
      minInstances: 1,
      maxInstances: spec.state === 'SHOULD_BE_UP' ? 2 : 1,
      maxAllowedInstances: 40,
      minFlavor: flavor,
      maxFlavor: flavor,
      flavors: FLAVORS,
      defaultEnv: { CC_RUN_SUCCEED_HOOK: '', PORT: '8080' },
      lifetime: 'REGULAR',
      instanceAndVersion: `${variant.deployType}-${variant.version}`,
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
    last_deploy: spec.state === 'SHOULD_BE_DOWN' ? spec.createdAt : lastDeploy,
    archived: spec.archived ?? false,
    stickySessions: false,
    homogeneous: false,
    favourite: false,
    cancelOnPush: false,
    webhookUrl: null,
    webhookSecret: null,
    separateBuild: false,
    buildFlavor: { ...FLAVORS[3]!, nice: 0 },
    ownerId: spec.ownerId,
    state: spec.state,
    commitId,
    appliance: null,
    branch: 'master',
    forceHttps: 'ENABLED',
    deployUrl: `https://push-par.sandbox.keyhole.test/${id}.git`,
  };
  return { ownerId: spec.ownerId, tags: spec.tags ?? [], env: spec.env ?? [], view };
}

const PROVIDERS = {
  'postgresql-addon': { name: 'PostgreSQL', plan: 'XS Small Space', slug: 'xs_sml', price: 10.5 },
  'mysql-addon': { name: 'MySQL', plan: 'S Small Space', slug: 's_sml', price: 12 },
  'redis-addon': { name: 'Redis', plan: 'S', slug: 's_mono', price: 20 },
  cellar: { name: 'Cellar S3 storage', plan: 'S', slug: 's', price: 0 },
} as const;

export type ProviderId = keyof typeof PROVIDERS;

export function buildAddon(
  rng: Rng,
  spec: { ownerId: string; name: string; provider: ProviderId; createdAt: number; zone: string },
): Addon {
  const provider = PROVIDERS[spec.provider];
  const id = `addon_${seededUuid(rng)}`;
  const view = {
    id,
    name: spec.name,
    realId: `${spec.provider.replace('-addon', '')}_${seededUuid(rng)}`,
    region: spec.zone,
    provider: {
      id: spec.provider,
      name: provider.name,
      website: 'https://www.sandbox.keyhole.test',
      supportEmail: 'support@sandbox.keyhole.test',
      shortDesc: `${provider.name} managed by Sandbox Cloud`,
      logoUrl: `https://assets.sandbox.keyhole.test/logos/${spec.provider}.svg`,
      status: 'RELEASE',
      openInNewTab: false,
      canUpgrade: true,
      regions: ['par', 'rbx', 'mtl'],
    },
    plan: { id: `plan_${seededUuid(rng)}`, name: provider.plan, slug: provider.slug, price: provider.price },
    creationDate: spec.createdAt,
    configKeys: [],
  };
  return { ownerId: spec.ownerId, view };
}

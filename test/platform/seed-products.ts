/**
 * The product catalog: runtimes (instance types and their flavors), add-on providers and their plans, zones. Shaped
 * like the platform's records (its OpenAPI `Instance`, `Flavor`, `Provider`, `Plan`, `Feature`), completed with the
 * fields the official client reads (`price_id`, `machine_learning`, `nice` on flavors; `features`, `zones`,
 * `price_id` on plans), whose absence makes its transforms throw.
 */
import { type Rng, seededInt, seededUuid } from './random.ts';

/**
 * The runtime flavors clever-tools knows (`listAvailableFlavors` in src/models/application.js: pico to 3XL), each
 * twice the one before from XS on.
 */
const FLAVOR_SPECS = [
  { name: 'pico', mem: 256, cpus: 1, price: 0.1073, microservice: true },
  { name: 'nano', mem: 512, cpus: 1, price: 0.1431, microservice: true },
  { name: 'XS', mem: 1024, cpus: 1, price: 0.3436, microservice: false },
  { name: 'S', mem: 2048, cpus: 2, price: 0.6873, microservice: false },
  { name: 'M', mem: 4096, cpus: 4, price: 1.3745, microservice: false },
  { name: 'L', mem: 8192, cpus: 6, price: 2.7491, microservice: false },
  { name: 'XL', mem: 16384, cpus: 8, price: 5.4982, microservice: false },
  { name: '2XL', mem: 24576, cpus: 12, price: 8.2474, microservice: false },
  { name: '3XL', mem: 32768, cpus: 16, price: 10.9965, microservice: false },
] as const;

export type FlavorName = (typeof FLAVOR_SPECS)[number]['name'];

export function flavor(name: string): Record<string, unknown> {
  const spec = FLAVOR_SPECS.find((candidate) => candidate.name === name) ?? FLAVOR_SPECS[2];
  return {
    name: spec.name,
    mem: spec.mem,
    cpus: spec.cpus,
    gpus: 0,
    // The description's `Flavor.disk` is an integer: runtime instances get no disk of their own (FS buckets and
    // add-ons hold data), so none here.
    disk: 0,
    price: spec.price,
    available: true,
    microservice: spec.microservice,
    machine_learning: false,
    nice: 0,
    price_id: `apps.${spec.name}`,
    cpuFactor: 1,
    memFactor: 1,
  };
}

export function allFlavors(): Record<string, unknown>[] {
  return FLAVOR_SPECS.map((spec) => flavor(spec.name));
}

export const VARIANTS = {
  node: { name: 'Node', deployType: 'node' },
  python: { name: 'Python', deployType: 'python' },
  java: { name: 'Java + Maven', deployType: 'maven' },
  php: { name: 'PHP', deployType: 'php' },
  go: { name: 'Go', deployType: 'go' },
  static: { name: 'Static', deployType: 'static-apache' },
  linux: { name: 'Linux', deployType: 'linux' },
  docker: { name: 'Docker', deployType: 'docker' },
} as const;

export type VariantSlug = keyof typeof VARIANTS;

export const RUNTIME_VERSION = '20240301';

/** Variant ids are fixed per slug, so an application and the runtime catalog agree. */
export function variantOf(slug: VariantSlug): Record<string, unknown> {
  const variant = VARIANTS[slug];
  const index = Object.keys(VARIANTS).indexOf(slug);
  return {
    id: `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
    slug,
    name: variant.name,
    deployType: variant.deployType,
    logo: `https://assets.sandbox.keyhole.test/logos/${slug}.svg`,
  };
}

/** `GET /v2/products/instances`: one enabled runtime per variant. */
export function runtimes(): Record<string, unknown>[] {
  return (Object.keys(VARIANTS) as VariantSlug[]).map((slug) => ({
    type: VARIANTS[slug].deployType,
    version: RUNTIME_VERSION,
    name: VARIANTS[slug].name,
    variant: variantOf(slug),
    description: `${VARIANTS[slug].name} applications on Sandbox Cloud`,
    enabled: true,
    comingSoon: false,
    maxInstances: 40,
    // The rest of the description's `Instance` (all required there).
    minInstances: 1,
    maxAllowedInstances: 40,
    instanceAndVersion: `${VARIANTS[slug].deployType}-${RUNTIME_VERSION}`,
    defaultEnv: {},
    minFlavor: flavor('pico'),
    maxFlavor: flavor('M'),
    tags: ['sandbox'],
    deployments: ['git'],
    flavors: allFlavors(),
    defaultFlavor: flavor('XS'),
    buildFlavor: flavor('S'),
  }));
}

const PROVIDER_SPECS = {
  'postgresql-addon': {
    name: 'PostgreSQL',
    plans: [
      ['XS Small Space', 'xs_sml', 10, 'Max DB size: 1 GB'],
      ['S Medium Space', 's_med', 30, 'Max DB size: 10 GB'],
    ],
  },
  'mysql-addon': {
    name: 'MySQL',
    plans: [
      ['S Small Space', 's_sml', 12, 'Max DB size: 1 GB'],
      ['M Medium Space', 'm_med', 45, 'Max DB size: 10 GB'],
    ],
  },
  'redis-addon': { name: 'Redis', plans: [['S', 's_mono', 20, 'Memory: 100 MB']] },
  cellar: { name: 'Cellar S3 storage', plans: [['S', 's', 0, 'Pay as you go']] },
} as const;

export type ProviderId = keyof typeof PROVIDER_SPECS;

export const PROVIDER_IDS = Object.keys(PROVIDER_SPECS) as ProviderId[];

export const ADDON_REGIONS = ['par', 'rbx', 'mtl'];

export interface AddonPlan {
  id: string;
  name: string;
  slug: string;
  price: number;
  price_id: string;
  zones: string[];
  features: { name: string; type: string; value: string; computable_value: string; name_code: string }[];
}

export interface AddonProvider {
  view: Record<string, unknown> & { id: ProviderId; name: string };
  plans: AddonPlan[];
}

export function buildAddonProviders(rng: Rng): AddonProvider[] {
  return PROVIDER_IDS.map((id) => {
    const spec = PROVIDER_SPECS[id];
    const plans = spec.plans.map(([name, slug, price, size]) => ({
      id: `plan_${seededUuid(rng)}`,
      name,
      slug,
      price,
      price_id: `${id.replace('-addon', '')}.${slug}`,
      zones: ADDON_REGIONS,
      features: [
        { name: 'Size', type: 'STRING', value: size, computable_value: size, name_code: 'size' },
        {
          name: 'Backups',
          type: 'STRING',
          value: `Daily, ${seededInt(rng, 7, 30)} days`,
          computable_value: 'daily',
          name_code: 'backups',
        },
      ],
    }));
    const view = {
      id,
      name: spec.name,
      website: 'https://www.sandbox.keyhole.test',
      supportEmail: 'support@sandbox.keyhole.test',
      googlePlusName: '',
      twitterName: '',
      analyticsId: '',
      shortDesc: `${spec.name} managed by Sandbox Cloud`,
      longDesc: `${spec.name}, run, backed up and monitored by Sandbox Cloud.`,
      logoUrl: `https://assets.sandbox.keyhole.test/logos/${id}.svg`,
      status: 'RELEASE',
      openInNewTab: false,
      canUpgrade: true,
      regions: ADDON_REGIONS,
    };
    return { view, plans };
  });
}

/** The provider as `/v2/products/addonproviders` shows it: with its plans and the features they share. */
export function providerCatalogView(provider: AddonProvider): Record<string, unknown> {
  return {
    ...provider.view,
    plans: provider.plans,
    // The description's `Feature` has a value: the provider's entry-level plan's.
    features: provider.plans[0]!.features.map(({ name, type, value, name_code }) => ({ name, type, value, name_code })),
  };
}

/**
 * The PostgreSQL add-on's plans: the slugs `clever addon create postgresql-addon --plan …` takes (the platform's
 * `dev`, then `<size>_<space>`: `xxs_sml`, `xs_sml`, `s_med`, `m_med`… as the official Terraform provider's
 * acceptance tests and users' scripts create them), each with the features `clever addon providers show` prints
 * and a `Type` feature (SHARED for `dev`, DEDICATED otherwise): `clever addon create` refuses a plan without it
 * when the provider has version information (clever-tools models/addon.js:144-154). Sizes and monthly prices
 * (EUR) are indicative, not the platform's price list.
 */
export interface PlanSpec {
  name: string;
  slug: string;
  price: number;
  type: 'SHARED' | 'DEDICATED';
  memory: string;
  vcpus: string;
  disk: string;
  connections: number;
}

const SIZES = [
  // size, memory, vCPUs, connections, base price, [space slug, space name, disk]…
  [
    'XXS',
    '512 MB',
    '1',
    45,
    5.25,
    [
      ['sml', 'Small', '1 GB'],
      ['med', 'Medium', '2 GB'],
      ['big', 'Big', '3 GB'],
    ],
  ],
  [
    'XS',
    '1 GB',
    '1',
    75,
    10.5,
    [
      ['tny', 'Tiny', '2 GB'],
      ['sml', 'Small', '5 GB'],
      ['med', 'Medium', '10 GB'],
      ['big', 'Big', '15 GB'],
    ],
  ],
  [
    'S',
    '2 GB',
    '2',
    125,
    30,
    [
      ['sml', 'Small', '10 GB'],
      ['med', 'Medium', '15 GB'],
      ['big', 'Big', '20 GB'],
      ['hug', 'Huge', '40 GB'],
    ],
  ],
  [
    'M',
    '4 GB',
    '4',
    250,
    75,
    [
      ['sml', 'Small', '40 GB'],
      ['med', 'Medium', '80 GB'],
      ['big', 'Big', '120 GB'],
    ],
  ],
  [
    'L',
    '8 GB',
    '6',
    500,
    150,
    [
      ['sml', 'Small', '120 GB'],
      ['med', 'Medium', '240 GB'],
      ['big', 'Big', '320 GB'],
    ],
  ],
  [
    'XL',
    '32 GB',
    '8',
    750,
    400,
    [
      ['sml', 'Small', '320 GB'],
      ['med', 'Medium', '640 GB'],
      ['big', 'Big', '960 GB'],
    ],
  ],
] as const;

export const POSTGRESQL_PLANS: readonly PlanSpec[] = [
  {
    name: 'DEV',
    slug: 'dev',
    price: 0,
    type: 'SHARED',
    memory: 'Shared',
    vcpus: 'Shared',
    disk: '256 MB',
    connections: 5,
  },
  ...SIZES.flatMap(([size, memory, vcpus, connections, base, spaces]) =>
    spaces.map(([space, spaceName, disk], index) => ({
      name: `${size} ${spaceName} Space`,
      slug: `${size.toLowerCase()}_${space}`,
      // Whole euros: the description types a plan's price as an integer, and no official source shows a fraction.
      price: Math.round(base * (1 + index * 0.25)),
      type: 'DEDICATED' as const,
      memory,
      vcpus,
      disk,
      connections,
    })),
  ),
];

/** The features of a plan, as the platform lists them (`name`, `type`, `value`, `computable_value`, `name_code`). */
export function planFeatures(plan: PlanSpec): Record<string, string>[] {
  const feature = (name: string, value: string, code: string, type = 'STRING') => ({
    name,
    type,
    value,
    computable_value: value,
    name_code: code,
  });
  return [
    feature('Type', plan.type, 'type', 'OBJECT'),
    feature('Memory', plan.memory, 'memory'),
    feature('vCPUS', plan.vcpus, 'cpu'),
    feature('Disk size', plan.disk, 'disk-size'),
    feature('Max connection limit', String(plan.connections), 'connection-limit', 'NUMBER'),
    feature('Backups', 'Daily - 7 Retained', 'backups'),
  ];
}

const POSTGRESQL_VERSIONS = ['13', '14', '15', '16', '17'];

/**
 * `/v4/addon-providers/{id}` as `clever addon create` reads it (models/addon.js:60-125): the shared `clusters`
 * (zone, version, options), the `dedicated` versions with their options, and `defaultDedicatedVersion`.
 */
export function providerInfo(providerId: string): Record<string, unknown> | undefined {
  if (providerId !== 'postgresql-addon') return undefined;
  const options = [{ name: 'encryption', enabled: false }];
  return {
    providerId,
    clusters: ['par', 'rbx', 'mtl'].map((zone) => ({
      id: `postgresql_shared_${zone}`,
      label: `Shared PostgreSQL (${zone})`,
      zone,
      version: '15',
      features: [],
    })),
    dedicated: Object.fromEntries(POSTGRESQL_VERSIONS.map((version) => [version, { features: options }])),
    defaultDedicatedVersion: '17',
  };
}

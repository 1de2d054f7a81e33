/** Builds the sandbox's deterministic world: same seed, same ids, names, amounts. */
import type { Clock } from './clock.ts';
import { MFA_USER, RIGHTS, type Right, SANDBOX_CONSUMER, SANDBOX_USER } from './defaults.ts';
import { createRng, type Rng, seededApiTokenValue, seededHex, seededUuid, sha256Hex } from './random.ts';
import { buildInvoices, buildZones } from './seed-billing.ts';
import { BASE_DATE, DAY, seedApplications } from './seed-catalog.ts';
import { buildAddonProviders } from './seed-products.ts';
import { createEmptyState, type Organisation, type PlatformState, type User } from './state.ts';

export interface SeedOptions {
  seed: number;
  consumerBaseUrl: string;
  consumerRights: readonly Right[];
  clock: Clock;
}

export interface Seeded {
  state: PlatformState;
  apiToken: string;
}

export function seedState(options: SeedOptions): Seeded {
  const rng = createRng(options.seed);
  const state = createEmptyState();

  const ada = makeUser(rng, { ...SANDBOX_USER, city: 'London', country: 'UNITED KINGDOM', createdAt: BASE_DATE });
  const grace = makeUser(rng, { ...MFA_USER, city: 'Arlington', country: 'UNITED STATES', createdAt: BASE_DATE + DAY });
  grace.totpSecret = MFA_USER.totpSecret;
  for (const user of [ada, grace]) {
    state.users.set(user.id, user);
    state.organisations.set(user.id, personalOrganisation(user));
  }

  const engines = makeOrganisation(rng, 'Analytical Engines Ltd', 'London', [
    { userId: ada.id, role: 'ADMIN', job: 'Founder' },
    { userId: grace.id, role: 'DEVELOPER', job: 'Compiler engineer' },
  ]);
  const works = makeOrganisation(rng, 'Difference Works', 'Manchester', [
    { userId: ada.id, role: 'ACCOUNTING', job: 'Accounts' },
  ]);
  for (const org of [engines, works]) state.organisations.set(org.id, org);

  state.zones = buildZones(rng);
  state.addonProviders = buildAddonProviders(rng);
  seedApplications(rng, state, ada.id, engines.id, works.id, grace.id);

  state.invoices.push(
    ...buildInvoices(rng, ada.id, 'PER', 2),
    ...buildInvoices(rng, engines.id, 'ENG', 4),
    ...buildInvoices(rng, works.id, 'DIF', 3),
  );

  state.consumers.set(SANDBOX_CONSUMER.key, {
    key: SANDBOX_CONSUMER.key,
    secret: SANDBOX_CONSUMER.secret,
    ownerId: ada.id,
    name: SANDBOX_CONSUMER.name,
    description: SANDBOX_CONSUMER.description,
    url: SANDBOX_CONSUMER.url,
    picture: 'https://assets.sandbox.keyhole.test/logos/keyhole.png',
    baseUrl: options.consumerBaseUrl,
    rights: rightsRecord(options.consumerRights),
  });

  const apiToken = seededApiTokenValue(options.seed);
  const now = options.clock.now();
  state.apiTokens.set(`apitoken_${seededUuid(rng)}`, {
    apiTokenId: '',
    hash: sha256Hex(apiToken),
    userId: ada.id,
    name: 'sandbox-default',
    description: 'Pre-seeded token printed by the sandbox',
    creationDate: now,
    expirationDate: now + 364 * DAY,
    ip: '127.0.0.1',
    revoked: false,
  });
  for (const [id, token] of state.apiTokens) token.apiTokenId = id;
  return { state, apiToken };
}

export function rightsRecord(granted: readonly Right[]): Record<Right, boolean> {
  return Object.fromEntries(RIGHTS.map((right) => [right, granted.includes(right)])) as Record<Right, boolean>;
}

function makeUser(
  rng: Rng,
  spec: { email: string; password: string; name: string; city: string; country: string; createdAt: number },
): User {
  return {
    id: `user_${seededUuid(rng)}`,
    email: spec.email,
    password: spec.password,
    name: spec.name,
    phone: `+44 20 7946 0${String(Math.floor(rng() * 900) + 100)}`,
    address: `${Math.floor(rng() * 90) + 10} Analytical Street`,
    city: spec.city,
    zipcode: `SW1A ${Math.floor(rng() * 9) + 1}AA`,
    country: spec.country,
    avatar: `https://assets.sandbox.keyhole.test/avatars/${seededHex(rng, 16)}.png`,
    creationDate: spec.createdAt,
    lang: 'EN',
    emailValidated: true,
    admin: false,
    canPay: true,
    secondaryEmails: [],
  };
}

function personalOrganisation(user: User): Organisation {
  return {
    id: user.id,
    personal: true,
    name: user.name,
    description: `Personal space of ${user.name}`,
    billingEmail: user.email,
    address: user.address,
    city: user.city,
    zipcode: user.zipcode,
    country: user.country,
    company: '',
    VAT: '',
    avatar: user.avatar,
    vatState: 'NOT_NEEDED',
    customerFullName: user.name,
    canPay: true,
    cleverEnterprise: false,
    emergencyNumber: '',
    canSEPA: false,
    members: [{ userId: user.id, role: 'ADMIN' }],
  };
}

function makeOrganisation(rng: Rng, name: string, city: string, members: Organisation['members']): Organisation {
  const slug = name.toLowerCase().replace(/[^a-z]+/g, '-');
  return {
    id: `orga_${seededUuid(rng)}`,
    personal: false,
    name,
    description: `${name}, a Sandbox Cloud customer`,
    billingEmail: `billing@${slug}.sandbox.keyhole.test`,
    address: `${Math.floor(rng() * 200) + 1} Babbage Road`,
    city,
    zipcode: `M${Math.floor(rng() * 60) + 1} 4BT`,
    country: 'UNITED KINGDOM',
    company: name,
    VAT: `GB${seededHex(rng, 9).replace(/[a-f]/g, '7')}`,
    avatar: `https://assets.sandbox.keyhole.test/avatars/${seededHex(rng, 16)}.png`,
    vatState: 'VALID',
    customerFullName: name,
    canPay: true,
    cleverEnterprise: false,
    emergencyNumber: '',
    canSEPA: true,
    members,
  };
}

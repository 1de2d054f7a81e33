/**
 * Well-known values of the platform sandbox. The extension's "Local sandbox" profile preset embeds the ports and the
 * consumer pair, so these must not change without changing the preset too.
 */

export const HOST = '127.0.0.1';

export const DEFAULT_PORTS = { api: 8780, bridge: 8781, sftp: 8782 } as const;

export const PLATFORM_NAME = 'Sandbox Cloud';

export const SANDBOX_CONSUMER = {
  key: 'keyhole-sandbox',
  secret: 'sandbox-secret-not-for-production',
  name: 'Keyhole (sandbox)',
  description: 'Explore the platform API from your browser.',
  url: 'https://github.com/keyhole/keyhole',
} as const;

/** The extension's pinned redirect URL (Chrome: `identity.getRedirectURL()` of the pinned extension id). */
export const DEFAULT_CONSUMER_BASE_URL = 'https://gfiiknkkkinbdbkjbifnpolnadmjmkfb.chromiumapp.org/';

export const SANDBOX_USER = {
  email: 'ada@sandbox.keyhole.test',
  password: 'lovelace-1815',
  name: 'Ada Lovelace',
} as const;

/** Has TOTP enabled: API-token creation needs a code. The secret is base32 so it fits any authenticator app. */
export const MFA_USER = {
  email: 'grace@sandbox.keyhole.test',
  password: 'hopper-1906',
  name: 'Grace Hopper',
  totpSecret: 'GRACEHOPPERCOBOLMARKTWOMOTHBUG47',
} as const;

export const SFTP_ADMIN = { username: 'admin', password: 'sftpgo-sandbox-admin' } as const;

export const DEFAULT_SEED = 1815;

/** ±5 minutes, like most OAuth 1.0a providers. */
export const TIMESTAMP_WINDOW_SECONDS = 300;

export const REQUEST_TOKEN_LIFETIME_SECONDS = 30 * 60;

export const SFTP_ADMIN_TOKEN_LIFETIME_SECONDS = 20 * 60;

export const MAX_BODY_BYTES = 1024 * 1024;

export const RIGHTS = [
  'access_organisations',
  'access_organisations_bills',
  'access_organisations_consumption_statistics',
  'access_organisations_credit_count',
  'access_personal_information',
  'manage_organisations',
  'manage_organisations_applications',
  'manage_organisations_members',
  'manage_organisations_services',
  'manage_personal_information',
  'manage_ssh_keys',
] as const;

export type Right = (typeof RIGHTS)[number];

export const RIGHT_DESCRIPTIONS: Record<Right, string> = {
  access_organisations: 'See your organisations, their applications and add-ons',
  access_organisations_bills: 'See and download the invoices of your organisations',
  access_organisations_consumption_statistics: 'See the resource consumption of your organisations',
  access_organisations_credit_count: 'See the remaining credits of your organisations',
  access_personal_information: 'See your profile: name, email address, postal address',
  manage_organisations: 'Change your organisations and their OAuth consumers',
  manage_organisations_applications: 'Create, change, restart and delete applications',
  manage_organisations_members: 'Invite and remove members of your organisations',
  manage_organisations_services: 'Create, change and delete add-ons',
  manage_personal_information: 'Change your profile and your OAuth consumers',
  manage_ssh_keys: 'Add and remove your SSH keys',
};

export function isRight(name: string): name is Right {
  return (RIGHTS as readonly string[]).includes(name);
}

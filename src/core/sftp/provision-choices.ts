/**
 * The pickers of the provisioning form, fed from the account: zones (`/v4/products/zones`), the PostgreSQL and
 * object-storage providers and their plans (`/v2/products/addonproviders`), the Linux runtime
 * (`/v2/products/instances`); and the form's checks, every problem at once, by field.
 */
import { KeyholeError } from '../errors.ts';
import { checkBucketName } from './bucket-name.ts';
import type { LinuxRuntime } from './provision-plan.ts';

export interface ZoneChoice {
  name: string;
  label: string;
}

export interface PlanChoice {
  id: string;
  name: string;
}

export interface ProviderChoice {
  id: string;
  name: string;
  plans: PlanChoice[];
}

function parseArray(body: string, what: string): Record<string, unknown>[] {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw new KeyholeError('malformed-response', `The ${what} list is not JSON.`);
  }
  if (!Array.isArray(value)) throw new KeyholeError('malformed-response', `The ${what} list is not an array.`);
  return value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null);
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

export function parseZones(body: string): ZoneChoice[] {
  return parseArray(body, 'zones').flatMap((zone) => {
    const name = text(zone.name);
    if (!name) return [];
    const place = [text(zone.city), text(zone.country)].filter(Boolean).join(', ');
    const label = text(zone.displayName) ?? name;
    return [{ name, label: place && !label.includes(place) ? `${label} — ${place} (${name})` : `${label} (${name})` }];
  });
}

/** The PostgreSQL provider and the object-storage one (`cellar-addon` on the platform, `cellar` in older lists). */
export function parseAddonProviders(body: string): { postgresql: ProviderChoice; storage: ProviderChoice } {
  const providers = parseArray(body, 'add-on providers').map((provider) => ({
    id: text(provider.id) ?? '',
    name: text(provider.name) ?? text(provider.id) ?? '',
    plans: (Array.isArray(provider.plans) ? (provider.plans as Record<string, unknown>[]) : []).flatMap((plan) => {
      const id = text(plan?.id);
      return id ? [{ id, name: text(plan.name) ?? text(plan.slug) ?? id }] : [];
    }),
  }));
  const postgresql = providers.find((provider) => provider.id === 'postgresql-addon');
  const storage = providers.find((provider) => provider.id === 'cellar-addon' || provider.id === 'cellar');
  if (!postgresql?.plans.length || !storage?.plans.length) {
    throw new KeyholeError(
      'not-found',
      'The platform lists no PostgreSQL or no object-storage add-on plan for this account.',
    );
  }
  return { postgresql, storage };
}

export function parseLinuxRuntime(body: string): LinuxRuntime {
  const linux = parseArray(body, 'runtimes').find((runtime) => {
    const variant = runtime.variant as { slug?: unknown } | undefined;
    return runtime.enabled !== false && (runtime.type === 'linux' || variant?.slug === 'linux');
  });
  const variant = linux?.variant as { id?: unknown } | undefined;
  const flavor = (linux?.defaultFlavor as { name?: unknown } | undefined)?.name;
  if (!linux || !text(linux.type) || !text(linux.version) || !text(variant?.id)) {
    throw new KeyholeError('not-found', 'The platform lists no Linux runtime for new applications.');
  }
  return {
    type: linux.type as string,
    version: linux.version as string,
    variantId: variant!.id as string,
    flavor: text(flavor) ?? 'XS',
  };
}

export interface ProvisionFormValues {
  appName: string;
  adminUsername: string;
  adminPassword: string;
  bucket: string;
  sftpUsername: string;
}

export function checkProvisionForm(values: ProvisionFormValues): Partial<Record<keyof ProvisionFormValues, string>> {
  const problems: Partial<Record<keyof ProvisionFormValues, string>> = {};
  if (!/^[a-z0-9][a-z0-9-]{1,40}$/.test(values.appName)) {
    problems.appName = 'Use 2 to 41 lowercase letters, digits or hyphens, starting with a letter or digit.';
  }
  if (!/^[A-Za-z0-9._@-]{1,255}$/.test(values.adminUsername)) {
    problems.adminUsername = 'Use letters, digits, dots, hyphens, underscores or @.';
  }
  if (values.adminPassword.length < 12 || /[^A-Za-z0-9]/.test(values.adminPassword)) {
    problems.adminPassword = 'Generate the password: 12 or more letters and digits.';
  }
  const bucket = checkBucketName(values.bucket);
  if (!bucket.ok) problems.bucket = bucket.problems.join(' ');
  if (!/^[A-Za-z0-9._@~-]{1,255}$/.test(values.sftpUsername)) {
    problems.sftpUsername = 'Use letters, digits and . _ @ ~ - (no spaces).';
  }
  return problems;
}

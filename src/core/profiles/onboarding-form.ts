import type { KeyholeErrorData } from '../errors.ts';
import { SPEC_RIGHTS, type SpecRight } from '../platform/rights.ts';
import type { OnboardingRequest } from '../protocol.ts';
import { REAL_PLATFORM_PRESET, SANDBOX_PRESET } from './profile-presets.ts';
import { checkBaseUrl, normalizeBaseUrl } from './profile-validation.ts';

/**
 * The "Set up with an API token" form (issue 11) without its DOM: what it holds, its defaults, its checks, the
 * request it sends, and the hint shown under each failure. The API token lives only in these values, in the page's
 * memory: nothing here stores it.
 */

export type OnboardingPlatform = 'real' | 'sandbox';

export interface OnboardingFormValues {
  platform: OnboardingPlatform;
  /** The sandbox's addresses, kept while the real platform is chosen so switching back loses nothing typed. */
  sandboxApiBaseUrl: string;
  sandboxBridgeUrl: string;
  apiToken: string;
  rights: SpecRight[];
  organisationId: string;
  keepTokenForBridge: boolean;
}

export type OnboardingField = 'apiBaseUrl' | 'bridgeUrl' | 'apiToken' | 'rights' | 'organisationId';

export type OnboardingErrors = Partial<Record<OnboardingField, string>>;

/** Page order: the first invalid field in this order receives focus. */
export const ONBOARDING_FIELDS: readonly OnboardingField[] = [
  'apiBaseUrl',
  'bridgeUrl',
  'apiToken',
  'rights',
  'organisationId',
];

/**
 * An explorer reads everything and changes nothing until asked: every `access_*` right on, every `manage_*` off.
 * A consumer's rights are fixed when it is created, so the user picks write rights deliberately.
 */
export const DEFAULT_ONBOARDING_RIGHTS: readonly SpecRight[] = SPEC_RIGHTS.filter((right) =>
  right.startsWith('access_'),
);

export function emptyOnboardingForm(): OnboardingFormValues {
  return {
    platform: 'real',
    sandboxApiBaseUrl: SANDBOX_PRESET.apiBaseUrl,
    sandboxBridgeUrl: SANDBOX_PRESET.bridgeUrl,
    apiToken: '',
    rights: [...DEFAULT_ONBOARDING_RIGHTS],
    organisationId: '',
    keepTokenForBridge: false,
  };
}

/** The addresses the setup will use: the real platform's fixed ones, or the sandbox's as typed. */
export function onboardingAddresses(values: OnboardingFormValues): { apiBaseUrl: string; bridgeUrl: string } {
  return values.platform === 'real'
    ? { apiBaseUrl: REAL_PLATFORM_PRESET.apiBaseUrl, bridgeUrl: REAL_PLATFORM_PRESET.bridgeUrl }
    : { apiBaseUrl: values.sandboxApiBaseUrl, bridgeUrl: values.sandboxBridgeUrl };
}

/** Adds or removes one right, keeping the spec's order so the request reads the same every time. */
export function toggleRight(rights: readonly SpecRight[], right: SpecRight, on: boolean): SpecRight[] {
  return SPEC_RIGHTS.filter((name) => (name === right ? on : rights.includes(name)));
}

/**
 * What users paste: the bare value, or a copied header (`Authorization: Bearer …`), with spaces or quotes around.
 * The worker uses the value as is, so a prefix left in would only come back as "token refused".
 */
export function cleanApiToken(pasted: string): string {
  return pasted
    .trim()
    .replace(/^authorization:\s*/i, '')
    .replace(/^bearer\s+/i, '')
    .replace(/^["']|["']$/g, '')
    .trim();
}

export function validateOnboarding(values: OnboardingFormValues): OnboardingErrors {
  const errors: OnboardingErrors = {};
  if (values.platform === 'sandbox') {
    const api = checkBaseUrl(values.sandboxApiBaseUrl, 'API');
    if (api) errors.apiBaseUrl = api;
    const bridge = checkBaseUrl(values.sandboxBridgeUrl, 'bridge');
    if (bridge) errors.bridgeUrl = bridge;
  }
  const token = cleanApiToken(values.apiToken);
  if (token === '') errors.apiToken = 'Paste an API token, or create one with your email and password below.';
  else if (/\s/.test(token)) errors.apiToken = 'An API token has no spaces: paste the value shown when it was created.';
  if (values.rights.length === 0) errors.rights = 'Pick at least one right for Keyhole to ask for.';
  const organisation = values.organisationId.trim();
  if (organisation !== '' && !/^[A-Za-z0-9_.:-]+$/.test(organisation))
    errors.organisationId =
      'An organisation id has no spaces or slashes, e.g. orga_3b9f…; leave it empty for your personal space.';
  return errors;
}

export function firstInvalidOnboardingField(errors: OnboardingErrors): OnboardingField | undefined {
  return ONBOARDING_FIELDS.find((field) => errors[field] !== undefined);
}

/** The request for `onboarding/setup-consumer`; only call it on values that passed `validateOnboarding`. */
export function toOnboardingRequest(values: OnboardingFormValues): OnboardingRequest {
  const addresses = onboardingAddresses(values);
  const request: OnboardingRequest = {
    apiToken: cleanApiToken(values.apiToken),
    rights: [...values.rights],
    keepTokenForBridge: values.keepTokenForBridge,
    apiBaseUrl: normalizeBaseUrl(addresses.apiBaseUrl),
    bridgeUrl: normalizeBaseUrl(addresses.bridgeUrl),
  };
  const organisation = values.organisationId.trim();
  if (organisation) request.organisationId = organisation;
  return request;
}

/**
 * Creating a token sends the user's email and password to the bridge chosen above (`tokens/create` carries its
 * address), so only a valid address is accepted; says why not otherwise.
 */
export function tokenCreationBlocker(chosenBridgeUrl: string): string | undefined {
  return checkBaseUrl(chosenBridgeUrl, 'bridge') ? 'Enter a valid bridge address above first.' : undefined;
}

/**
 * What to add under the worker's own message: what to do next. The worker's message is shown as is; this only
 * points at the part of the form that fixes it. `retry` offers to send the same request again.
 */
export function describeOnboardingFailure(error: KeyholeErrorData): { hint?: string; retry: boolean } {
  switch (error.code) {
    case 'invalid-credential':
      return { hint: 'Paste the token again, or create a new one below.', retry: false };
    case 'forbidden':
      return {
        hint: 'Leave “Create under an organisation” empty to use your personal space, or use a token of an account allowed to manage that organisation’s consumers.',
        retry: false,
      };
    case 'invalid-input':
      return { retry: false };
    case 'network':
    case 'timeout':
      return { hint: 'Check the addresses and that the platform is reachable, then try again.', retry: true };
    case 'setup-incomplete':
      // The consumer exists (its key is in `detail`) but the profile failed: running again finds and reuses it.
      return {
        hint: 'Everything you entered is kept: try again to reuse this consumer instead of creating another.',
        retry: true,
      };
    default:
      return { retry: true };
  }
}

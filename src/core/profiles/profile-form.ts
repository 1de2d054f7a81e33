import type { ProfileInput, ProfilePreset, ProfileView, SignatureMethod, TokenEndpointVariant } from '../protocol.ts';
import { changedOrigins, rebindingReason } from './origin-binding.ts';
import { REAL_PLATFORM_PRESET, SANDBOX_PRESET } from './profile-presets.ts';
import { type ProfileFieldErrors, validateProfile } from './profile-validation.ts';

/**
 * What the settings form holds while the user types: plain strings, so nothing typed is ever coerced or dropped,
 * and the conversions to and from the protocol's shapes in one place.
 */
export interface ProfileFormValues {
  name: string;
  apiBaseUrl: string;
  bridgeUrl: string;
  consoleUrl: string;
  consumerKey: string;
  /** Empty while editing means "keep the stored secret". */
  consumerSecret: string;
  signatureMethod: SignatureMethod;
  tokenEndpoint: TokenEndpointVariant;
  /** The preset the form was last filled from. */
  preset: ProfilePreset;
}

export type ProfileFormField = keyof Omit<ProfileFormValues, 'preset'>;

/** Field order on the page: the first invalid one in this order receives focus. */
export const PROFILE_FORM_FIELDS: readonly ProfileFormField[] = [
  'name',
  'apiBaseUrl',
  'bridgeUrl',
  'consoleUrl',
  'consumerKey',
  'consumerSecret',
  'signatureMethod',
  'tokenEndpoint',
];

export type PresetChoice = 'real' | 'sandbox';

export function emptyProfileForm(): ProfileFormValues {
  return {
    name: '',
    apiBaseUrl: '',
    bridgeUrl: '',
    consoleUrl: '',
    consumerKey: '',
    consumerSecret: '',
    signatureMethod: 'HMAC-SHA512',
    tokenEndpoint: 'form',
    preset: 'custom',
  };
}

/** Editing starts from what the page may know: the secret field starts empty, whatever is stored. */
export function profileFormFromView(profile: ProfileView): ProfileFormValues {
  return {
    name: profile.name,
    apiBaseUrl: profile.apiBaseUrl,
    bridgeUrl: profile.bridgeUrl,
    consoleUrl: profile.consoleUrl ?? '',
    consumerKey: profile.consumerKey,
    consumerSecret: '',
    signatureMethod: profile.signatureMethod,
    tokenEndpoint: profile.tokenEndpoint,
    preset: profile.preset,
  };
}

/**
 * Fills the form from a preset. The real platform has no shared consumer, so its key and secret stay as the user
 * typed them, except the sandbox's public pair, which would only ever fail against the real platform.
 */
export function applyPreset(form: ProfileFormValues, choice: PresetChoice): ProfileFormValues {
  if (choice === 'sandbox') {
    return {
      name: SANDBOX_PRESET.name,
      apiBaseUrl: SANDBOX_PRESET.apiBaseUrl,
      bridgeUrl: SANDBOX_PRESET.bridgeUrl,
      consoleUrl: SANDBOX_PRESET.consoleUrl ?? '',
      consumerKey: SANDBOX_PRESET.consumerKey,
      consumerSecret: SANDBOX_PRESET.consumerSecret ?? '',
      signatureMethod: SANDBOX_PRESET.signatureMethod,
      tokenEndpoint: SANDBOX_PRESET.tokenEndpoint,
      preset: 'sandbox',
    };
  }
  const fromSandbox = form.consumerKey === SANDBOX_PRESET.consumerKey;
  return {
    name: REAL_PLATFORM_PRESET.name,
    apiBaseUrl: REAL_PLATFORM_PRESET.apiBaseUrl,
    bridgeUrl: REAL_PLATFORM_PRESET.bridgeUrl,
    consoleUrl: REAL_PLATFORM_PRESET.consoleUrl ?? '',
    consumerKey: fromSandbox ? '' : form.consumerKey,
    consumerSecret: fromSandbox || form.consumerSecret === SANDBOX_PRESET.consumerSecret ? '' : form.consumerSecret,
    signatureMethod: REAL_PLATFORM_PRESET.signatureMethod,
    tokenEndpoint: REAL_PLATFORM_PRESET.tokenEndpoint,
    preset: 'real',
  };
}

/** A preset label stays true only while the addresses are the preset's; anything else is a custom host. */
function presetFor(form: ProfileFormValues): ProfilePreset {
  const source = form.preset === 'real' ? REAL_PLATFORM_PRESET : form.preset === 'sandbox' ? SANDBOX_PRESET : null;
  if (!source) return 'custom';
  const same = (a: string, b: string) => a.trim().replace(/\/+$/, '') === b;
  return same(form.apiBaseUrl, source.apiBaseUrl) && same(form.bridgeUrl, source.bridgeUrl) ? form.preset : 'custom';
}

/**
 * What the worker receives. An empty secret is left out (the worker keeps the stored one) and so is an empty
 * console address; other fields are sent as typed and normalised by the worker.
 */
export function toProfileInput(form: ProfileFormValues, id?: string): ProfileInput {
  const input: ProfileInput = {
    name: form.name,
    preset: presetFor(form),
    apiBaseUrl: form.apiBaseUrl,
    bridgeUrl: form.bridgeUrl,
    consumerKey: form.consumerKey,
    signatureMethod: form.signatureMethod,
    tokenEndpoint: form.tokenEndpoint,
  };
  if (id) input.id = id;
  if (form.consoleUrl.trim()) input.consoleUrl = form.consoleUrl;
  if (form.consumerSecret.trim()) input.consumerSecret = form.consumerSecret;
  return input;
}

/**
 * Whether the consumer secret must be typed: always for a new profile or one without a stored secret, and again when
 * an edit moves a profile with a stored secret to another API or bridge origin (the stored secret stays bound to the
 * old address). `reason` says why in the latter case, in the worker's own words.
 */
export function secretRequirement(
  form: ProfileFormValues,
  editing: ProfileView | undefined,
): { required: boolean; reason?: string } {
  if (!editing?.hasConsumerSecret) return { required: true };
  const reason = rebindingReason(changedOrigins(editing, form));
  return reason ? { required: true, reason } : { required: false };
}

/** The form's checks: the worker's validation, with the secret required as `secretRequirement` says. */
export function validateProfileForm(form: ProfileFormValues, editing: ProfileView | undefined): ProfileFieldErrors {
  const secret = secretRequirement(form, editing);
  return validateProfile(toProfileInput(form), { requireSecret: secret.required, secretReason: secret.reason });
}

/** The first field, in page order, that has an error. */
export function firstInvalidField(errors: ProfileFieldErrors): ProfileFormField | undefined {
  return PROFILE_FORM_FIELDS.find((field) => errors[field] !== undefined);
}

/**
 * Reads the per-field errors the worker puts in an `invalid-input` error's detail (a JSON object of
 * field → message), keeping only known fields with string messages.
 */
export function fieldErrorsFromDetail(detail: string | undefined): ProfileFieldErrors {
  if (!detail) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(detail);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const errors: ProfileFieldErrors = {};
  for (const field of PROFILE_FORM_FIELDS) {
    const message = (parsed as Record<string, unknown>)[field];
    if (typeof message === 'string') errors[field] = message;
  }
  return errors;
}

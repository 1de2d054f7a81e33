import { SIGNATURE_METHODS } from '../oauth1/types.ts';
import type { ProfileInput } from '../protocol.ts';

export const MAX_PROFILE_NAME_LENGTH = 100;

export type ProfileFieldErrors = Partial<Record<keyof ProfileInput, string>>;

/**
 * Checks a profile before it is saved; each message names the field and what to do. An empty result means valid.
 * `requireSecret` is false when updating a profile whose secret is already stored; `secretReason` says why it is
 * required anyway (an address edit: the stored secret is bound to the old address).
 */
export function validateProfile(
  input: ProfileInput,
  options: { requireSecret: boolean; secretReason?: string | undefined },
): ProfileFieldErrors {
  const errors: ProfileFieldErrors = {};
  if (!input.name.trim()) errors.name = 'Give the profile a name.';
  // A name is shown in menus and kept in storage; a huge one would only fill the storage quota.
  else if (input.name.trim().length > MAX_PROFILE_NAME_LENGTH)
    errors.name = `Keep the profile name to ${MAX_PROFILE_NAME_LENGTH} characters or fewer.`;
  const api = checkBaseUrl(input.apiBaseUrl, 'API');
  if (api) errors.apiBaseUrl = api;
  const bridge = checkBaseUrl(input.bridgeUrl, 'bridge');
  if (bridge) errors.bridgeUrl = bridge;
  // A blank console address means "none", as the worker stores it.
  if (input.consoleUrl?.trim()) {
    const consoleError = checkBaseUrl(input.consoleUrl, 'console');
    if (consoleError) errors.consoleUrl = consoleError;
  }
  if (!input.consumerKey.trim()) errors.consumerKey = 'Enter the consumer key of your OAuth consumer.';
  else if (/\s/.test(input.consumerKey.trim())) errors.consumerKey = 'A consumer key has no spaces.';
  const secret = input.consumerSecret;
  if (options.requireSecret && !secret?.trim())
    errors.consumerSecret = options.secretReason ?? 'Enter the consumer secret.';
  if (!SIGNATURE_METHODS.includes(input.signatureMethod)) errors.signatureMethod = 'Choose a signature method.';
  if (input.tokenEndpoint !== 'form' && input.tokenEndpoint !== 'query')
    errors.tokenEndpoint = 'Choose form body or query string.';
  return errors;
}

/** An API base is an origin (optionally with a path prefix), http only for loopback. */
export function checkBaseUrl(value: string, label: string): string | undefined {
  if (!value.trim()) return `Enter the ${label} address (e.g. https://api.example.com).`;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return `The ${label} address is not a URL (expected e.g. https://api.example.com).`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `The ${label} address must start with https://.`;
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    return `Use https:// for the ${label} address: plain http is only allowed for 127.0.0.1 and localhost.`;
  if (url.username || url.password) return `The ${label} address must not contain a user name or password.`;
  if (url.search || url.hash) return `The ${label} address must not contain ? or #.`;
  return undefined;
}

export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** Normalises a base URL: trimmed, no trailing slash. */
export function normalizeBaseUrl(value: string): string {
  const url = new URL(value.trim());
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

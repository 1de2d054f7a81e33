/**
 * A secret is bound to the origin(s) it was entered for (issue 14): a consumer secret and a session to the
 * profile's API and bridge origins as they were then, an API token to the bridge it was created on or pasted
 * for. These pure checks decide when a secret may go to a destination, and when an edit means it may not.
 */

/** The origin (scheme, host, port) of a URL, or undefined when it is not a URL. */
export function originOf(url: string): string | undefined {
  try {
    const { origin } = new URL(url.trim());
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** Whether a secret bound to `bound` (origins or base URLs) may be sent to, or signed for, `destination`. */
export function isBoundTo(destination: string, bound: readonly string[]): boolean {
  const target = originOf(destination);
  return target !== undefined && bound.some((entry) => originOf(entry) === target);
}

/** The distinct origins of some base URLs, in order; unparseable ones are left out. */
export function originsOf(urls: readonly string[]): string[] {
  const origins: string[] = [];
  for (const url of urls) {
    const origin = originOf(url);
    if (origin !== undefined && !origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

export interface ProfileAddresses {
  apiBaseUrl: string;
  bridgeUrl: string;
}

export type AddressKind = 'api' | 'bridge';

/** Which of a profile's origins an edit changes. A path change on the same origin is not a change. */
export function changedOrigins(before: ProfileAddresses, after: ProfileAddresses): AddressKind[] {
  const changed: AddressKind[] = [];
  if (originOf(after.apiBaseUrl) !== originOf(before.apiBaseUrl)) changed.push('api');
  if (originOf(after.bridgeUrl) !== originOf(before.bridgeUrl)) changed.push('bridge');
  return changed;
}

/**
 * Why the consumer secret must be typed again after an address edit, in words for the settings form (shown
 * as soon as the address changes) and for the worker's refusal (the same text, so both say the same thing).
 */
export function rebindingReason(changed: readonly AddressKind[]): string | undefined {
  if (changed.length === 0) return undefined;
  const what =
    changed.length === 2
      ? 'The API and bridge addresses changed'
      : `The ${changed[0] === 'api' ? 'API' : 'bridge'} address changed`;
  const bridgeToken = changed.includes('bridge') ? ', and forgets the API token chosen for the old bridge' : '';
  return (
    `${what}: type the consumer secret again. Keyhole sends a secret only to the address it was entered for, ` +
    `so the stored one stays with the old address. Saving also signs this profile out${bridgeToken}.`
  );
}

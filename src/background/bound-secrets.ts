import { KeyholeError } from '../core/errors.ts';
import { isBoundTo, originOf, originsOf } from '../core/profiles/origin-binding.ts';
import type { BridgeTokenView } from '../core/protocol.ts';
import { vaultNames } from './profile-records.ts';
import { getSecret, hasSecret, putSecretJson } from './secret-store.ts';

/**
 * The one way to read a secret in order to sign or send: every sealed secret records the origins it is bound to
 * (inside the sealed value, so the binding is as tamper-proof as the secret), and each accessor takes the
 * destination and refuses ('origin-refused') when it is not one of them. Binding at rest and checking at use
 * means a missed check elsewhere (a profile edited behind our back, a stale closure) still cannot leak a secret.
 */

export interface TokenPair {
  token: string;
  tokenSecret: string;
}

/** The API token chosen for bridge calls; its name and expiry (no value) are also kept for pages. */
export interface BridgeToken extends BridgeTokenView {
  value: string;
  /**
   * The origin of the API of the profile it was chosen for, as it was then: onboarding with the stored token sets up
   * a profile for that API only (the consumer secret it fetches is bound to the new profile's API). Recorded once,
   * so moving the profile's API later does not move it. Absent on tokens stored before it was recorded.
   */
  apiOrigin?: string;
}

/** Whose secret, and (for secrets stored before binding existed) where it is taken to belong. */
export interface SecretOwner {
  id: string;
  name: string;
  apiBaseUrl: string;
  bridgeUrl: string;
}

interface Sealed<T> {
  boundTo: string[];
  value: T;
}

function isSealed(parsed: unknown): parsed is Sealed<unknown> {
  return typeof parsed === 'object' && parsed !== null && Array.isArray((parsed as Sealed<unknown>).boundTo);
}

/**
 * Reads a sealed, bound secret. Values written before secrets were bound (plain text or plain JSON) are taken to
 * belong to the profile's addresses as they are now: the only addresses they could have been used with since
 * every later address change requires the secret again.
 */
async function openSealed<T>(
  name: `${string}:${string}`,
  legacy: { read: (text: string) => T; boundTo: readonly string[] },
): Promise<Sealed<T> | undefined> {
  const text = await getSecret(name);
  if (text === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isSealed(parsed)) return parsed as Sealed<T>;
  } catch {
    // Not JSON: a consumer secret stored before binding existed.
  }
  return { boundTo: originsOf(legacy.boundTo), value: legacy.read(text) };
}

function release<T>(sealed: Sealed<T>, destination: string, refusal: (bound: string, target: string) => string): T {
  if (isBoundTo(destination, sealed.boundTo)) return sealed.value;
  const bound = sealed.boundTo.join(' and ') || 'no address';
  const target = originOf(destination) ?? destination;
  throw new KeyholeError('origin-refused', refusal(bound, target), {
    detail: `bound to ${bound}; asked for ${target}`,
  });
}

function seal<T>(name: `${string}:${string}`, value: T, addresses: readonly string[]): Promise<void> {
  return putSecretJson(name, { boundTo: originsOf(addresses), value } satisfies Sealed<T>);
}

const profileAddresses = (owner: SecretOwner) => [owner.apiBaseUrl, owner.bridgeUrl];

/** The consumer secret signs for the API (any method) and the bridge (PLAINTEXT): bound to both origins. */
export function sealConsumerSecret(owner: SecretOwner, secret: string): Promise<void> {
  return seal(vaultNames.consumerSecret(owner.id), secret, profileAddresses(owner));
}

export async function consumerSecretFor(owner: SecretOwner, destination: string): Promise<string | undefined> {
  const sealed = await openSealed(vaultNames.consumerSecret(owner.id), {
    read: (text) => text,
    boundTo: profileAddresses(owner),
  });
  return (
    sealed &&
    release(
      sealed,
      destination,
      (bound, target) =>
        `Keyhole will not sign for ${target} with the consumer secret of “${owner.name}”: it was entered for ${bound}. ` +
        'Type the secret again in Settings if the new address is right.',
    )
  );
}

/** Whether one is stored, without opening it: a locked vault (passphrase lock) still lists profiles. */
export function hasConsumerSecret(profileId: string): Promise<boolean> {
  return hasSecret(vaultNames.consumerSecret(profileId));
}

const readPair = (text: string) => JSON.parse(text) as TokenPair;

/** An access token belongs to the addresses the session was opened on. */
export function sealAccessToken(owner: SecretOwner, token: TokenPair): Promise<void> {
  return seal(vaultNames.accessToken(owner.id), token, profileAddresses(owner));
}

export async function accessTokenFor(owner: SecretOwner, destination: string): Promise<TokenPair | undefined> {
  const sealed = await openSealed(vaultNames.accessToken(owner.id), {
    read: readPair,
    boundTo: profileAddresses(owner),
  });
  return sealed && release(sealed, destination, sessionRefusal(owner));
}

/** The request token of a sign-in in progress, bound to the API it was issued by. */
export function sealRequestToken(owner: SecretOwner, token: TokenPair): Promise<void> {
  return seal(vaultNames.requestToken(owner.id), token, [owner.apiBaseUrl]);
}

export async function requestTokenFor(owner: SecretOwner, destination: string): Promise<TokenPair | undefined> {
  const sealed = await openSealed(vaultNames.requestToken(owner.id), { read: readPair, boundTo: [owner.apiBaseUrl] });
  return sealed && release(sealed, destination, sessionRefusal(owner));
}

function sessionRefusal(owner: SecretOwner) {
  return (bound: string, target: string) =>
    `Keyhole will not use the session of “${owner.name}” for ${target}: it was opened on ${bound}. Sign in again.`;
}

/** An API token belongs to the one bridge it was created on or pasted for. */
export function sealBridgeToken(profileId: string, bridgeUrl: string, token: BridgeToken): Promise<void> {
  return seal(vaultNames.bridgeToken(profileId), token, [bridgeUrl]);
}

export async function bridgeTokenFor(owner: SecretOwner, destination: string): Promise<BridgeToken | undefined> {
  const sealed = await openSealed(vaultNames.bridgeToken(owner.id), {
    read: (text) => JSON.parse(text) as BridgeToken,
    boundTo: [owner.bridgeUrl],
  });
  return (
    sealed &&
    release(
      sealed,
      destination,
      (bound, target) =>
        `Keyhole will not send the API token “${sealed.value.name}” to ${target}: it was created on or pasted for ` +
        `${bound}, and goes nowhere else. Paste a token made for ${target}, or create one there.`,
    )
  );
}

export function hasBridgeToken(profileId: string): Promise<boolean> {
  return hasSecret(vaultNames.bridgeToken(profileId));
}

/** Deterministic randomness for seed data, and real randomness for secrets issued at run time. */
import { createHash, createHmac, randomBytes } from 'node:crypto';

export type Rng = () => number;

/** mulberry32: tiny, fast, good enough for believable fixtures. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seededHex(rng: Rng, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += Math.floor(rng() * 16).toString(16);
  return out;
}

/** A version-4-shaped UUID from the seeded generator. */
export function seededUuid(rng: Rng): string {
  const hex = seededHex(rng, 32);
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function seededInt(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

/**
 * URL-safe random string for tokens, secrets and verifiers. Never starting with `-`: the official CLI takes such a
 * positional value for an option (a consumer key `-v…` made `clever oauth-consumers get` print its version, one
 * conformance run in 64). Whether the platform's own keys can start with one is not known.
 */
export function randomToken(bytes = 24): string {
  for (;;) {
    const token = randomBytes(bytes).toString('base64url');
    if (!token.startsWith('-')) return token;
  }
}

export function randomUuid(): string {
  const hex = randomBytes(16).toString('hex');
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The pre-seeded API token's value: stable for a given seed, so demos and docs can show it. */
export function seededApiTokenValue(seed: number): string {
  return `sbx_${createHmac('sha256', 'keyhole-sandbox-api-token').update(String(seed)).digest('base64url').slice(0, 40)}`;
}

/** Signature computation and constant-time comparison with node:crypto. */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { percentEncode } from './encoding.ts';

export const SIGNATURE_METHODS = ['HMAC-SHA512', 'HMAC-SHA1', 'PLAINTEXT'] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];

export function isSignatureMethod(value: string): value is SignatureMethod {
  return (SIGNATURE_METHODS as readonly string[]).includes(value);
}

export function signingKey(consumerSecret: string, tokenSecret = ''): string {
  return `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
}

export function computeSignature(method: SignatureMethod, baseString: string, key: string): string {
  if (method === 'PLAINTEXT') return key;
  const algorithm = method === 'HMAC-SHA512' ? 'sha512' : 'sha1';
  return createHmac(algorithm, key).update(baseString, 'utf8').digest('base64');
}

/** Hashing first makes both sides the same length, so the comparison time does not depend on where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

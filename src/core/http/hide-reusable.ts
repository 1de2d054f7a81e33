import { percentEncode } from '../oauth1/percent-encode.ts';

/**
 * Masks, in what the server answered, every reusable credential the request carried: a server (or a proxy) that
 * echoes the request back, in a body, a header or an error, must not hand a page the PLAINTEXT key or the API
 * token, nor have it kept in history or in a session's last error. An HMAC signature is single-use and stays.
 * Secrets under 8 characters are left alone: masking them would garble ordinary text.
 */
export function hideReusable(text: string, reusable: readonly string[] = []): string {
  for (const secret of maskedForms(reusable)) text = text.replaceAll(secret, MASK);
  return text;
}

/** What a secret is replaced by, in text and (as its UTF-8) in bytes (mask-bytes.ts). */
export const MASK = '•••';

/** The forms long enough to mask (see hideReusable). */
export const maskedForms = (reusable: readonly string[]) => reusable.filter((secret) => secret.length > 7);

/** Each secret as it may come back: encoded twice (the header), once (the signature), as typed. */
export const sentForms = (secrets: string[]) =>
  secrets.flatMap((secret) => [percentEncode(percentEncode(secret)), percentEncode(secret), secret]);

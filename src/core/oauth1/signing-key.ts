import { percentEncode } from './percent-encode.ts';

/**
 * RFC 5849 §3.4.2 and spec §5.2: `enc(consumer secret)&enc(token secret)`. The `&` is always present, so
 * the request-token step (no token secret yet) yields a key ending with `&`.
 */
export function buildSigningKey(consumerSecret: string, tokenSecret = ''): string {
  return `${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`;
}

import { percentEncode } from '../oauth1/percent-encode.ts';

/**
 * Masks, in what the server answered, every reusable credential the request carried: a server (or a proxy) that
 * echoes the request back, in a body, a header or an error, must not hand a page the PLAINTEXT key or the API
 * token, nor have it kept in history or in a session's last error. An HMAC signature is single-use and stays.
 * Secrets under 8 characters are left alone: masking them would garble ordinary text.
 */
export function hideReusable(text: string, reusable: readonly string[] = []): string {
  const forms = maskedForms(reusable);
  for (const secret of forms) text = text.replaceAll(secret, MASK);
  const cut = cutSecretAtEnd(text, forms);
  return cut ? text.slice(0, -cut) + MASK : text;
}

/**
 * Response headers with every reusable secret masked in names and values. fetch gives names in lower case: a secret
 * echoed in one (a name may hold a token's letters, digits and `%`) is found in its lower-case forms, made once per
 * answer (a secret a hostile server made 1 MB long is not lower-cased again for each header).
 */
export function hideInHeaders(
  headers: Iterable<[string, string]>,
  reusable: readonly string[] = [],
): [string, string][] {
  const inNames = reusable.map((secret) => secret.toLowerCase());
  return [...headers].map(([name, value]) => [hideReusable(name, inNames), hideReusable(value, reusable)]);
}

/**
 * How many characters at the end of `text` (after `from`) are the start of a secret, if 8 or more, else 0. A body
 * cut at its size limit (or a stream that stopped) in the middle of an echoed secret would show all of it but its
 * last few characters; fewer than 8 tell as little as a secret under 8 characters would, and are left alone.
 */
export function cutSecretAtEnd(text: string, forms: readonly string[], from = 0): number {
  let longest = 0;
  for (const form of forms) {
    // Knuth-Morris-Pratt over the text's last (form length − 1) characters: linear however the secret repeats
    // itself (trying each length in turn would cost a length's square for a secret like 'aaaa…' a server made).
    // The table covers only as much of the form as those characters can match: a header or a log line masked
    // against a secret a hostile server made 1 MB long costs its own length, not the secret's.
    const start = Math.max(from, text.length - form.length + 1);
    const fail = [0];
    for (let index = 1, border = 0; index < text.length - start; index++) {
      while (border && form[index] !== form[border]) border = fail[border - 1]!;
      if (form[index] === form[border]) border++;
      fail[index] = border;
    }
    let matched = 0;
    for (let index = start; index < text.length; index++) {
      while (matched && text[index] !== form[matched]) matched = fail[matched - 1]!;
      if (text[index] === form[matched]) matched++;
    }
    if (matched > Math.max(longest, 7)) longest = matched;
  }
  return longest;
}

/** What a secret is replaced by, in text and (as its UTF-8) in bytes (mask-bytes.ts). */
export const MASK = '•••';

/** The forms long enough to mask (see hideReusable). */
export const maskedForms = (reusable: readonly string[]) => reusable.filter((secret) => secret.length > 7);

/**
 * Each secret as it may come back: encoded twice (a PLAINTEXT header), once (its signature, or a Bearer token a
 * server echoes URL-encoded), as typed. Percent-encoding's hex digits are case-insensitive (RFC 3986 §2.1): a server
 * or proxy that decodes the header and encodes it again may write `%2f` for our `%2F`, so each encoded form is
 * listed in lower case too (where it differs).
 */
export const sentForms = (secrets: string[]) => [
  ...new Set(
    secrets.flatMap((secret) =>
      // Encoded as OAuth does (RFC 3986), as JavaScript's encodeURIComponent (`!'()*` bare) and a form or query
      // string (URLSearchParams: `~` as %7E, `*` bare) write it, as a server echoing it may; as typed last (each
      // encoded form, twice before once, is masked before the text it was made from: hideReusable goes in order).
      [
        percentEncode,
        encodeURIComponent,
        (text: string) => `${new URLSearchParams({ a: text })}`.slice(2),
        String,
      ].flatMap((encode) => {
        const once = encode(secret);
        const lower = once.replace(/%[0-9A-F]{2}/g, (code) => code.toLowerCase());
        return [percentEncode(once), once, percentEncode(lower), lower];
      }),
    ),
  ),
];

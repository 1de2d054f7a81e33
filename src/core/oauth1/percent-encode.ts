import { KeyholeError } from '../errors.ts';

const UNRESERVED_ONLY = /^[A-Za-z0-9\-._~]*$/;
const LEFT_BY_ENCODE_URI_COMPONENT = /[!'()*]/g;

/**
 * RFC 3986 percent-encoding as RFC 5849 §3.6 and the platform spec (§5.2) require: the UTF-8 bytes of the
 * value, every byte except `A-Z a-z 0-9 - . _ ~` written as `%XX` with uppercase hex.
 *
 * `encodeURIComponent` already produces UTF-8 with uppercase hex and leaves exactly the unreserved set
 * plus `! ' ( ) *` alone, so only those five need a second pass. It also throws on unpaired surrogates,
 * which we turn into an `invalid-input` error instead of silently signing U+FFFD: a signature over a value
 * the user did not type would fail on the server with no hint why. The message never repeats the value,
 * because the value may be a secret.
 */
export function percentEncode(value: string): string {
  // Fast path: most values signed (keys, tokens, nonces, timestamps, method names, most query values) are
  // unreserved already and encode to themselves. One precompiled test is several times cheaper than
  // encodeURIComponent plus a replace. A lone surrogate never matches, so it still reaches the throw below.
  if (UNRESERVED_ONLY.test(value)) return value;
  let encoded: string;
  try {
    encoded = encodeURIComponent(value);
  } catch {
    throw new KeyholeError(
      'invalid-input',
      'A value to sign contains an invalid Unicode character (an unpaired surrogate). Remove it and try again.',
    );
  }
  return encoded.replace(LEFT_BY_ENCODE_URI_COMPONENT, encodeReservedCharacter);
}

// Looked up rather than computed per match: a form value with a dozen parentheses pays for each call.
const RESERVED_ESCAPES: Record<string, string> = { '!': '%21', "'": '%27', '(': '%28', ')': '%29', '*': '%2A' };

function encodeReservedCharacter(character: string): string {
  return RESERVED_ESCAPES[character]!;
}

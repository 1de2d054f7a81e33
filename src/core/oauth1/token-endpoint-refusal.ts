import { KeyholeError } from '../errors.ts';

/**
 * Why the platform refused a token-endpoint call of the OAuth dance, in words a user can act on. A server's
 * message may quote its signature base string, which holds `oauth_callback` on the request-token step: that
 * alone says nothing about the callback, so base strings are left out before looking for what the message is
 * about.
 */

export type TokenStep = 'request_token' | 'access_token';

/** The message without anything that looks like a quoted base string (`POST&https%3A…`, "base string: …"). */
function withoutBaseString(message: string): string {
  return message
    .replace(/base[ _-]?string[\s\S]*$/i, '')
    .replace(/\b[A-Z]+&https?%3A%2F%2F\S*/g, '')
    .replace(/oauth_callback(%3D|=)\S*/gi, '');
}

export function explainTokenEndpointRefusal(input: {
  step: TokenStep;
  status: number;
  /** The platform's own message (or the start of its body). */
  platformMessage: string;
  /** The callback Keyhole sent (the extension's redirect URL). */
  callback: string;
}): KeyholeError {
  const { step, status, platformMessage } = input;
  const what = step === 'request_token' ? 'a request token' : 'the access token';
  const about = withoutBaseString(platformMessage);
  const extra = { detail: platformMessage, status };
  if (/callback/i.test(about) && !/signature/i.test(about))
    return new KeyholeError(
      'callback-mismatch',
      `The platform refused the callback ${input.callback}: register it as your consumer's base URL.`,
      extra,
    );
  if (status === 401 && /signature|invalid/i.test(about))
    return new KeyholeError(
      'signature-refused',
      `The platform refused the signature when Keyhole asked for ${what} (HTTP 401). Most likely the consumer secret in this profile is not your consumer's (copy it again from the console); otherwise the consumer may expect another signature method, or this computer's clock is off by minutes.`,
      extra,
    );
  return new KeyholeError('sign-in-failed', `The platform refused ${what} (HTTP ${status}): ${platformMessage}`, extra);
}

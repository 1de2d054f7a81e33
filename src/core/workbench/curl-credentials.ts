import { OAUTH_PROTOCOL_PARAMETERS } from '../oauth1/sign-request.ts';
import type { SignatureDebug } from '../oauth1/types.ts';

/**
 * The Authorization header of a copied curl command when the real one must not leave the worker. An HMAC
 * signature is bound to its nonce and timestamp, so revealing it hands out one run within minutes. A PLAINTEXT
 * signature is the consumer and token secrets themselves, and a Bearer API token is valid for up to a year:
 * both are reusable, so the command reads them from shell variables the user sets, and never holds them.
 */

/** The shell variables a command reads, by credential. */
export const CURL_VARIABLES = {
  consumerSecret: 'CLEVER_CONSUMER_SECRET',
  token: 'CLEVER_TOKEN',
  tokenSecret: 'CLEVER_TOKEN_SECRET',
  apiToken: 'CLEVER_API_TOKEN',
} as const;

type Part = { text: string } | { variable: string };

/**
 * One double-quoted POSIX shell word in which variable parts expand (`$NAME`, braced only when a name character
 * follows) and text parts stay literal: `\`, `"`, `$` and `` ` `` are backslash-escaped, and a `!` (bash history
 * expansion, even inside double quotes) is written in single quotes.
 */
export function doubleQuoteWithVariables(parts: readonly Part[]): string {
  let word = '"';
  parts.forEach((part, index) => {
    if ('variable' in part) {
      if (!/^[A-Z_][A-Z0-9_]*$/.test(part.variable)) throw new Error(`Not a shell variable name: ${part.variable}`);
      const next = parts[index + 1];
      const joined = next !== undefined && ('variable' in next || /^[A-Za-z0-9_]/.test(next.text));
      word += joined ? `$\{${part.variable}}` : `$${part.variable}`;
    } else {
      word += part.text.replace(/[\\"$`]/g, '\\$&').replaceAll('!', `"'!'"`);
    }
  });
  return `${word}"`;
}

/** `-H` value for a Bearer call: the API token comes from `$CLEVER_API_TOKEN`. */
export function bearerAuthorizationWord(): string {
  return doubleQuoteWithVariables([{ text: 'Authorization: Bearer ' }, { variable: CURL_VARIABLES.apiToken }]);
}

/**
 * `-H` value for a PLAINTEXT call, from the parameters the worker signed (already percent-encoded, no secret
 * among them): the same consumer key, timestamp and nonce, with the token and the signature read from the shell.
 * The header carries `enc(enc(consumer secret) & enc(token secret))`, so the variables hold values as the header
 * needs them: letters, digits and `-._~` as they are (the platform's tokens and secrets are made of those),
 * anything else percent-encoded, the token once and the secrets twice.
 */
export function plaintextAuthorizationWord(signature: SignatureDebug): string {
  const oauth = new Map(signature.parameters.filter((p) => p.source === 'oauth').map((p) => [p.key, p.value]));
  const parts: Part[] = [{ text: 'Authorization: OAuth ' }];
  let first = true;
  for (const name of OAUTH_PROTOCOL_PARAMETERS) {
    const value = oauth.get(name);
    const fromShell = name === 'oauth_token' || name === 'oauth_signature';
    if (value === undefined && !fromShell) continue;
    parts.push({ text: `${first ? '' : ', '}${name}="` });
    first = false;
    if (name === 'oauth_token') parts.push({ variable: CURL_VARIABLES.token });
    else if (name === 'oauth_signature')
      parts.push(
        { variable: CURL_VARIABLES.consumerSecret },
        { text: '%26' },
        { variable: CURL_VARIABLES.tokenSecret },
      );
    else parts.push({ text: value ?? '' });
    parts.push({ text: '"' });
  }
  return doubleQuoteWithVariables(parts);
}

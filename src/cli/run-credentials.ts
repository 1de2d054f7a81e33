import { KeyholeError } from '../core/errors.ts';
import { SNIPPET_VARIABLES } from '../core/workbench/code-export/snippet-variables.ts';
import { VARIABLE_SOURCES } from '../core/workbench/code-export/variable-sources.ts';
import { CURL_VARIABLES } from '../core/workbench/curl-credentials.ts';

/**
 * The Node runner's credentials, from environment variables only (never a flag: flags land in shell history and
 * in CI logs). The default is what any user can get: an API token for the bridge, created in Keyhole's Tokens
 * view. OAuth 1.0a (consumer pair plus access token pair) is the alternative, e.g. the pair `clever login` keeps.
 */
export type RunCredentials =
  | { kind: 'token'; apiToken: string }
  | { kind: 'oauth'; consumerKey: string; consumerSecret: string; token: string; tokenSecret: string };

const OAUTH_NAMES = [
  SNIPPET_VARIABLES.consumerKey,
  CURL_VARIABLES.consumerSecret,
  CURL_VARIABLES.token,
  CURL_VARIABLES.tokenSecret,
] as const;

export const WHERE_TO_GET = [
  `${CURL_VARIABLES.apiToken}: ${VARIABLE_SOURCES[CURL_VARIABLES.apiToken]}.`,
  `or, for OAuth 1.0a signing, all four of: ${OAUTH_NAMES.map((name) => `${name}: ${VARIABLE_SOURCES[name]}`).join('; ')}.`,
];

export function credentialsFromEnvironment(env: Readonly<Record<string, string | undefined>>): RunCredentials {
  const value = (name: string) => env[name]?.trim() || undefined;
  // A control character inside a credential makes the header invalid, and Node's error quotes the header whole:
  // refuse it here, naming the variable, never its value.
  for (const name of [CURL_VARIABLES.apiToken, ...OAUTH_NAMES]) {
    if ([...(value(name) ?? '')].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f))
      throw new KeyholeError('invalid-input', `${name} holds a line break or another control character: set it again.`);
  }
  const apiToken = value(CURL_VARIABLES.apiToken);
  if (apiToken) return { kind: 'token', apiToken };
  const present = OAUTH_NAMES.filter((name) => value(name));
  if (present.length === OAUTH_NAMES.length)
    return {
      kind: 'oauth',
      consumerKey: value(SNIPPET_VARIABLES.consumerKey) as string,
      consumerSecret: value(CURL_VARIABLES.consumerSecret) as string,
      token: value(CURL_VARIABLES.token) as string,
      tokenSecret: value(CURL_VARIABLES.tokenSecret) as string,
    };
  const missing = OAUTH_NAMES.filter((name) => !value(name));
  throw new KeyholeError(
    'not-configured',
    present.length > 0
      ? `OAuth credentials are incomplete: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set. Set all four, or set ${CURL_VARIABLES.apiToken} instead.\n${WHERE_TO_GET.join('\n')}`
      : `No credentials: set ${CURL_VARIABLES.apiToken} (or the four OAuth variables) in the environment.\n${WHERE_TO_GET.join('\n')}`,
  );
}

/** Every secret value, for masking in what the server answers (hideReusable). */
export function secretsOf(credentials: RunCredentials): string[] {
  return credentials.kind === 'token'
    ? [credentials.apiToken]
    : [credentials.consumerSecret, credentials.token, credentials.tokenSecret];
}

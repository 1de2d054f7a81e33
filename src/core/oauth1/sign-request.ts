import { KeyholeError } from '../errors.ts';
import {
  encodeOAuthParams,
  formatAuthorizationHeader,
  formatOAuthQueryString,
  maskAuthorizationHeader,
} from './authorization-header.ts';
import {
  baseStringUriOf,
  buildBaseStringOf,
  collectSignedParametersOf,
  normalizeParameters,
  type SignedParameter,
} from './base-string.ts';
import { encodeBase64 } from './base64.ts';
import { defaultKeyCache, type HmacHash, type HmacKeyCache } from './hmac-key-cache.ts';
import { readHttpUrl } from './http-url.ts';
import { encodeMessage } from './message-bytes.ts';
import { createNonce, createTimestamp } from './nonce.ts';
import { percentEncode } from './percent-encode.ts';
import { buildSigningKey } from './signing-key.ts';
import type { OAuthCredentials, SignatureDebug, SignatureMethod } from './types.ts';

export interface SignRequestInput {
  /** Any case; uppercased. */
  method: string;
  /** Absolute http(s) URL, may contain a query string (its parameters are signed). */
  url: string;
  credentials: OAuthCredentials;
  signatureMethod: SignatureMethod;
  /** Decoded form body fields; pass them only for `application/x-www-form-urlencoded` bodies. */
  formParams?: [string, string][];
  /** Further protocol parameters such as `oauth_callback` or `oauth_verifier`: signed and sent. */
  extraOAuthParams?: [string, string][];
  /** Fixed values for tests and published vectors; by default a fresh timestamp and nonce. */
  timestamp?: string;
  nonce?: string;
  /** Server time minus local time, in seconds. */
  clockOffsetSeconds?: number;
  keyCache?: HmacKeyCache;
}

export interface SignedRequest {
  /** Every `oauth_*` parameter sent, including `oauth_signature`, in a stable order. */
  oauthParams: [string, string][];
  signature: string;
  authorizationHeader: string;
  /** The same parameters as a query string, for the `_query` token endpoints. */
  queryString: string;
  /** What the signature debugger shows; never contains a secret. */
  debug: SignatureDebug;
}

/**
 * The parameters `signRequest` sets itself, in the order the header lists them (spec §5.2); an extra parameter may
 * not override them.
 */
export const OAUTH_PROTOCOL_PARAMETERS = [
  'oauth_consumer_key',
  'oauth_token',
  'oauth_signature_method',
  'oauth_signature',
  'oauth_timestamp',
  'oauth_nonce',
  'oauth_version',
] as const;

const PROTOCOL_PARAMETER_NAMES: ReadonlySet<string> = new Set(OAUTH_PROTOCOL_PARAMETERS);

const HMAC_HASHES: Record<Exclude<SignatureMethod, 'PLAINTEXT'>, HmacHash> = {
  'HMAC-SHA512': 'SHA-512',
  'HMAC-SHA1': 'SHA-1',
};

// RFC 9110 token characters: anything else could not be sent as a method and would sign nonsense.
const METHOD_PATTERN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Signs one request per RFC 5849 as narrowed by spec §5.2 (header order follows the spec's list). */
export async function signRequest(input: SignRequestInput): Promise<SignedRequest> {
  const method = validateMethod(input.method);
  // Validates the URL before anything random is drawn, so bad input fails the same way every time. Parsed
  // once here and handed on: the URL parser is one of the costlier steps of a signature.
  const url = readHttpUrl(input.url);
  const uri = baseStringUriOf(url);
  const { credentials, signatureMethod } = input;
  if (credentials.consumerKey === '') {
    throw new KeyholeError('invalid-input', 'The consumer key is empty.');
  }
  const extras = validateExtraParameters(input.extraOAuthParams ?? []);
  const timestamp = input.timestamp ?? createTimestamp(input.clockOffsetSeconds);
  if (!/^\d+$/.test(timestamp)) {
    throw new KeyholeError('invalid-input', 'The OAuth timestamp must be a whole number of seconds.');
  }
  const nonce = input.nonce ?? createNonce();
  if (nonce === '') {
    throw new KeyholeError('invalid-input', 'The OAuth nonce cannot be empty.');
  }

  const unsigned: [string, string][] = [['oauth_consumer_key', credentials.consumerKey]];
  // An empty token means "no token" (the request-token step), as RFC 5849 §3.1 lets it be omitted.
  if (credentials.token) unsigned.push(['oauth_token', credentials.token]);
  unsigned.push(
    ['oauth_signature_method', signatureMethod],
    ['oauth_timestamp', timestamp],
    ['oauth_nonce', nonce],
    ['oauth_version', '1.0'],
    ...extras,
  );

  // Encoded once, for the base string now and for the header and query string after signing.
  const encodedUnsigned = encodeOAuthParams(unsigned);
  const parameters = collectSignedParametersOf(url, encodedUnsigned, input.formParams);
  // Built for PLAINTEXT too: the server ignores it then, but the debugger still shows it for comparison.
  const baseString = buildBaseStringOf(method, uri, parameters);
  const signingKey = buildSigningKey(credentials.consumerSecret, credentials.tokenSecret);
  const signature = await computeSignature(signatureMethod, baseString, signingKey, input.keyCache ?? defaultKeyCache);

  // The signature goes where the spec lists it: after the signature method.
  const oauthParams = insertSignature(unsigned, signature);
  const encodedParams = insertSignature(encodedUnsigned, percentEncode(signature));
  const authorizationHeader = formatAuthorizationHeader(encodedParams);
  return {
    oauthParams,
    signature,
    authorizationHeader,
    queryString: formatOAuthQueryString(encodedParams),
    debug: describeSignature({ signatureMethod, method, uri, parameters, baseString, authorizationHeader }),
  };
}

function insertSignature(params: [string, string][], signature: string): [string, string][] {
  const withSignature: [string, string][] = [];
  for (const pair of params) {
    withSignature.push(pair);
    if (pair[0] === 'oauth_signature_method') withSignature.push(['oauth_signature', signature]);
  }
  return withSignature;
}

function describeSignature(input: {
  signatureMethod: SignatureMethod;
  method: string;
  uri: string;
  parameters: SignedParameter[];
  baseString: string;
  authorizationHeader: string;
}): SignatureDebug {
  return {
    signatureMethod: input.signatureMethod,
    method: input.method,
    baseStringUri: input.uri,
    parameters: input.parameters,
    normalizedParameters: normalizeParameters(input.parameters),
    baseString: input.baseString,
    maskedAuthorizationHeader: maskAuthorizationHeader(input.authorizationHeader, input.signatureMethod),
  };
}

async function computeSignature(
  signatureMethod: SignatureMethod,
  baseString: string,
  signingKey: string,
  keyCache: HmacKeyCache,
): Promise<string> {
  if (signatureMethod === 'PLAINTEXT') return signingKey;
  const hash = HMAC_HASHES[signatureMethod];
  if (hash === undefined) {
    throw new KeyholeError('invalid-input', 'Unknown OAuth signature method.');
  }
  const key = await keyCache.get(hash, signingKey);
  const mac = await globalThis.crypto.subtle.sign('HMAC', key, encodeMessage(baseString));
  return encodeBase64(new Uint8Array(mac));
}

function validateMethod(method: string): string {
  if (!METHOD_PATTERN.test(method)) {
    throw new KeyholeError('invalid-input', 'The HTTP method must be a single word such as GET or POST.');
  }
  return method.toUpperCase();
}

/** RFC 5849 §3.1: protocol parameters start with `oauth_` and appear at most once per request. */
function validateExtraParameters(extras: [string, string][]): [string, string][] {
  const seen = new Set<string>();
  for (const [name] of extras) {
    if (!name.startsWith('oauth_')) {
      throw new KeyholeError('invalid-input', `Extra OAuth parameter "${name}" must start with "oauth_".`);
    }
    if (PROTOCOL_PARAMETER_NAMES.has(name)) {
      throw new KeyholeError(
        'invalid-input',
        `The OAuth parameter "${name}" is set by the signer and cannot be overridden.`,
      );
    }
    if (seen.has(name)) {
      throw new KeyholeError('invalid-input', `The OAuth parameter "${name}" is given twice.`);
    }
    seen.add(name);
  }
  return extras.map(([name, value]) => [name, value]);
}

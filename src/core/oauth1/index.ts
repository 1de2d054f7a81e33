/**
 * OAuth 1.0a signing (RFC 5849 as narrowed by spec §5.2): pure functions over strings plus Web Crypto,
 * no DOM, no extension APIs and no logging, so it runs in the worker, in pages and under Node tests.
 */
export {
  buildAuthorizationHeader,
  buildOAuthQueryString,
  maskAuthorizationHeader,
  SIGNATURE_MASK,
} from './authorization-header.ts';
export {
  baseStringUri,
  buildBaseString,
  collectSignedParameters,
  normalizeParameters,
  type SignedParameter,
} from './base-string.ts';
export { isFormMediaType, parseFormBody, signedFormParameters } from './form-body.ts';
export { defaultKeyCache, type HmacHash, HmacKeyCache } from './hmac-key-cache.ts';
export { createNonce, createTimestamp } from './nonce.ts';
export { percentEncode } from './percent-encode.ts';
export { OAUTH_PROTOCOL_PARAMETERS, type SignedRequest, type SignRequestInput, signRequest } from './sign-request.ts';
export { buildSigningKey } from './signing-key.ts';
export {
  type AccessTokenPair,
  isIso8601DateTime,
  parseAccessTokenResponse,
  parseRequestTokenResponse,
  parseTokenResponse,
  type TokenPair,
} from './token-response.ts';
export { type OAuthCredentials, SIGNATURE_METHODS, type SignatureDebug, type SignatureMethod } from './types.ts';

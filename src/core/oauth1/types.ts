/** OAuth 1.0a types shared by the signer, the worker and the signature debugger. */

export type SignatureMethod = 'HMAC-SHA512' | 'HMAC-SHA1' | 'PLAINTEXT';

export const SIGNATURE_METHODS: readonly SignatureMethod[] = ['HMAC-SHA512', 'HMAC-SHA1', 'PLAINTEXT'];

/** The four credentials of spec §2. The token pair is absent for the request-token step. */
export interface OAuthCredentials {
  consumerKey: string;
  consumerSecret: string;
  token?: string;
  tokenSecret?: string;
}

/** What the signature debugger shows: enough to compare with another implementation, no secrets. */
export interface SignatureDebug {
  signatureMethod: SignatureMethod;
  /** Uppercase HTTP method. */
  method: string;
  /** Scheme and host lowercased, default port dropped, no query or fragment. */
  baseStringUri: string;
  /** Every signed parameter, already percent-encoded, in signing order. */
  parameters: { key: string; value: string; source: 'oauth' | 'query' | 'form' }[];
  /** The joined, encoded parameter string. */
  normalizedParameters: string;
  baseString: string;
  /** The Authorization header with the signature (and PLAINTEXT key) masked. */
  maskedAuthorizationHeader: string;
}

import { KeyholeError } from '../core/errors.ts';
import { sentForms } from '../core/http/hide-reusable.ts';
import { buildOutgoingRequest } from '../core/http/outgoing-request.ts';
import { assertConfidentialTransport } from '../core/http/request-guard.ts';
import { percentEncode, type SignatureDebug, type SignatureMethod, signRequest } from '../core/oauth1/index.ts';
import type { ProfileView, SendRequest } from '../core/protocol.ts';
import { accessTokenFor, bridgeTokenFor, consumerSecretFor } from './bound-secrets.ts';
import { readSession } from './session.ts';

/**
 * Turns a page's SendRequest into a concrete, signed HTTP request for the active profile — used both to send
 * it and to print it as curl. All guards run here, before any secret is touched.
 */

export interface PreparedRequest {
  url: string;
  method: string;
  headers: [string, string][];
  body?: string | Uint8Array<ArrayBuffer>;
  auth: 'oauth' | 'bearer';
  signature?: SignatureDebug;
  /** The real Authorization value; stays in the worker unless the user asks for it (curl reveal). */
  authorization: string;
  maskedAuthorization: string;
  /** The reusable credentials it carries (a PLAINTEXT key's secrets, an API token), as hideReusable masks them. */
  reusable?: string[];
}

// Re-exported: the worker's modules take them from here; the Node runner from core.
export { hideReusable, sentForms } from '../core/http/hide-reusable.ts';

export async function prepareRequest(
  profile: ProfileView,
  request: SendRequest,
  clockOffsetSeconds: number,
): Promise<PreparedRequest> {
  const { formParams, ...prepared } = buildOutgoingRequest(request, profile);
  const { url, method } = prepared;

  if (request.target === 'bridge' && request.bridgeAuth !== 'oauth-plaintext') {
    const bridgeToken = await bridgeTokenFor(profile, url);
    if (bridgeToken) {
      assertConfidentialTransport(url, 'an API token (Bearer)');
      return {
        ...prepared,
        auth: 'bearer',
        authorization: `Bearer ${bridgeToken.value}`,
        maskedAuthorization: 'Bearer •••',
        reusable: sentForms([bridgeToken.value]),
      };
    }
    if (request.bridgeAuth === 'token')
      throw new KeyholeError(
        'not-signed-in',
        'No API token is chosen for bridge calls. Create or pick one under API tokens, or use OAuth PLAINTEXT.',
      );
  }

  // The bridge accepts only PLAINTEXT OAuth (platform-notes.md); the API takes the profile's method or an override.
  const signatureMethod: SignatureMethod =
    request.target === 'bridge' ? 'PLAINTEXT' : (request.signatureMethod ?? profile.signatureMethod);
  // A page may ask for PLAINTEXT on a call (the platform's own CLI signs that way), but its signature is the
  // secrets themselves: never over plain http to another machine, whoever asked.
  if (signatureMethod === 'PLAINTEXT')
    assertConfidentialTransport(url, 'a PLAINTEXT signature (it carries your consumer and token secrets)');
  const [consumerSecret, token, session] = await Promise.all([
    consumerSecretFor(profile, url),
    accessTokenFor(profile, url),
    readSession(profile.id),
  ]);
  if (!consumerSecret)
    throw new KeyholeError('not-configured', 'The profile has no consumer secret; add it in Settings.');
  if (!token || session?.state === 'signed-out' || !session)
    throw new KeyholeError('not-signed-in', 'You are signed out. Sign in to send signed requests.');
  if (session.state === 'expired' || (session.expiresAt && Date.parse(session.expiresAt) <= Date.now()))
    throw new KeyholeError('session-expired', 'Session expired — sign in again.');

  const signed = await signRequest({
    method,
    url,
    credentials: {
      consumerKey: profile.consumerKey,
      consumerSecret,
      token: token.token,
      tokenSecret: token.tokenSecret,
    },
    signatureMethod,
    formParams,
    clockOffsetSeconds,
  });
  return {
    ...prepared,
    auth: 'oauth',
    signature: signed.debug,
    authorization: signed.authorizationHeader,
    maskedAuthorization: maskEverySecret(signed.debug.maskedAuthorizationHeader, token.token),
    ...(signatureMethod === 'PLAINTEXT' ? { reusable: sentForms([consumerSecret, token.tokenSecret]) } : {}),
  };
}

/** The access token is not a secret by itself, but with the header it identifies the session: mask it too. */
function maskEverySecret(maskedHeader: string, accessToken: string): string {
  return maskedHeader
    .replace(/oauth_signature="[^"]*"/, 'oauth_signature="•••"')
    .replace(`oauth_token="${percentEncode(accessToken)}"`, 'oauth_token="•••"');
}

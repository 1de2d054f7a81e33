/**
 * The tests' OAuth 1.0a client: the npm `oauth-1.0a` library with node:crypto, independent of both `src/` and the
 * sandbox's own verifier, so a shared bug cannot make a test pass.
 */
import { createHmac } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import type { Platform } from '../index.ts';

export type Method = 'HMAC-SHA512' | 'HMAC-SHA1' | 'PLAINTEXT';
export type Placement = 'header' | 'query' | 'form';

export interface Credentials {
  key: string;
  secret: string;
}

export function oauthFor(consumer: Credentials, method: Method): OAuth {
  return new OAuth({
    consumer,
    signature_method: method,
    hash_function:
      method === 'PLAINTEXT'
        ? (_base, key) => key
        : (base, key) =>
            createHmac(method === 'HMAC-SHA512' ? 'sha512' : 'sha1', key)
              .update(base)
              .digest('base64'),
  });
}

export interface SignedCall {
  method: string;
  url: string;
  consumer: Credentials;
  signatureMethod: Method;
  token?: Credentials;
  /** Where the OAuth parameters go (default: header). */
  placement?: Placement;
  /** Extra parameters signed with the request: go into the form body (POST/PUT) when `form` is true. */
  params?: Record<string, string>;
  form?: boolean;
  json?: unknown;
  /** A body sent as is (not signed), e.g. broken JSON; set its Content-Type in `headers`. */
  rawBody?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  /** Changes the OAuth parameters after signing (to forge bad requests). */
  tamper?: (oauth: Record<string, string>) => void;
  /** Fixed oauth_timestamp / oauth_nonce instead of now / random (stale or replayed requests). */
  timestamp?: number;
  nonce?: string;
}

export function encodePairs(
  params: Record<string, string>,
  encode = new OAuth({ consumer: { key: '', secret: '' } }),
): string {
  return Object.entries(params)
    .map(([key, value]) => `${encode.percentEncode(key)}=${encode.percentEncode(value)}`)
    .join('&');
}

/** Signs and sends a request; `redirect: manual` so 303s are visible. */
export async function signedFetch(call: SignedCall): Promise<Response> {
  const oauth = oauthFor(call.consumer, call.signatureMethod);
  const { timestamp, nonce } = call;
  if (timestamp !== undefined) oauth.getTimeStamp = () => timestamp;
  if (nonce !== undefined) oauth.getNonce = () => nonce;
  const params = call.params ?? {};
  // A copy: the library merges the URL's query into `data` in place.
  const data = oauth.authorize({ url: call.url, method: call.method, data: { ...params } }, call.token);
  const oauthParams: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...data, ...params })) {
    if (key.startsWith('oauth_')) oauthParams[key] = String(value);
  }
  call.tamper?.(oauthParams);
  const other = Object.fromEntries(Object.entries(params).filter(([key]) => !key.startsWith('oauth_')));
  const headers: Record<string, string> = { ...call.headers };
  let url = call.url;
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  const placement = call.placement ?? 'header';
  const formFields: Record<string, string> = call.form ? { ...other } : {};
  const queryFields: Record<string, string> = call.form ? {} : { ...other };
  if (placement === 'header')
    headers.Authorization = oauth.toHeader(oauthParams as unknown as OAuth.Authorization).Authorization;
  if (placement === 'query') Object.assign(queryFields, oauthParams);
  if (placement === 'form') Object.assign(formFields, oauthParams);
  if (Object.keys(queryFields).length > 0) url += (url.includes('?') ? '&' : '?') + encodePairs(queryFields, oauth);
  if (call.rawBody !== undefined) {
    body = call.rawBody;
  } else if (call.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(call.json);
  } else if (Object.keys(formFields).length > 0 || call.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = encodePairs(formFields, oauth);
  }
  return fetch(url, { method: call.method, headers, body, redirect: 'manual' });
}

export function parseForm(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text));
}

export interface DanceOptions {
  signatureMethod?: Method;
  /** `form`: `/request_token` with a form body; `query`: `/request_token_query` with a query string. */
  variant?: 'form' | 'query';
  consumer?: Credentials;
  callback?: string;
  /** Rights to leave unchecked on the authorize form. */
  uncheck?: string[];
  user?: { email: string; password: string; mfaCode?: string };
}

export interface RequestTokenResult {
  token: string;
  secret: string;
  response: Response;
}

export async function getRequestToken(platform: Platform, options: DanceOptions = {}): Promise<RequestTokenResult> {
  const variant = options.variant ?? 'form';
  const response = await signedFetch({
    method: 'POST',
    url: `${platform.api}/v2/oauth/${variant === 'form' ? 'request_token' : 'request_token_query'}`,
    consumer: options.consumer ?? { key: platform.consumerKey, secret: platform.consumerSecret },
    signatureMethod: options.signatureMethod ?? 'HMAC-SHA512',
    placement: variant,
    params: { oauth_callback: options.callback ?? `${platform.callbackBase}oauth/callback?from=test` },
  });
  const fields = parseForm(await response.clone().text());
  return { token: fields.oauth_token ?? '', secret: fields.oauth_token_secret ?? '', response };
}

/** Posts the authorize form and returns the 303's Location. */
export async function approve(platform: Platform, requestToken: string, options: DanceOptions = {}): Promise<Response> {
  const user = options.user ?? platform.user;
  const form = new URLSearchParams({
    oauth_token: requestToken,
    email: user.email,
    password: user.password,
    action: 'approve',
  });
  if (options.user?.mfaCode) form.set('mfa_code', options.user.mfaCode);
  const rights = (await (await fetch(`${platform.api}/v2/oauth/rights`)).json()) as Record<string, string>;
  for (const right of Object.keys(rights)) if (!options.uncheck?.includes(right)) form.set(right, 'on');
  return fetch(`${platform.api}/v2/oauth/authorize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
}

export interface AccessTokenResult {
  token: string;
  secret: string;
  expirationDate: string;
  verifier: string;
  requestToken: Credentials;
}

export async function exchange(
  platform: Platform,
  requestToken: Credentials,
  verifier: string,
  options: DanceOptions = {},
): Promise<Response> {
  const variant = options.variant ?? 'form';
  return signedFetch({
    method: 'POST',
    url: `${platform.api}/v2/oauth/${variant === 'form' ? 'access_token' : 'access_token_query'}`,
    consumer: options.consumer ?? { key: platform.consumerKey, secret: platform.consumerSecret },
    signatureMethod: options.signatureMethod ?? 'HMAC-SHA512',
    token: requestToken,
    placement: variant,
    params: { oauth_verifier: verifier },
  });
}

/** The whole three-legged dance; throws with the server's message if a step fails. */
export async function dance(platform: Platform, options: DanceOptions = {}): Promise<AccessTokenResult> {
  const requested = await getRequestToken(platform, options);
  if (requested.response.status !== 200) throw new Error(`request_token: ${await requested.response.text()}`);
  const approval = await approve(platform, requested.token, options);
  if (approval.status !== 303) throw new Error(`authorize: ${approval.status} ${await approval.text()}`);
  const location = new URL(approval.headers.get('location')!);
  const verifier = location.searchParams.get('oauth_verifier')!;
  const requestToken = { key: requested.token, secret: requested.secret };
  const exchanged = await exchange(platform, requestToken, verifier, options);
  const text = await exchanged.text();
  if (exchanged.status !== 200) throw new Error(`access_token: ${text}`);
  const fields = parseForm(text);
  return {
    token: fields.oauth_token!,
    secret: fields.oauth_token_secret!,
    expirationDate: fields.expiration_date!,
    verifier,
    requestToken,
  };
}

/** A signer bound to an access token: `call('GET', '/v2/self')`. */
export function signerFor(
  platform: Platform,
  access: { token: string; secret: string },
  signatureMethod: Method = 'HMAC-SHA512',
) {
  return (method: string, path: string, extra: Partial<SignedCall> = {}) =>
    signedFetch({
      method,
      url: `${platform.api}${path}`,
      consumer: { key: platform.consumerKey, secret: platform.consumerSecret },
      token: { key: access.token, secret: access.secret },
      signatureMethod,
      ...extra,
    });
}

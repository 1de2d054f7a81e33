/** What the conformance steps share: the sandbox, the official clients pointed at it, and the seeded ids. */
import { CcApiBridgeClient } from '@clevercloud/client/cc-api-bridge-client.js';
import { CcApiClient } from '@clevercloud/client/cc-api-client.js';
import { fetchAccessToken, fetchRequestToken } from '@clevercloud/client/esm/login.js';
import { prefixUrl } from '@clevercloud/client/esm/prefix-url.js';
import { request } from '@clevercloud/client/esm/request.fetch.js';
import type { Platform } from '../index.ts';
import { approve } from '../support/oauth-client.ts';

export interface OAuthPair {
  token: string;
  secret: string;
}

export interface Ids {
  userId: string;
  enginesId: string;
  worksId: string;
  webAppId: string;
  workerAppId: string;
  cronAppId: string;
  notesDbRealId: string;
  invoiceNumber: string;
}

export interface ConformanceContext {
  platform: Platform;
  access: OAuthPair;
  /** The official client with OAuth (bare PLAINTEXT) on the API. */
  client: CcApiClient;
  /** The official bridge client with OAuth (bare PLAINTEXT) on the bridge. */
  bridge: CcApiBridgeClient;
  ids: Ids;
  /** Values steps hand to later steps (a created id…). */
  carry: Record<string, string>;
}

export function oauthClient(platform: Platform, access: OAuthPair): CcApiClient {
  return new CcApiClient({
    baseUrl: platform.api,
    authMethod: {
      type: 'oauth-v1',
      oauthTokens: {
        consumerKey: platform.consumerKey,
        consumerSecret: platform.consumerSecret,
        token: access.token,
        secret: access.secret,
      },
    },
  });
}

export function apiTokenClient(platform: Platform, apiToken: string): CcApiClient {
  return new CcApiClient({ baseUrl: platform.bridge, authMethod: { type: 'api-token', apiToken } });
}

export function bridgeClient(platform: Platform, access: OAuthPair): CcApiBridgeClient {
  return new CcApiBridgeClient({
    baseUrl: platform.bridge,
    oauthTokens: {
      consumerKey: platform.consumerKey,
      consumerSecret: platform.consumerSecret,
      token: access.token,
      secret: access.secret,
    },
  });
}

/**
 * The three-legged dance with the official client's own token steps (`esm/login.js`: a form body, PLAINTEXT, no
 * timestamp or nonce); the middle step is the user approving in a browser, done here by posting the sandbox's form.
 */
export async function officialDance(platform: Platform): Promise<OAuthPair> {
  const send = (params: Parameters<ReturnType<typeof prefixUrl>>[0]) =>
    Promise.resolve(params).then(prefixUrl(platform.api)).then(request);
  const requested = (await fetchRequestToken({
    consumerKey: platform.consumerKey,
    consumerSecret: platform.consumerSecret,
    oauthCallback: `${platform.callbackBase}cli`,
  }).then(send)) as Record<string, string>;
  const approval = await approve(platform, requested.oauth_token!);
  const verifier = new URL(approval.headers.get('location')!).searchParams.get('oauth_verifier')!;
  const access = (await fetchAccessToken({
    consumerKey: platform.consumerKey,
    consumerSecret: platform.consumerSecret,
    tokenSecret: requested.oauth_token_secret!,
    oauthToken: requested.oauth_token!,
    oauthVerifier: verifier,
  }).then(send)) as Record<string, string>;
  return { token: access.oauth_token!, secret: access.oauth_token_secret! };
}

export function seededIds(platform: Platform): Ids {
  const state = platform.state;
  const user = [...state.users.values()].find((candidate) => candidate.email === platform.user.email)!;
  const org = (name: string) => [...state.organisations.values()].find((candidate) => candidate.name === name)!.id;
  const app = (name: string) => [...state.applications.values()].find((candidate) => candidate.view.name === name)!;
  const addon = [...state.addons.values()].find((candidate) => candidate.view.name === 'notes-db')!;
  const enginesId = org('Analytical Engines Ltd');
  return {
    userId: user.id,
    enginesId,
    worksId: org('Difference Works'),
    webAppId: app('engine-web').view.id,
    workerAppId: app('engine-worker').view.id,
    cronAppId: app('billing-cron').view.id,
    notesDbRealId: addon.view.realId,
    invoiceNumber: state.invoices.find((invoice) => invoice.ownerId === enginesId && invoice.status === 'PAID')!
      .invoice_number,
  };
}

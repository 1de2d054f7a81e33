import { KeyholeError } from '../core/errors.ts';
import { hideReusable, sentForms } from '../core/http/hide-reusable.ts';
import { readPlatformError } from '../core/http/response-body.ts';
import { isSpecRight, SPEC_RIGHTS } from '../core/platform/right-names.ts';
import { originOf } from '../core/profiles/origin-binding.ts';
import { REAL_PLATFORM_PRESET } from '../core/profiles/profile-presets.ts';
import { checkBaseUrl, isLoopbackHost, normalizeBaseUrl } from '../core/profiles/profile-validation.ts';
import type { OnboardingRequest, OnboardingResult } from '../core/protocol.ts';
import { bridgeTokenFor } from './bound-secrets.ts';
import { setBridgeToken } from './bridge-token.ts';
import { browser } from './extension-api.ts';
import { fetchWithLimits } from './fetch-with-limits.ts';
import { activateProfile, getActiveProfile, listProfiles, saveProfile } from './profiles.ts';

/**
 * One-step onboarding (issue 11): with an API token, create (or find again) Keyhole's own OAuth consumer
 * through the bridge, read its secret and turn it into a profile, so the user never copies a key or secret.
 * The token is used only for these calls unless the user asks to keep it for bridge calls, and then only for the
 * bridge it was used with.
 */

const CONSUMER_NAME = 'Keyhole';

interface ConsumerRecord {
  key: string;
  name?: string;
  baseUrl?: string;
}

export async function setUpConsumer(request: OnboardingRequest): Promise<OnboardingResult> {
  // By index, not by value: an unknown right that is falsy ('', a list's hole) must not pass as "none found".
  const unknown = request.rights.findIndex((right) => !isSpecRight(right));
  if (unknown >= 0) throw new KeyholeError('invalid-input', `Unknown right “${request.rights[unknown]}”.`);
  if (request.rights.length === 0) throw new KeyholeError('invalid-input', 'Pick at least one right to request.');

  const bridgeUrl = checkedBaseUrl(request.bridgeUrl ?? REAL_PLATFORM_PRESET.bridgeUrl, 'bridge');
  const apiBaseUrl = checkedBaseUrl(request.apiBaseUrl ?? REAL_PLATFORM_PRESET.apiBaseUrl, 'API');
  const apiToken = request.apiToken?.trim() || (await tokenChosenForBridge(bridgeUrl, apiBaseUrl));
  if (!apiToken)
    throw new KeyholeError('invalid-input', 'Paste an API token, or create one with your email and password first.');
  const owner = request.organisationId ? `/v2/organisations/${encodeURIComponent(request.organisationId)}` : '/v2/self';
  const redirectUrl = browser.identity.getRedirectURL();
  const call = bridgeCaller(bridgeUrl, apiToken);

  const existing = ((await call('GET', `${owner}/consumers`)) as ConsumerRecord[]).find(
    (consumer) => sameUrl(consumer.baseUrl, redirectUrl) && consumer.name?.startsWith(CONSUMER_NAME),
  );
  const consumer =
    existing ??
    ((await call('POST', `${owner}/consumers`, {
      name: CONSUMER_NAME,
      description: 'Keyhole browser extension: explore and operate the API from your browser.',
      url: 'https://github.com/keyhole-dev/keyhole',
      picture: '',
      baseUrl: redirectUrl,
      rights: Object.fromEntries(SPEC_RIGHTS.map((right) => [right, request.rights.includes(right)])),
    })) as ConsumerRecord);
  if (!consumer?.key) throw new KeyholeError('malformed-response', 'The platform created a consumer but sent no key.');

  try {
    const { secret } = (await call('GET', `${owner}/consumers/${encodeURIComponent(consumer.key)}/secret`)) as {
      secret?: string;
    };
    if (!secret) throw new KeyholeError('malformed-response', 'The platform sent no consumer secret.');
    const sandbox = isLoopbackHost(new URL(apiBaseUrl).hostname);
    // Running the setup again updates the profile it made before instead of listing a twin.
    const { profiles } = await listProfiles();
    const twin = profiles.find((known) => known.apiBaseUrl === apiBaseUrl && known.consumerKey === consumer.key);
    const profile = await saveProfile({
      ...(twin ? { id: twin.id } : {}),
      ...(sandbox ? {} : REAL_PLATFORM_PRESET),
      name: request.profileName?.trim() || twin?.name || (sandbox ? 'Local sandbox (onboarded)' : 'Clever Cloud'),
      preset: sandbox ? 'sandbox' : 'real',
      apiBaseUrl,
      bridgeUrl,
      consumerKey: consumer.key,
      consumerSecret: secret,
      signatureMethod: 'HMAC-SHA512',
      tokenEndpoint: 'form',
    });
    await activateProfile(profile.id);
    if (request.keepTokenForBridge)
      await setBridgeToken(profile.id, bridgeUrl, {
        apiTokenId: 'onboarding',
        name: 'Token used for onboarding',
        value: apiToken,
        apiOrigin: originOf(apiBaseUrl) ?? apiBaseUrl,
      });
    return { profile, consumerKey: consumer.key, reused: existing !== undefined };
  } catch (error) {
    // Nothing half-made stays invisible: name the consumer that exists now, and say a retry reuses it.
    const reason = error instanceof KeyholeError ? error.message : String(error);
    throw new KeyholeError(
      'setup-incomplete',
      `The consumer “${CONSUMER_NAME}” (key ${consumer.key}) exists on the platform, but the profile could not be saved: ${reason} Run the setup again to reuse it, or delete it in the console.`,
      { detail: consumer.key },
    );
  }
}

function checkedBaseUrl(value: string, label: string): string {
  const problem = checkBaseUrl(value, label);
  if (problem) throw new KeyholeError('invalid-input', problem);
  return normalizeBaseUrl(value);
}

/**
 * The active profile's token for bridge calls, refused (origin-refused) unless it was made for this bridge, and
 * unless the new profile's API is the one the token was chosen with. The token makes the platform hand over a
 * consumer secret (the existing Keyhole consumer's, reused), which the new profile binds to its API address: with
 * an API the page names, the stored token would let a page send that secret to any host, e.g. as a PLAINTEXT
 * signature. The API recorded when the token was chosen, not the profile's API now: that one a page can move
 * without the token being forgotten (same bridge). A pasted token gives a page nothing it did not have.
 */
async function tokenChosenForBridge(bridgeUrl: string, apiBaseUrl: string): Promise<string | undefined> {
  const profile = await getActiveProfile();
  const token = profile && (await bridgeTokenFor(profile, bridgeUrl));
  if (!profile || !token) return undefined;
  const target = originOf(apiBaseUrl);
  if (token.apiOrigin === undefined || token.apiOrigin !== target)
    throw new KeyholeError(
      'origin-refused',
      `Keyhole will not use the stored API token “${token.name}” to set up a profile for the API at ${target}: ` +
        'the consumer secret it fetches would be bound to that address, and the token was chosen ' +
        (token.apiOrigin ? `with the API at ${token.apiOrigin}.` : 'before Keyhole recorded which API it goes with.') +
        ' Paste the token if the address is right.',
      { detail: `API ${target}; token chosen with ${token.apiOrigin ?? 'an unrecorded API'}` },
    );
  return token.value;
}

function sameUrl(a: string | undefined, b: string): boolean {
  return !!a && a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}

/** JSON calls to the bridge with the API token as Bearer; errors carry the platform's own words. */
function bridgeCaller(bridgeUrl: string, apiToken: string) {
  return async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> => {
    const init: RequestInit = {
      method,
      headers: {
        Authorization: `Bearer ${apiToken}`,
        Accept: 'application/json',
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
    };
    if (body) init.body = JSON.stringify(body);
    const raw = await fetchWithLimits(`${bridgeUrl}${path}`, init);
    const text = new TextDecoder().decode(raw.bytes);
    // What the bridge says goes to the page: a stored token (which no page ever had) echoed back must not.
    const said = () => hideReusable(readPlatformError(text)?.message ?? text.slice(0, 200), sentForms([apiToken]));
    if (raw.status === 401)
      throw new KeyholeError('invalid-credential', 'The API token was refused (revoked, expired or mistyped).', {
        detail: said(),
        status: 401,
      });
    if (raw.status === 403)
      throw new KeyholeError(
        'forbidden',
        'This API token may not create OAuth consumers here. Use a token of an account that can, or pick your personal space.',
        { detail: said(), status: 403 },
      );
    if (raw.status < 200 || raw.status >= 300)
      throw new KeyholeError('http-error', `The bridge answered HTTP ${raw.status} to ${method} ${path}.`, {
        detail: said(),
        status: raw.status,
      });
    try {
      return JSON.parse(text);
    } catch {
      throw new KeyholeError('malformed-response', `The bridge sent a body that is not JSON for ${method} ${path}.`);
    }
  };
}

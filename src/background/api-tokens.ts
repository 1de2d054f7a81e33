import { KeyholeError } from '../core/errors.ts';
import { createRefusalError, parseCreatedApiToken, validateCreateRequest } from '../core/platform/api-tokens.ts';
import { isBoundTo, originOf } from '../core/profiles/origin-binding.ts';
import { checkBaseUrl, normalizeBaseUrl } from '../core/profiles/profile-validation.ts';
import type {
  ApiTokenCreated,
  ApiTokenCreateRequest,
  BridgeTokenView,
  UseBridgeTokenRequest,
} from '../core/protocol.ts';
import { hasBridgeToken } from './bound-secrets.ts';
import { clearBridgeToken, setBridgeToken } from './bridge-token.ts';
import { fetchWithLimits } from './fetch-with-limits.ts';
import { getActiveProfile } from './profiles.ts';
import { requireActiveProfile } from './send-request.ts';

/**
 * The worker side of the API-token messages. Creation posts the user's email and password to the bridge once and
 * forgets them. A new token's value goes to the page exactly once (to be shown) and stays in this worker's memory
 * for a few minutes, so "Use for bridge calls" does not make the page send it back; chosen, it is sealed in the vault,
 * bound to the bridge it was created on or pasted for.
 */

/** How long a just-created value stays available to "Use for bridge calls" without pasting it. */
export const REMEMBER_CREATED_MS = 15 * 60 * 1000;
const MAX_ANSWER_BYTES = 1024 * 1024;

interface RememberedToken {
  profileId: string;
  /** The bridge it was created on: the only one it may be used with. */
  bridgeUrl: string;
  value: string;
  name: string;
  expirationDate: string;
  forgetAt: number;
}

const justCreated = new Map<string, RememberedToken>();

function forgetStale(now = Date.now()): void {
  for (const [id, token] of justCreated) if (token.forgetAt <= now) justCreated.delete(id);
}

/** For tests and sign-out: drop every remembered value (or one profile's, when it is deleted). */
export function forgetCreatedTokens(profileId?: string): void {
  if (profileId === undefined) justCreated.clear();
  else for (const [id, token] of justCreated) if (token.profileId === profileId) justCreated.delete(id);
}

function decodeJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}

export async function createApiToken(request: ApiTokenCreateRequest): Promise<ApiTokenCreated> {
  const errors = validateCreateRequest(request, new Date());
  const firstError = Object.values(errors)[0];
  if (firstError) throw new KeyholeError('invalid-input', firstError, { detail: JSON.stringify(errors) });
  const bridgeUrl = await bridgeForCreation(request.bridgeUrl);

  const mfaCode = request.mfaCode?.trim();
  const description = request.description?.trim();
  const payload = {
    email: request.email.trim(),
    password: request.password,
    ...(mfaCode ? { mfaCode } : {}),
    name: request.name.trim(),
    ...(description ? { description } : {}),
    expirationDate: request.expirationDate,
  };
  // No Authorization: the credentials in the body are the proof (platform-notes.md).
  const raw = await fetchWithLimits(
    `${bridgeUrl.url}/api-tokens`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(payload),
    },
    { maxBodyBytes: MAX_ANSWER_BYTES },
  );
  const bodyText = new TextDecoder().decode(raw.bytes);
  if (raw.status < 200 || raw.status >= 300) throw createRefusalError(raw.status, bodyText, Boolean(mfaCode));

  const created = parseCreatedApiToken(decodeJson(raw.bytes), {
    name: payload.name,
    expirationDate: payload.expirationDate,
  });
  if (!created)
    throw new KeyholeError(
      'malformed-response',
      'The bridge answered without a token value or id. Check the list: a token may have been created anyway.',
      { detail: `HTTP ${raw.status}`, status: raw.status },
    );
  forgetStale();
  // Remembered for "use for bridge calls" only when it was made on the active profile's own bridge.
  if (bridgeUrl.profileId) rememberCreated(created, bridgeUrl.profileId, bridgeUrl.url);
  return created;
}

function rememberCreated(created: ApiTokenCreated, profileId: string, bridgeUrl: string): void {
  justCreated.set(created.apiTokenId, {
    profileId,
    bridgeUrl,
    value: created.apiToken,
    name: created.name,
    expirationDate: created.expirationDate,
    forgetAt: Date.now() + REMEMBER_CREATED_MS,
  });
}

/**
 * The bridge a token is created on: the one the page names (onboarding, before any profile exists) or the
 * active profile's. Credentials are sent only to a valid https (or loopback) address the user chose.
 */
async function bridgeForCreation(requested: string | undefined): Promise<{ url: string; profileId?: string }> {
  const profile = requested ? await getActiveProfile() : await requireActiveProfile();
  if (!requested) return { url: profile!.bridgeUrl, profileId: profile!.id };
  const problem = checkBaseUrl(requested, 'bridge');
  if (problem) throw new KeyholeError('invalid-input', problem);
  const url = normalizeBaseUrl(requested);
  return profile?.bridgeUrl === url ? { url, profileId: profile.id } : { url };
}

/** Accepts what users paste: the bare value, or with a "Bearer " prefix, surrounding spaces or quotes. */
export function normalisePastedValue(pasted: string): string {
  const value = pasted
    .trim()
    .replace(/^authorization:\s*/i, '')
    .replace(/^bearer\s+/i, '')
    .replace(/^["']|["']$/g, '')
    .trim();
  if (!/^[\x21-\x7e]{8,4096}$/.test(value))
    throw new KeyholeError(
      'invalid-input',
      'That does not look like an API token: paste the value shown when it was created (no spaces).',
    );
  return value;
}

/** A pasted value is checked against the bridge before it is kept, so a typo fails now and not on the next call. */
async function checkWithBridge(bridgeUrl: string, value: string): Promise<void> {
  const raw = await fetchWithLimits(
    `${bridgeUrl}/v2/self`,
    { method: 'GET', headers: { Authorization: `Bearer ${value}`, Accept: 'application/json' } },
    { maxBodyBytes: MAX_ANSWER_BYTES },
  );
  if (raw.status === 401 || raw.status === 403)
    throw new KeyholeError('invalid-credential', 'The bridge refused this token: it is wrong, revoked or expired.', {
      detail: `HTTP ${raw.status} on GET /v2/self`,
      status: raw.status,
    });
  if (raw.status < 200 || raw.status >= 300)
    throw new KeyholeError('http-error', `Could not check the token: the bridge answered HTTP ${raw.status}.`, {
      status: raw.status,
    });
}

export async function useApiTokenForBridge(request: UseBridgeTokenRequest): Promise<BridgeTokenView> {
  const apiTokenId = request.apiTokenId?.trim();
  if (!apiTokenId || apiTokenId.length > 200)
    throw new KeyholeError('invalid-input', 'Which API token? Its id is missing or too long.');
  const profile = await requireActiveProfile();
  forgetStale();
  const remembered = justCreated.get(apiTokenId);
  let value: string;
  let name: string;
  let expirationDate: string | undefined;
  if (request.value !== undefined && request.value.trim() !== '') {
    value = normalisePastedValue(request.value);
    await checkWithBridge(profile.bridgeUrl, value);
    name = request.name?.trim() || remembered?.name || 'Pasted API token';
    expirationDate = request.expirationDate ?? remembered?.expirationDate;
  } else if (remembered && remembered.profileId === profile.id) {
    if (!isBoundTo(profile.bridgeUrl, [remembered.bridgeUrl]))
      throw new KeyholeError(
        'origin-refused',
        `The API token “${remembered.name}” was created on ${originOf(remembered.bridgeUrl)}, and this profile’s ` +
          `bridge is now ${originOf(profile.bridgeUrl)}: Keyhole sends a token only to the bridge it was made for. ` +
          'Create or paste a token for this bridge.',
      );
    ({ value, name, expirationDate } = remembered);
  } else {
    throw new KeyholeError(
      'not-found',
      'Keyhole no longer holds this token’s value: it keeps a new token in memory for 15 minutes only (and loses it ' +
        'when the browser restarts its background worker). Paste the value to use it.',
    );
  }
  const apiOrigin = originOf(profile.apiBaseUrl);
  const view = await setBridgeToken(profile.id, profile.bridgeUrl, {
    apiTokenId,
    name,
    value,
    ...(expirationDate ? { expirationDate } : {}),
    ...(apiOrigin ? { apiOrigin } : {}),
  });
  // Sealed in the vault now: the plain copy in memory has no further use.
  justCreated.delete(apiTokenId);
  return view;
}

export async function stopUsingApiTokenForBridge(): Promise<{ cleared: boolean }> {
  const profile = await requireActiveProfile();
  const had = await hasBridgeToken(profile.id);
  await clearBridgeToken(profile.id);
  return { cleared: had };
}

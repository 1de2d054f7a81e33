import { KeyholeError } from '../core/errors.ts';
import { defaultKeyCache } from '../core/oauth1/index.ts';
import { type AddressKind, changedOrigins, rebindingReason } from '../core/profiles/origin-binding.ts';
import { normalizeBaseUrl, validateProfile } from '../core/profiles/profile-validation.ts';
import type { ProfileInput, ProfileView } from '../core/protocol.ts';
import { hasConsumerSecret, sealConsumerSecret } from './bound-secrets.ts';
import { clearBridgeToken, getBridgeTokenView } from './bridge-token.ts';
import { readLocal, writeLocal } from './local-store.ts';
import { forgetProfileRecords } from './profile-records.ts';
import { vault } from './secret-store.ts';
import { clearClockOffset, markSignedOut, readSession } from './session.ts';

/**
 * Profiles: the non-secret fields in storage.local, the consumer secret in the encrypted vault, bound to the
 * profile's addresses. A ProfileView is all a page ever gets.
 */

type StoredProfile = Omit<ProfileView, 'hasConsumerSecret'>;

interface ProfilesRecord {
  profiles: StoredProfile[];
  activeProfileId: string | null;
}

const KEY = 'profiles';

async function readRecord(): Promise<ProfilesRecord> {
  const stored = await readLocal<ProfilesRecord>(KEY);
  return stored ?? { profiles: [], activeProfileId: null };
}

async function writeRecord(record: ProfilesRecord): Promise<void> {
  await writeLocal({ [KEY]: record });
}

export async function listProfiles(): Promise<{ profiles: ProfileView[]; activeId: string | null }> {
  const record = await readRecord();
  const profiles = await Promise.all(record.profiles.map(toView));
  return { profiles, activeId: record.activeProfileId };
}

export async function getActiveProfile(): Promise<ProfileView | undefined> {
  const record = await readRecord();
  const active = record.profiles.find((profile) => profile.id === record.activeProfileId);
  return active ? toView(active) : undefined;
}

/** The active profile's id, from the one storage record, without looking at its secrets. */
export async function getActiveProfileId(): Promise<string | undefined> {
  return (await readRecord()).activeProfileId ?? undefined;
}

export async function getProfile(id: string): Promise<ProfileView | undefined> {
  const record = await readRecord();
  const found = record.profiles.find((profile) => profile.id === id);
  return found ? toView(found) : undefined;
}

/**
 * Creates or updates a profile; the first profile saved becomes the active one. A secret is bound to the addresses
 * it was entered for, so moving a profile to another API or bridge origin needs the consumer secret typed again,
 * and ends what belonged to the old addresses: the session, and the API token chosen for the old bridge.
 */
export async function saveProfile(input: ProfileInput): Promise<ProfileView> {
  const record = await readRecord();
  const existing = input.id ? record.profiles.find((profile) => profile.id === input.id) : undefined;
  if (input.id && !existing) throw new KeyholeError('not-found', 'That profile no longer exists.');
  const hasStoredSecret = existing ? await hasConsumerSecret(existing.id) : false;
  const moved = existing ? changedOrigins(existing, input) : [];
  const secretReason = hasStoredSecret ? rebindingReason(moved) : undefined;
  const errors = validateProfile(input, {
    requireSecret: !hasStoredSecret || secretReason !== undefined,
    secretReason,
  });
  const firstError = Object.values(errors)[0];
  if (firstError) throw new KeyholeError('invalid-input', firstError, { detail: JSON.stringify(errors) });
  // Locked, the secret could not be sealed: refuse before a move ends the session and forgets the bridge token
  // (and says the address changed when it did not).
  if (input.consumerSecret?.trim()) await vault.requireOpen();

  const stored = toStored(input, existing?.id ?? crypto.randomUUID());
  // Before the new addresses are written: nothing bound to the old ones outlives the change.
  if (existing && moved.length > 0) await leaveOldAddresses(existing.id, moved);
  if (input.consumerSecret?.trim()) await sealConsumerSecret(stored, input.consumerSecret.trim());

  const profiles = existing
    ? record.profiles.map((profile) => (profile.id === stored.id ? stored : profile))
    : [...record.profiles, stored];
  await writeRecord({ profiles, activeProfileId: record.activeProfileId ?? stored.id });
  return toView(stored);
}

/** What storage keeps of a profile: its fields, normalised, and no secret. */
function toStored(input: ProfileInput, id: string): StoredProfile {
  const stored: StoredProfile = {
    id,
    name: input.name.trim(),
    preset: input.preset,
    apiBaseUrl: normalizeBaseUrl(input.apiBaseUrl),
    bridgeUrl: normalizeBaseUrl(input.bridgeUrl),
    consumerKey: input.consumerKey.trim(),
    signatureMethod: input.signatureMethod,
    tokenEndpoint: input.tokenEndpoint,
  };
  if (input.consoleUrl?.trim()) stored.consoleUrl = normalizeBaseUrl(input.consoleUrl);
  return stored;
}

async function leaveOldAddresses(profileId: string, moved: readonly AddressKind[]): Promise<void> {
  const session = await readSession(profileId);
  const hadSession = session?.state === 'signed-in' || session?.state === 'expired';
  const hadToken = moved.includes('bridge') && (await getBridgeTokenView(profileId)) !== undefined;
  const sentences = [
    hadSession
      ? 'Signed out because the profile’s address changed: a session belongs to the address it was opened on. Sign in again.'
      : '',
    hadToken
      ? 'The API token chosen for the old bridge is no longer used: an API token goes only to the bridge it was made ' +
        'for. Choose one made for the new bridge.'
      : '',
  ].filter(Boolean);
  await markSignedOut(
    profileId,
    sentences.length > 0 ? { code: 'not-signed-in', message: sentences.join(' ') } : undefined,
  );
  await clearClockOffset(profileId);
  if (moved.includes('bridge')) await clearBridgeToken(profileId);
}

/**
 * Adds profiles read from a backup (Settings → Import all), each under a new id and without a secret: the user types
 * the consumer secret again. Never replaces a profile; the page decided beforehand which ones are already here.
 */
export async function importProfiles(inputs: readonly ProfileInput[]): Promise<{ ids: string[] }> {
  for (const input of inputs) {
    if (input.consumerSecret !== undefined || input.id !== undefined)
      throw new KeyholeError('invalid-input', 'An imported profile carries no id and no secret.');
    const firstError = Object.values(validateProfile(input, { requireSecret: false }))[0];
    if (firstError) throw new KeyholeError('invalid-input', `“${input.name.slice(0, 60)}”: ${firstError}`);
  }
  const added = inputs.map((input) => toStored(input, crypto.randomUUID()));
  const record = await readRecord();
  await writeRecord({
    profiles: [...record.profiles, ...added],
    activeProfileId: record.activeProfileId ?? added[0]?.id ?? null,
  });
  return { ids: added.map((profile) => profile.id) };
}

/** Deletes a profile and every record of it: secrets, session and view records, the popup's cached account. */
export async function deleteProfile(id: string): Promise<void> {
  const record = await readRecord();
  const profiles = record.profiles.filter((profile) => profile.id !== id);
  const activeProfileId = record.activeProfileId === id ? (profiles[0]?.id ?? null) : record.activeProfileId;
  await writeRecord({ profiles, activeProfileId });
  await forgetProfileRecords(id);
  defaultKeyCache.clear();
}

export async function activateProfile(id: string): Promise<void> {
  const record = await readRecord();
  if (!record.profiles.some((profile) => profile.id === id))
    throw new KeyholeError('not-found', 'That profile no longer exists.');
  await writeRecord({ ...record, activeProfileId: id });
}

// Whether a secret is stored, not its value: a locked vault (passphrase lock) still lists profiles.
async function toView(profile: StoredProfile): Promise<ProfileView> {
  return { ...profile, hasConsumerSecret: await hasConsumerSecret(profile.id) };
}

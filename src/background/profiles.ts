import { KeyholeError } from '../core/errors.ts';
import { normalizeBaseUrl, validateProfile } from '../core/profile-validation.ts';
import type { ProfileInput, ProfileView } from '../core/protocol.ts';
import { browser } from './extension-api.ts';
import { deleteSecret, getSecret, hasSecret, putSecret } from './secret-store.ts';

/**
 * Profiles: the non-secret fields in storage.local, the consumer secret in the encrypted vault.
 * A ProfileView is all a page ever gets.
 */

type StoredProfile = Omit<ProfileView, 'hasConsumerSecret'>;

interface ProfilesRecord {
  profiles: StoredProfile[];
  activeProfileId: string | null;
}

const KEY = 'profiles';

async function readRecord(): Promise<ProfilesRecord> {
  const stored = (await browser.storage.local.get(KEY))[KEY] as ProfilesRecord | undefined;
  return stored ?? { profiles: [], activeProfileId: null };
}

async function writeRecord(record: ProfilesRecord): Promise<void> {
  await browser.storage.local.set({ [KEY]: record });
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

export async function getProfile(id: string): Promise<ProfileView | undefined> {
  const record = await readRecord();
  const found = record.profiles.find((profile) => profile.id === id);
  return found ? toView(found) : undefined;
}

export function consumerSecretOf(profileId: string): Promise<string | undefined> {
  return getSecret(`consumer-secret:${profileId}`);
}

/** Creates or updates a profile; the first profile saved becomes the active one. */
export async function saveProfile(input: ProfileInput): Promise<ProfileView> {
  const record = await readRecord();
  const existing = input.id ? record.profiles.find((profile) => profile.id === input.id) : undefined;
  if (input.id && !existing) throw new KeyholeError('not-found', 'That profile no longer exists.');
  const hasStoredSecret = existing ? await hasSecret(`consumer-secret:${existing.id}`) : false;
  const errors = validateProfile(input, { requireSecret: !hasStoredSecret });
  const firstError = Object.values(errors)[0];
  if (firstError) throw new KeyholeError('invalid-input', firstError, { detail: JSON.stringify(errors) });

  const stored: StoredProfile = {
    id: existing?.id ?? crypto.randomUUID(),
    name: input.name.trim(),
    preset: input.preset,
    apiBaseUrl: normalizeBaseUrl(input.apiBaseUrl),
    bridgeUrl: normalizeBaseUrl(input.bridgeUrl),
    consumerKey: input.consumerKey.trim(),
    signatureMethod: input.signatureMethod,
    tokenEndpoint: input.tokenEndpoint,
  };
  if (input.consoleUrl?.trim()) stored.consoleUrl = normalizeBaseUrl(input.consoleUrl);
  if (input.consumerSecret?.trim()) await putSecret(`consumer-secret:${stored.id}`, input.consumerSecret.trim());

  const profiles = existing
    ? record.profiles.map((profile) => (profile.id === stored.id ? stored : profile))
    : [...record.profiles, stored];
  await writeRecord({ profiles, activeProfileId: record.activeProfileId ?? stored.id });
  return toView(stored);
}

export async function deleteProfile(id: string): Promise<void> {
  const record = await readRecord();
  const profiles = record.profiles.filter((profile) => profile.id !== id);
  const activeProfileId = record.activeProfileId === id ? (profiles[0]?.id ?? null) : record.activeProfileId;
  await deleteSecret(`consumer-secret:${id}`);
  await writeRecord({ profiles, activeProfileId });
}

export async function activateProfile(id: string): Promise<void> {
  const record = await readRecord();
  if (!record.profiles.some((profile) => profile.id === id))
    throw new KeyholeError('not-found', 'That profile no longer exists.');
  await writeRecord({ ...record, activeProfileId: id });
}

// Whether a secret is stored, not its value: a locked vault (passphrase lock) still lists profiles.
async function toView(profile: StoredProfile): Promise<ProfileView> {
  return { ...profile, hasConsumerSecret: await hasSecret(`consumer-secret:${profile.id}`) };
}

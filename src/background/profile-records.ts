import { removeLocal } from './local-store.ts';
import { forgetPopupAccounts } from './popup-account-cache.ts';
import { deleteSecret } from './secret-store.ts';

/**
 * Every record Keyhole keeps about one profile, named in one place: the modules that write them build their keys
 * here, so deleting a profile can remove them all (issue 14) and a new kind of record cannot be forgotten.
 */

/** storage.local keys: what pages may see, and bookkeeping. */
export const localKeys = {
  session: (profileId: string) => `session:${profileId}`,
  dance: (profileId: string) => `dance:${profileId}`,
  clock: (profileId: string) => `clock:${profileId}`,
  bridgeTokenView: (profileId: string) => `bridge-token:${profileId}`,
} as const;

/** Sealed vault names: the secrets. */
export const vaultNames = {
  consumerSecret: (profileId: string) => `consumer-secret:${profileId}` as const,
  accessToken: (profileId: string) => `access-token:${profileId}` as const,
  requestToken: (profileId: string) => `request-token:${profileId}` as const,
  bridgeToken: (profileId: string) => `bridge-token:${profileId}` as const,
} as const;

/** Removes every record of a profile: its secrets, its session and view records, and the popup's account cache. */
export async function forgetProfileRecords(profileId: string): Promise<void> {
  await Promise.all(Object.values(vaultNames).map((name) => deleteSecret(name(profileId))));
  await removeLocal(Object.values(localKeys).map((key) => key(profileId)));
  await forgetPopupAccounts(profileId);
}

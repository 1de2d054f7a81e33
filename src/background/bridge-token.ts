import type { BridgeTokenView } from '../core/protocol.ts';
import { type BridgeToken, sealBridgeToken } from './bound-secrets.ts';
import { readLocal, removeLocal, writeLocal } from './local-store.ts';
import { localKeys, vaultNames } from './profile-records.ts';
import { deleteSecret } from './secret-store.ts';

/**
 * The API token chosen for bridge calls: its value sealed in the vault and bound to the bridge it was created on or
 * pasted for (read it with `bridgeTokenFor`), its name and expiry (no value) in storage.local so pages can show
 * which token is in use.
 */

export type { BridgeToken };

export async function getBridgeTokenView(profileId: string): Promise<BridgeTokenView | undefined> {
  const key = localKeys.bridgeTokenView(profileId);
  return readLocal<BridgeTokenView>(key);
}

export async function setBridgeToken(
  profileId: string,
  bridgeUrl: string,
  token: BridgeToken,
): Promise<BridgeTokenView> {
  await sealBridgeToken(profileId, bridgeUrl, token);
  const view: BridgeTokenView = { apiTokenId: token.apiTokenId, name: token.name };
  if (token.expirationDate) view.expirationDate = token.expirationDate;
  await writeLocal({ [localKeys.bridgeTokenView(profileId)]: view });
  return view;
}

export async function clearBridgeToken(profileId: string): Promise<void> {
  await deleteSecret(vaultNames.bridgeToken(profileId));
  await removeLocal(localKeys.bridgeTokenView(profileId));
}

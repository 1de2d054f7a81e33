import type { BridgeTokenView } from '../core/protocol.ts';
import { browser } from './extension-api.ts';
import { deleteSecret, getSecretJson, putSecretJson } from './secret-store.ts';

/**
 * The API token chosen for bridge calls: its value sealed in the vault, its name and expiry (no value) in
 * storage.local so pages can show which token is in use.
 */

export interface BridgeToken extends BridgeTokenView {
  value: string;
}

const viewKey = (profileId: string) => `bridge-token:${profileId}`;

export function getBridgeToken(profileId: string): Promise<BridgeToken | undefined> {
  return getSecretJson<BridgeToken>(`bridge-token:${profileId}`);
}

export async function setBridgeToken(profileId: string, token: BridgeToken): Promise<BridgeTokenView> {
  await putSecretJson(`bridge-token:${profileId}`, token);
  const view: BridgeTokenView = { apiTokenId: token.apiTokenId, name: token.name };
  if (token.expirationDate) view.expirationDate = token.expirationDate;
  await browser.storage.local.set({ [viewKey(profileId)]: view });
  return view;
}

export async function clearBridgeToken(profileId: string): Promise<void> {
  await deleteSecret(`bridge-token:${profileId}`);
  await browser.storage.local.remove(viewKey(profileId));
}

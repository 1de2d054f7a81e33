import type { ProtocolHandlers } from '../core/protocol.ts';
import { createApiToken, forgetCreatedTokens, stopUsingApiTokenForBridge, useApiTokenForBridge } from './api-tokens.ts';
import { clearBridgeToken } from './bridge-token.ts';
import { exportCurl } from './curl-export.ts';
import { takeHeldBody } from './deferred-bodies.ts';
import { browser } from './extension-api.ts';
import { signIn } from './oauth-dance.ts';
import { setUpConsumer } from './onboarding.ts';
import { activateProfile, deleteProfile, importProfiles, listProfiles, saveProfile } from './profiles.ts';
import { vault } from './secret-store.ts';
import { cancelRequest, requireActiveProfile, sendRequest } from './send-request.ts';
import { markSignedOut, signOut } from './session.ts';
import { getSessionStatus } from './session-status.ts';

/** The worker's whole surface: one handler per protocol message, each a thin call into a module. */
export const handlers: ProtocolHandlers = {
  'session/status': () => getSessionStatus(),

  'session/sign-in': async () => {
    const profile = await requireActiveProfile();
    await signIn(profile);
    return getSessionStatus();
  },

  'session/sign-out': async () => {
    const profile = await requireActiveProfile();
    await signOut(profile.id);
    // A token value shown after creation is kept briefly for "use for bridge calls"; sign-out ends that too.
    forgetCreatedTokens();
    return getSessionStatus();
  },

  'profiles/list': () => listProfiles(),
  'profiles/save': (input) => saveProfile(input),
  'profiles/delete': async ({ id }) => {
    await deleteProfile(id);
    forgetCreatedTokens(id);
    return listProfiles();
  },
  'profiles/import': ({ profiles }) => importProfiles(profiles),
  'profiles/activate': async ({ id }) => {
    await activateProfile(id);
    return getSessionStatus();
  },

  'identity/redirect-url': async () => ({ url: browser.identity.getRedirectURL() }),

  'request/send': (request, context) => sendRequest(request, context),
  'request/cancel': async ({ requestId }) => ({ cancelled: cancelRequest(requestId) }),
  'request/held-body': async ({ bodyRef, kind }, { senderUrl, caller }) =>
    takeHeldBody(bodyRef, kind, senderUrl, caller),

  'request/curl': (request) => exportCurl(request),

  'tokens/create': (request) => createApiToken(request),
  'tokens/use-for-bridge': (request) => useApiTokenForBridge(request),
  'tokens/stop-using-for-bridge': () => stopUsingApiTokenForBridge(),
  'onboarding/setup-consumer': async (request) => {
    // Locked, the setup would create a consumer on the platform and then fail to keep its secret.
    await vault.requireOpen();
    return setUpConsumer(request);
  },

  // The passphrase lock (vault.ts). A passphrase is used for one derivation and dropped: never stored or logged.
  'vault/status': () => vault.status(),
  'vault/unlock': (request) => vault.unlock(request?.passphrase),
  'vault/lock': () => vault.lock(),
  'vault/set-passphrase': (request) => vault.setPassphrase(request),
  'vault/remove-passphrase': (request) => vault.removePassphrase(request?.current),
  'vault/set-auto-lock': (request) => vault.setAutoLock(request?.autoLockMinutes),
  'vault/reset': async () => {
    const status = await vault.reset();
    // Without their secrets no session works: say so everywhere instead of failing on the next call.
    for (const profile of (await listProfiles()).profiles) {
      await markSignedOut(profile.id);
      await clearBridgeToken(profile.id);
    }
    forgetCreatedTokens();
    return status;
  },
};

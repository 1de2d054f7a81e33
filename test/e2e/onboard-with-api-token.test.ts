/**
 * One-step onboarding: from nothing but an API token, Keyhole creates its own OAuth consumer through the
 * bridge, fills a profile with its key and secret, and the user signs in — never typing a key or secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OnboardingResult, SessionStatus } from '../../src/core/protocol.ts';
import { startPlatform } from '../platform/index.ts';
import { launchExtension } from './support/launch-extension.ts';
import { messageVia, type Platform, type SandboxedExtension, signInOrFail } from './support/sandboxed-extension.ts';

let platform: Platform;
let ext: SandboxedExtension;

beforeAll(async () => {
  // The sandbox's own seeded consumer is registered elsewhere, so it is not a Keyhole consumer to reuse.
  platform = await startPlatform({ consumerBaseUrl: 'https://another-app.example/' });
  const launched = await launchExtension();
  const control = await launched.openPage('src/options/index.html');
  ext = {
    ...launched,
    platform,
    control,
    // No profile yet: onboarding is what creates it.
    profile: undefined as never,
    message: messageVia(control),
  };
});

afterAll(async () => {
  await ext?.close();
  await platform?.close();
});

function onboard(apiToken: string, rights: string[]) {
  return ext.message<OnboardingResult>('onboarding/setup-consumer', {
    apiToken,
    rights,
    keepTokenForBridge: false,
    apiBaseUrl: platform.api,
    bridgeUrl: platform.bridge,
  });
}

describe('onboarding with an API token', () => {
  it('starts unconfigured', async () => {
    const status = await ext.message<SessionStatus>('session/status');
    expect(status).toMatchObject({ ok: true, value: { state: 'unconfigured' } });
  });

  it('refuses a wrong token clearly and creates nothing', async () => {
    const before = platform.state.consumers.size;
    const reply = await onboard('not-a-real-token', ['access_personal_information']);
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-credential' } });
    expect(platform.state.consumers.size).toBe(before);
  });

  it('creates a consumer, a profile, and the user signs in; the popup shows the account', async () => {
    const before = platform.state.consumers.size;
    const reply = await onboard(platform.apiToken, ['access_personal_information', 'access_organisations']);
    if (!reply.ok) throw new Error(reply.error.message);
    expect(reply.value.reused).toBe(false);
    expect(platform.state.consumers.size).toBe(before + 1);
    const created = platform.state.consumers.get(reply.value.consumerKey);
    expect(created?.baseUrl).toBe(`https://${ext.extensionId}.chromiumapp.org/`);
    expect(created?.rights).toMatchObject({ access_personal_information: true, manage_organisations: false });
    expect(reply.value.profile).toMatchObject({ consumerKey: reply.value.consumerKey, hasConsumerSecret: true });

    const status = await signInOrFail(ext);
    expect(status).toMatchObject({ state: 'signed-in', user: { email: platform.user.email } });

    const popup = await ext.openPage('src/popup/index.html');
    await expect.poll(() => popup.locator('body').innerText(), { timeout: 10_000 }).toContain(platform.user.email);

    // The API token was not asked to be kept: nothing in the worker uses it for bridge calls.
    const bridgeCall = await ext.message('request/send', {
      target: 'bridge',
      method: 'GET',
      path: '/v2/self',
      bridgeAuth: 'token',
    });
    expect(bridgeCall).toMatchObject({ ok: false, error: { code: 'not-signed-in' } });
  });

  it('running it twice reuses the consumer instead of creating a duplicate', async () => {
    const before = platform.state.consumers.size;
    const reply = await onboard(platform.apiToken, ['access_personal_information']);
    if (!reply.ok) throw new Error(reply.error.message);
    expect(reply.value.reused).toBe(true);
    expect(platform.state.consumers.size).toBe(before);
    // …and updates the profile it made the first time instead of listing a twin.
    const list = await ext.message<{ profiles: { consumerKey: string }[] }>('profiles/list');
    if (!list.ok) throw new Error(list.error.message);
    expect(list.value.profiles.filter((profile) => profile.consumerKey === reply.value.consumerKey)).toHaveLength(1);
  });
});

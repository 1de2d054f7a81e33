// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeBrowser } from './fake-browser.ts';
import type { FakeWorker } from './fake-worker.ts';

const mocks = vi.hoisted(() => ({ worker: undefined as FakeWorker | undefined, browser: {} as FakeBrowser }));
vi.mock('../../../src/ui/send.ts', () => ({
  send: (name: never, ...args: unknown[]) => mocks.worker!.send(name, ...args),
}));
vi.mock('webextension-polyfill', () => ({ default: new Proxy({}, { get: (_t, key) => mocks.browser[key as never] }) }));

import type { OnboardingRequest, ProfileView, SessionStatus } from '../../../src/core/protocol.ts';
import { OptionsPage } from '../../../src/options/OptionsPage.tsx';
import { button, click, field, mount, text, typeInto, waitFor } from '../support/dom.ts';
import { createFakeBrowser } from './fake-browser.ts';
import { createFakeWorker, REAL_VIEW } from './fake-worker.ts';

let view: ReturnType<typeof mount> | undefined;
beforeEach(() => {
  mocks.browser = createFakeBrowser();
});
afterEach(() => {
  view?.unmount();
  view = undefined;
});

/** A worker that onboards the way src/background/onboarding.ts does: saves a profile and makes it active. */
function onboardingWorker(): FakeWorker {
  const worker = createFakeWorker({ profiles: [REAL_VIEW] });
  worker.override['onboarding/setup-consumer'] = async (request) => {
    const { apiBaseUrl, bridgeUrl } = request as OnboardingRequest;
    const profile: ProfileView = {
      id: 'onboarded-1',
      name: 'Local sandbox (onboarded)',
      preset: 'sandbox',
      apiBaseUrl: apiBaseUrl!,
      bridgeUrl: bridgeUrl!,
      consumerKey: 'ck_new_42',
      hasConsumerSecret: true,
      signatureMethod: 'HMAC-SHA512',
      tokenEndpoint: 'form',
    };
    worker.profiles = [...worker.profiles, profile];
    worker.activeId = profile.id;
    return { profile, consumerKey: 'ck_new_42', reused: false };
  };
  return worker;
}

describe('“Set up with an API token” on the settings page', () => {
  it('has a nav entry, a pointer on a first visit, and sits after the profiles, before the session', async () => {
    mocks.worker = createFakeWorker();
    view = mount(<OptionsPage />);
    const root = view.root;
    const link = [...root.querySelectorAll<HTMLAnchorElement>('nav a')].find((a) => text(a) === 'Token setup');
    expect(link?.getAttribute('href')).toBe('#onboarding');
    const ids = [...root.querySelectorAll('main > section')].map((section) => section.id);
    expect(ids.indexOf('onboarding')).toBe(ids.indexOf('profiles') + 1);
    expect(ids.indexOf('session')).toBe(ids.indexOf('onboarding') + 1);
    // The manual form the first visit opens and this one do not share a field.
    await waitFor(() => expect(text(root)).toContain('Add a profile'));
    const pointer = [...root.querySelectorAll<HTMLAnchorElement>('#profiles a')].find(
      (a) => text(a) === 'Set up with an API token',
    );
    expect(pointer?.getAttribute('href')).toBe('#onboarding');
    const inputIds = [...root.querySelectorAll('input')].map((input) => input.id).filter(Boolean);
    expect(new Set(inputIds).size).toBe(inputIds.length);
  });

  it('lists the new profile as active once set up, and the session follows a sign-in made there', async () => {
    const worker = onboardingWorker();
    mocks.worker = worker;
    view = mount(<OptionsPage />);
    const root = view.root;
    await waitFor(() => expect(text(root)).toContain('Clever Cloud'));
    click(root.querySelector<HTMLInputElement>('#onboarding-platform-sandbox')!);
    typeInto(field(root, 'API token'), 'sbx_9f8e7d6c5b4a3210');
    click(button(root, 'Create consumer and profile'));
    await waitFor(() => expect(text(root)).toContain('Consumer ck_new_42 created'));

    const item = await waitFor(() => {
      const found = [...root.querySelectorAll<HTMLElement>('.opt-profile')].find(
        (element) => element.querySelector('h3')?.textContent === 'Local sandbox (onboarded)',
      );
      if (!found) throw new Error('not listed yet');
      return found;
    });
    expect(text(item)).toContain('Active');
    expect(text(item)).toContain('ck_new_42');

    const signedIn: SessionStatus = {
      state: 'signed-in',
      profile: worker.profiles[1]!,
      user: { id: 'u1', email: 'ada@sandbox.keyhole.test' },
      expiresAt: '2099-01-01T00:00:00Z',
    };
    worker.override['session/sign-in'] = async () => signedIn;
    click(button(root.querySelector('#onboarding')!, 'Sign in'));
    await waitFor(() =>
      expect(text(root.querySelector('#session')!)).toContain('Signed in as ada@sandbox.keyhole.test'),
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  cleanApiToken,
  DEFAULT_ONBOARDING_RIGHTS,
  describeOnboardingFailure,
  emptyOnboardingForm,
  firstInvalidOnboardingField,
  type OnboardingFormValues,
  onboardingAddresses,
  toggleRight,
  tokenCreationBlocker,
  toOnboardingRequest,
  validateOnboarding,
} from '../../../../src/core/profiles/onboarding-form.ts';

const filled = (changes: Partial<OnboardingFormValues> = {}): OnboardingFormValues => ({
  ...emptyOnboardingForm(),
  apiToken: 'sbx_0123456789abcdef',
  ...changes,
});

describe('defaults', () => {
  it('asks for every read right and no write right', () => {
    expect(DEFAULT_ONBOARDING_RIGHTS).toEqual([
      'access_organisations',
      'access_organisations_bills',
      'access_organisations_consumption_statistics',
      'access_organisations_credit_count',
      'access_personal_information',
    ]);
    expect(emptyOnboardingForm()).toEqual({
      platform: 'real',
      sandboxApiBaseUrl: 'http://127.0.0.1:8780',
      sandboxBridgeUrl: 'http://127.0.0.1:8781',
      apiToken: '',
      rights: DEFAULT_ONBOARDING_RIGHTS,
      organisationId: '',
      keepTokenForBridge: false,
    });
  });

  it('gives a fresh rights array each time, so one form never changes another', () => {
    const first = emptyOnboardingForm();
    first.rights.pop();
    expect(emptyOnboardingForm().rights).toHaveLength(5);
  });
});

describe('addresses', () => {
  it('uses the real platform’s addresses whatever the sandbox fields hold', () => {
    const values = filled({ sandboxApiBaseUrl: 'nonsense' });
    expect(onboardingAddresses(values)).toEqual({
      apiBaseUrl: 'https://api.clever-cloud.com',
      bridgeUrl: 'https://api-bridge.clever-cloud.com',
    });
    expect(validateOnboarding(values)).toEqual({});
  });

  it('uses and checks the sandbox’s addresses as typed', () => {
    const values = filled({ platform: 'sandbox', sandboxApiBaseUrl: 'http://127.0.0.1:41000/' });
    expect(onboardingAddresses(values).apiBaseUrl).toBe('http://127.0.0.1:41000/');
    expect(validateOnboarding(filled({ platform: 'sandbox', sandboxBridgeUrl: 'http://bridge.example.com' }))).toEqual({
      bridgeUrl: 'Use https:// for the bridge address: plain http is only allowed for 127.0.0.1 and localhost.',
    });
  });
});

describe('validateOnboarding', () => {
  it('needs a token', () => {
    expect(validateOnboarding(filled({ apiToken: '   ' }))).toEqual({
      apiToken: 'Paste an API token, or create one with your email and password below.',
    });
  });

  it('refuses a token with spaces inside', () => {
    expect(validateOnboarding(filled({ apiToken: 'abc def' })).apiToken).toMatch(/has no spaces/);
  });

  it('needs at least one right', () => {
    expect(validateOnboarding(filled({ rights: [] }))).toEqual({
      rights: 'Pick at least one right for Keyhole to ask for.',
    });
  });

  it('accepts an empty organisation or an id, refuses one with a slash or a space', () => {
    expect(validateOnboarding(filled({ organisationId: ' orga_3b9f-11 ' }))).toEqual({});
    expect(validateOnboarding(filled({ organisationId: 'orga_1/consumers' })).organisationId).toMatch(/no spaces/);
    expect(validateOnboarding(filled({ organisationId: 'my orga' })).organisationId).toMatch(/personal space/);
  });

  it('names the first invalid field in page order', () => {
    const errors = validateOnboarding(
      filled({ platform: 'sandbox', sandboxBridgeUrl: '', apiToken: '', rights: [], organisationId: 'a b' }),
    );
    expect(Object.keys(errors).sort()).toEqual(['apiToken', 'bridgeUrl', 'organisationId', 'rights']);
    expect(firstInvalidOnboardingField(errors)).toBe('bridgeUrl');
    expect(firstInvalidOnboardingField({ organisationId: 'x', rights: 'y' })).toBe('rights');
    expect(firstInvalidOnboardingField({})).toBeUndefined();
  });
});

describe('cleanApiToken', () => {
  it('takes what people copy: a header, a Bearer prefix, quotes, spaces', () => {
    expect(cleanApiToken('  sbx_abc  ')).toBe('sbx_abc');
    expect(cleanApiToken('Bearer sbx_abc')).toBe('sbx_abc');
    expect(cleanApiToken('Authorization: Bearer sbx_abc')).toBe('sbx_abc');
    expect(cleanApiToken('"sbx_abc"')).toBe('sbx_abc');
  });
});

describe('toggleRight', () => {
  it('adds and removes a right, keeping the spec’s order', () => {
    const added = toggleRight(['access_personal_information'], 'access_organisations', true);
    expect(added).toEqual(['access_organisations', 'access_personal_information']);
    expect(toggleRight(added, 'access_organisations', false)).toEqual(['access_personal_information']);
    expect(toggleRight(added, 'manage_ssh_keys', false)).toEqual(added);
  });
});

describe('toOnboardingRequest', () => {
  it('sends the real platform’s addresses, the cleaned token and no organisation when none is given', () => {
    expect(toOnboardingRequest(filled({ apiToken: ' Bearer sbx_abc ' }))).toEqual({
      apiToken: 'sbx_abc',
      rights: DEFAULT_ONBOARDING_RIGHTS,
      keepTokenForBridge: false,
      apiBaseUrl: 'https://api.clever-cloud.com',
      bridgeUrl: 'https://api-bridge.clever-cloud.com',
    });
  });

  it('sends the sandbox’s addresses without a trailing slash, the organisation and the keep choice', () => {
    const request = toOnboardingRequest(
      filled({
        platform: 'sandbox',
        sandboxApiBaseUrl: 'http://127.0.0.1:41000/',
        sandboxBridgeUrl: ' http://127.0.0.1:41001 ',
        organisationId: ' orga_1 ',
        keepTokenForBridge: true,
        rights: ['access_personal_information', 'manage_ssh_keys'],
      }),
    );
    expect(request).toEqual({
      apiToken: 'sbx_0123456789abcdef',
      rights: ['access_personal_information', 'manage_ssh_keys'],
      keepTokenForBridge: true,
      apiBaseUrl: 'http://127.0.0.1:41000',
      bridgeUrl: 'http://127.0.0.1:41001',
      organisationId: 'orga_1',
    });
  });
});

describe('tokenCreationBlocker', () => {
  it('allows creation on any valid bridge address, with or without a profile for it', () => {
    expect(tokenCreationBlocker('http://127.0.0.1:8781/')).toBeUndefined();
    expect(tokenCreationBlocker('https://api-bridge.clever-cloud.com')).toBeUndefined();
  });

  it('refuses to send credentials to an unreadable or plain-http remote address', () => {
    expect(tokenCreationBlocker('not a url')).toMatch(/valid bridge address/);
    expect(tokenCreationBlocker('http://bridge.example.com')).toMatch(/valid bridge address/);
  });
});

describe('describeOnboardingFailure', () => {
  it('points a refused token at the token field and offers no retry', () => {
    expect(describeOnboardingFailure({ code: 'invalid-credential', message: 'refused' })).toEqual({
      hint: 'Paste the token again, or create a new one below.',
      retry: false,
    });
  });

  it('points a 403 at the organisation field', () => {
    expect(describeOnboardingFailure({ code: 'forbidden', message: 'no', status: 403 }).hint).toMatch(
      /Create under an organisation/,
    );
  });

  it('offers a retry for network trouble', () => {
    expect(describeOnboardingFailure({ code: 'network', message: 'Could not reach' })).toMatchObject({ retry: true });
  });

  it('says a retry reuses a consumer made before the profile failed', () => {
    const help = describeOnboardingFailure({
      code: 'setup-incomplete',
      message:
        'The consumer “Keyhole” (key ck_1) exists on the platform, but the profile could not be saved: disk full Run the setup again to reuse it, or delete it in the console.',
      detail: 'ck_1',
    });
    expect(help).toEqual({
      hint: 'Everything you entered is kept: try again to reuse this consumer instead of creating another.',
      retry: true,
    });
    expect(describeOnboardingFailure({ code: 'internal', message: 'worker gone', detail: 'x' })).toEqual({
      retry: true,
    });
  });
});

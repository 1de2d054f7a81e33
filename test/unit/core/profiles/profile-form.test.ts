import { describe, expect, it } from 'vitest';
import {
  applyPreset,
  emptyProfileForm,
  fieldErrorsFromDetail,
  firstInvalidField,
  profileFormFromView,
  secretRequirement,
  toProfileInput,
  validateProfileForm,
} from '../../../../src/core/profiles/profile-form.ts';
import { REAL_PLATFORM_PRESET, SANDBOX_PRESET } from '../../../../src/core/profiles/profile-presets.ts';
import { validateProfile } from '../../../../src/core/profiles/profile-validation.ts';
import type { ProfileView } from '../../../../src/core/protocol.ts';

const stored: ProfileView = {
  id: 'p1',
  name: 'Work',
  preset: 'real',
  apiBaseUrl: 'https://api.clever-cloud.com',
  bridgeUrl: 'https://api-bridge.clever-cloud.com',
  consoleUrl: 'https://console.clever-cloud.com',
  consumerKey: 'ck-123',
  hasConsumerSecret: true,
  signatureMethod: 'HMAC-SHA1',
  tokenEndpoint: 'query',
};

describe('applyPreset', () => {
  it('fills everything from the sandbox preset, which then validates', () => {
    const form = applyPreset(emptyProfileForm(), 'sandbox');
    expect(form).toMatchObject({
      name: 'Local sandbox',
      apiBaseUrl: 'http://127.0.0.1:8780',
      bridgeUrl: 'http://127.0.0.1:8781',
      consoleUrl: '',
      consumerKey: 'keyhole-sandbox',
      consumerSecret: SANDBOX_PRESET.consumerSecret,
      preset: 'sandbox',
    });
    expect(validateProfile(toProfileInput(form), { requireSecret: true })).toEqual({});
  });

  it('fills the real platform addresses and leaves key and secret empty', () => {
    const form = applyPreset(emptyProfileForm(), 'real');
    expect(form).toMatchObject({
      apiBaseUrl: REAL_PLATFORM_PRESET.apiBaseUrl,
      bridgeUrl: REAL_PLATFORM_PRESET.bridgeUrl,
      consoleUrl: REAL_PLATFORM_PRESET.consoleUrl,
      consumerKey: '',
      consumerSecret: '',
      signatureMethod: 'HMAC-SHA512',
      tokenEndpoint: 'form',
      preset: 'real',
    });
  });

  it('keeps a key and secret the user typed when switching to the real platform', () => {
    const typed = { ...emptyProfileForm(), consumerKey: 'mine', consumerSecret: 's3cret' };
    expect(applyPreset(typed, 'real')).toMatchObject({ consumerKey: 'mine', consumerSecret: 's3cret' });
  });

  it('drops the sandbox pair when switching from the sandbox to the real platform', () => {
    const form = applyPreset(applyPreset(emptyProfileForm(), 'sandbox'), 'real');
    expect(form.consumerKey).toBe('');
    expect(form.consumerSecret).toBe('');
  });
});

describe('toProfileInput', () => {
  it('leaves out an empty secret so the worker keeps the stored one', () => {
    const input = toProfileInput(profileFormFromView(stored), stored.id);
    expect(input).not.toHaveProperty('consumerSecret');
    expect(input).toMatchObject({ id: 'p1', name: 'Work', consumerKey: 'ck-123', tokenEndpoint: 'query' });
  });

  it('sends a typed secret and leaves out an empty console address', () => {
    const form = { ...profileFormFromView(stored), consumerSecret: 'new', consoleUrl: '  ' };
    const input = toProfileInput(form);
    expect(input.consumerSecret).toBe('new');
    expect(input).not.toHaveProperty('consoleUrl');
    expect(input).not.toHaveProperty('id');
  });

  it('keeps the preset label only while the addresses are the preset’s', () => {
    const sandbox = applyPreset(emptyProfileForm(), 'sandbox');
    expect(toProfileInput(sandbox).preset).toBe('sandbox');
    expect(toProfileInput({ ...sandbox, apiBaseUrl: 'http://127.0.0.1:8780/' }).preset).toBe('sandbox');
    expect(toProfileInput({ ...sandbox, apiBaseUrl: 'http://127.0.0.1:9999' }).preset).toBe('custom');
    expect(toProfileInput(emptyProfileForm()).preset).toBe('custom');
  });
});

describe('profileFormFromView', () => {
  it('never starts with a secret, whatever is stored', () => {
    expect(profileFormFromView(stored).consumerSecret).toBe('');
    expect(profileFormFromView({ ...stored, consoleUrl: undefined }).consoleUrl).toBe('');
  });
});

describe('firstInvalidField', () => {
  it('follows the order of the fields on the page', () => {
    expect(firstInvalidField({ consumerKey: 'x', apiBaseUrl: 'y' })).toBe('apiBaseUrl');
    expect(firstInvalidField({})).toBeUndefined();
  });
});

describe('fieldErrorsFromDetail', () => {
  it('reads the field errors the worker puts in an invalid-input detail', () => {
    const detail = JSON.stringify(validateProfile({ ...SANDBOX_PRESET, bridgeUrl: 'nope' }, { requireSecret: true }));
    expect(fieldErrorsFromDetail(detail)).toEqual({ bridgeUrl: expect.stringMatching(/bridge address/) });
  });

  it.each([undefined, '', 'not json', '[1]', 'null', '{"name": 3, "other": "x"}'])('ignores %s', (detail) => {
    expect(fieldErrorsFromDetail(detail)).toEqual({});
  });
});

describe('secretRequirement (issue 14: a secret is bound to the address it was entered for)', () => {
  it('needs no secret to edit a profile with one stored, while its origins stay', () => {
    const form = { ...profileFormFromView(stored), name: 'Renamed', apiBaseUrl: 'https://api.clever-cloud.com/' };
    expect(secretRequirement(form, stored)).toEqual({ required: false });
    expect(validateProfileForm(form, stored)).toEqual({});
  });

  it('needs the secret again, with the reason, as soon as an address leaves its origin', () => {
    const form = { ...profileFormFromView(stored), apiBaseUrl: 'https://api.example.com' };
    const requirement = secretRequirement(form, stored);
    expect(requirement).toEqual({
      required: true,
      reason: expect.stringMatching(/^The API address changed: type the consumer secret again/),
    });
    expect(validateProfileForm(form, stored).consumerSecret).toBe(requirement.reason);
    expect(validateProfileForm({ ...form, consumerSecret: 'typed again' }, stored)).toEqual({});
  });

  it('says the bridge token goes too when the bridge moves', () => {
    const form = { ...profileFormFromView(stored), bridgeUrl: 'https://bridge.example.com' };
    expect(secretRequirement(form, stored).reason).toMatch(/forgets the API token chosen for the old bridge/);
  });

  it('always needs a secret for a new profile or one without a stored secret, with the plain message', () => {
    expect(secretRequirement(emptyProfileForm(), undefined)).toEqual({ required: true });
    const bare = { ...stored, hasConsumerSecret: false };
    const form = { ...profileFormFromView(bare), apiBaseUrl: 'https://api.example.com' };
    expect(secretRequirement(form, bare)).toEqual({ required: true });
    expect(validateProfileForm(form, bare).consumerSecret).toBe('Enter the consumer secret.');
  });
});

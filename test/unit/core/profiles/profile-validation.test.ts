import { describe, expect, it } from 'vitest';
import { SANDBOX_PRESET } from '../../../../src/core/profiles/profile-presets.ts';
import { checkBaseUrl, normalizeBaseUrl, validateProfile } from '../../../../src/core/profiles/profile-validation.ts';

describe('validateProfile', () => {
  it('accepts the sandbox preset', () => {
    expect(validateProfile(SANDBOX_PRESET, { requireSecret: true })).toEqual({});
  });

  it('names each missing or wrong field', () => {
    const errors = validateProfile(
      { ...SANDBOX_PRESET, name: ' ', apiBaseUrl: 'api.example.com', consumerKey: '', consumerSecret: '' },
      { requireSecret: true },
    );
    expect(errors.name).toMatch(/name/);
    expect(errors.apiBaseUrl).toMatch(/not a URL/);
    expect(errors.consumerKey).toMatch(/consumer key/);
    expect(errors.consumerSecret).toMatch(/consumer secret/);
  });

  it('treats a blank console address as none, like the worker stores it', () => {
    expect(validateProfile({ ...SANDBOX_PRESET, consoleUrl: '  ' }, { requireSecret: true })).toEqual({});
  });

  it('asks for an empty address instead of calling it "not a URL"', () => {
    const errors = validateProfile({ ...SANDBOX_PRESET, bridgeUrl: ' ' }, { requireSecret: true });
    expect(errors.bridgeUrl).toBe('Enter the bridge address (e.g. https://api.example.com).');
  });

  it('caps the name at 100 characters (an 11 MB name would only fill the storage quota)', () => {
    expect(validateProfile({ ...SANDBOX_PRESET, name: 'n'.repeat(100) }, { requireSecret: true })).toEqual({});
    const errors = validateProfile({ ...SANDBOX_PRESET, name: 'n'.repeat(11 * 1024 * 1024) }, { requireSecret: true });
    expect(errors.name).toBe('Keep the profile name to 100 characters or fewer.');
  });

  it('keeps a stored secret when none is typed', () => {
    expect(validateProfile({ ...SANDBOX_PRESET, consumerSecret: '' }, { requireSecret: false })).toEqual({});
  });
});

describe('checkBaseUrl', () => {
  it.each([
    ['https://api.clever-cloud.com', undefined],
    ['http://127.0.0.1:8780', undefined],
    ['http://localhost:8780/prefix', undefined],
    ['http://api.example.com', /https/],
    ['ftp://api.example.com', /https/],
    ['https://user:pw@api.example.com', /user name/],
    ['https://api.example.com/?x=1', /\?/],
  ])('%s', (url, expected) => {
    const result = checkBaseUrl(url, 'API');
    if (expected === undefined) expect(result).toBeUndefined();
    else expect(result).toMatch(expected);
  });

  it('normalises trailing slashes away', () => {
    expect(normalizeBaseUrl(' https://API.example.com/base/ ')).toBe('https://api.example.com/base');
    expect(normalizeBaseUrl('http://127.0.0.1:8780/')).toBe('http://127.0.0.1:8780');
  });
});

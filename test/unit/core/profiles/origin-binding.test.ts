import { describe, expect, it } from 'vitest';
import {
  changedOrigins,
  isBoundTo,
  originOf,
  originsOf,
  rebindingReason,
} from '../../../../src/core/profiles/origin-binding.ts';

describe('originOf', () => {
  it('keeps scheme, host and port, and drops the default port, path and case', () => {
    expect(originOf('https://API.example.com:443/v2/self?x=1')).toBe('https://api.example.com');
    expect(originOf(' http://127.0.0.1:8780/prefix ')).toBe('http://127.0.0.1:8780');
  });
  it('is undefined for what is not a URL', () => {
    expect(originOf('api.example.com')).toBeUndefined();
    expect(originOf('')).toBeUndefined();
    expect(originOf('data:text/plain,hi')).toBeUndefined();
  });
});

describe('isBoundTo', () => {
  const bound = ['http://127.0.0.1:8780', 'http://127.0.0.1:8781/bridge'];
  it('lets a secret go to the origins it is bound to, whatever the path', () => {
    expect(isBoundTo('http://127.0.0.1:8780/v2/oauth/request_token', bound)).toBe(true);
    expect(isBoundTo('http://127.0.0.1:8781/v2/self', bound)).toBe(true);
  });
  it('refuses another port, host, scheme or a look-alike', () => {
    expect(isBoundTo('http://127.0.0.1:8782/v2/self', bound)).toBe(false);
    expect(isBoundTo('http://localhost:8780/v2/self', bound)).toBe(false);
    expect(isBoundTo('https://127.0.0.1:8780/v2/self', bound)).toBe(false);
    expect(isBoundTo('http://127.0.0.1:8780.evil.example/v2/self', bound)).toBe(false);
    expect(isBoundTo('http://user@127.0.0.2:8780/', bound)).toBe(false);
  });
  it('refuses everything when bound to nothing, and a destination that is not a URL', () => {
    expect(isBoundTo('http://127.0.0.1:8780/', [])).toBe(false);
    expect(isBoundTo('/v2/self', bound)).toBe(false);
  });
});

describe('originsOf', () => {
  it('lists distinct origins in order and leaves out what does not parse', () => {
    expect(originsOf(['https://a.example/x', 'nope', 'https://b.example', 'https://a.example/y'])).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });
});

describe('changedOrigins', () => {
  const before = { apiBaseUrl: 'https://api.example.com', bridgeUrl: 'https://bridge.example.com' };
  it('sees no change for a new path, a trailing slash or a default port on the same origin', () => {
    expect(
      changedOrigins(before, {
        apiBaseUrl: 'https://api.example.com:443/prefix/',
        bridgeUrl: 'https://bridge.example.com/',
      }),
    ).toEqual([]);
  });
  it('names each address whose origin changed', () => {
    expect(changedOrigins(before, { ...before, apiBaseUrl: 'https://api.other.example' })).toEqual(['api']);
    expect(changedOrigins(before, { ...before, bridgeUrl: 'http://127.0.0.1:9' })).toEqual(['bridge']);
    expect(changedOrigins(before, { apiBaseUrl: 'https://x.example', bridgeUrl: 'https://y.example' })).toEqual([
      'api',
      'bridge',
    ]);
  });
  it('counts an address that no longer parses as changed', () => {
    expect(changedOrigins(before, { ...before, apiBaseUrl: 'api.example.com' })).toEqual(['api']);
  });
});

describe('rebindingReason', () => {
  it('says nothing when no origin changed', () => {
    expect(rebindingReason([])).toBeUndefined();
  });
  it('says which address changed, why the secret is needed again and what saving ends', () => {
    expect(rebindingReason(['api'])).toBe(
      'The API address changed: type the consumer secret again. Keyhole sends a secret only to the address it was ' +
        'entered for, so the stored one stays with the old address. Saving also signs this profile out.',
    );
    expect(rebindingReason(['bridge'])).toMatch(
      /^The bridge address changed: .* signs this profile out, and forgets the API token chosen for the old bridge\.$/,
    );
    expect(rebindingReason(['api', 'bridge'])).toMatch(/^The API and bridge addresses changed: /);
  });
});

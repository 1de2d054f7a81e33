import { describe, expect, it } from 'vitest';
import {
  joinOrigins,
  originOf,
  originPattern,
  originsNeedingPermission,
} from '../../../../src/core/http/host-permission.ts';
import { REAL_PLATFORM_PRESET, SANDBOX_PRESET } from '../../../../src/core/profiles/profile-presets.ts';

describe('originsNeedingPermission', () => {
  it('needs nothing for the real platform: the manifest grants it', () => {
    expect(originsNeedingPermission(REAL_PLATFORM_PRESET)).toEqual([]);
  });

  it('lists the sandbox API and bridge origins', () => {
    expect(originsNeedingPermission(SANDBOX_PRESET)).toEqual([
      { origin: 'http://127.0.0.1:8780', roles: ['API'] },
      { origin: 'http://127.0.0.1:8781', roles: ['bridge'] },
    ]);
  });

  it('merges an origin shared by API and bridge, and ignores paths', () => {
    expect(
      originsNeedingPermission({ apiBaseUrl: 'https://api.example.com/v', bridgeUrl: 'https://API.example.com/b/' }),
    ).toEqual([{ origin: 'https://api.example.com', roles: ['API', 'bridge'] }]);
  });

  it('skips addresses that are not http(s) URLs', () => {
    expect(originsNeedingPermission({ apiBaseUrl: 'nope', bridgeUrl: 'ftp://x.example.com' })).toEqual([]);
  });
});

describe('originOf / originPattern / joinOrigins', () => {
  it('builds the match pattern permissions.request takes', () => {
    expect(originOf(' http://127.0.0.1:8780/prefix ')).toBe('http://127.0.0.1:8780');
    expect(originOf('https://api.example.com:443')).toBe('https://api.example.com');
    expect(originPattern('http://127.0.0.1:8780')).toBe('http://127.0.0.1:8780/*');
  });

  it('joins origins for a button label', () => {
    expect(joinOrigins([])).toBe('');
    expect(joinOrigins(['a'])).toBe('a');
    expect(joinOrigins(['a', 'b'])).toBe('a and b');
    expect(joinOrigins(['a', 'b', 'c'])).toBe('a, b and c');
  });
});

import { describe, expect, it } from 'vitest';
import { checkRight, parseTokenRights, type SessionRights } from '../../../../src/core/platform/session-rights.ts';

const known = (rights: Record<string, boolean>): SessionRights => ({ state: 'known', rights, source: 'test' });

describe('reading the token’s rights', () => {
  it('keeps the booleans of a token record’s rights', () => {
    expect(
      parseTokenRights({ token: 't', rights: { access_organisations: true, manage_ssh_keys: false, odd: 'yes' } }),
    ).toEqual({ access_organisations: true, manage_ssh_keys: false });
  });

  it('says nothing when the record has no readable rights', () => {
    expect(parseTokenRights({ token: 't', expirationDate: 1 })).toBeUndefined();
    expect(parseTokenRights({ rights: { a: 'x' } })).toBeUndefined();
    expect(parseTokenRights([])).toBeUndefined();
    expect(parseTokenRights(null)).toBeUndefined();
  });
});

describe('what the session may call', () => {
  const bills = {
    target: 'api' as const,
    right: 'access_organisations_bills',
    rightSource: 'keyhole-curated' as const,
  };
  const inferred = {
    target: 'api' as const,
    right: 'manage_organisations_services',
    rightSource: 'keyhole-inferred' as const,
  };

  it('marks a curated right the token lacks, and an inferred one as probable', () => {
    const session = known({ access_organisations: true });
    expect(checkRight(bills, session)).toBe('lacking');
    expect(checkRight(inferred, session)).toBe('probably-lacking');
    expect(checkRight({ ...bills, right: 'access_organisations' }, session)).toBe('granted');
  });

  it('treats almighty as every right', () => {
    expect(checkRight(bills, known({ almighty: true }))).toBe('granted');
  });

  it('needs-none endpoints are granted; unknown rights or sessions and the bridge stay unknown', () => {
    expect(checkRight({ target: 'api', rightSource: 'keyhole-curated' }, known({}))).toBe('granted');
    expect(checkRight({ target: 'api' }, known({}))).toBe('unknown');
    expect(checkRight(bills, { state: 'unknown', reason: 'no answer' })).toBe('unknown');
    expect(checkRight(bills, undefined)).toBe('unknown');
    expect(checkRight({ ...bills, target: 'bridge' }, known({}))).toBe('unknown');
  });
});

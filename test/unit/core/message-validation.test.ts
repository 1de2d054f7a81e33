import { describe, expect, it } from 'vitest';
import { isMessageName, validateMessage } from '../../../src/core/message-validation.ts';

describe('isMessageName', () => {
  it('knows the protocol’s names and nothing an object inherits', () => {
    expect(isMessageName('request/send')).toBe(true);
    expect(isMessageName('session/status')).toBe(true);
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'request/sendx', ''])
      expect(isMessageName(name), name).toBe(false);
  });
});

describe('validateMessage', () => {
  it('passes well-formed payloads', () => {
    expect(validateMessage('profiles/delete', { id: 'p1' })).toEqual({ id: 'p1' });
    expect(validateMessage('session/status', undefined)).toBeUndefined();
    expect(
      validateMessage('request/curl', { request: { target: 'api', method: 'GET', path: '/v2/self' }, reveal: true }),
    ).toEqual({ request: { target: 'api', method: 'GET', path: '/v2/self' }, reveal: true });
  });

  it.each([
    ['request/send', null, /request must be an object \(got null\)/],
    ['request/send', { target: 'api', method: 42, path: '/v2/self' }, /got number 42/],
    ['request/curl', { request: null, reveal: true }, /request must be an object/],
    ['request/curl', { request: { target: 'api', method: 'GET', path: '/v2/self' }, reveal: 'yes' }, /reveal/],
    ['profiles/delete', null, /Invalid profiles\/delete message: expected an object, got null/],
    ['profiles/delete', { id: 3 }, /“id” must be a string/],
    ['profiles/save', { name: 42 }, /“name” must be a string/],
    ['request/cancel', {}, /“requestId” must be a string/],
    ['tokens/create', { email: 'a', password: 'b', name: 'c', expirationDate: 'd', mfaCode: 1 }, /“mfaCode”/],
    ['onboarding/setup-consumer', { rights: 'all', keepTokenForBridge: true }, /“rights”/],
    ['onboarding/setup-consumer', { rights: [], keepTokenForBridge: 'no' }, /keepTokenForBridge/],
    // A structured clone (the panel's channel, Firefox's messages) keeps a list's holes, which `every` skips.
    // biome-ignore lint/suspicious/noSparseArray: the hole is the attack
    ['onboarding/setup-consumer', { rights: [, 'access_organisations'], keepTokenForBridge: true }, /“rights”/],
  ] as const)('refuses %s %j', (name, payload, why) => {
    let caught: unknown;
    try {
      validateMessage(name, payload);
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 'invalid-input', message: expect.stringMatching(why) });
  });
});

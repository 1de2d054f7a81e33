import { describe, expect, it, vi } from 'vitest';
import { KeyholeError } from '../../../src/core/errors.ts';
import { describeHostAccess, type HostAccess, withHostAccess } from '../../../src/sftp-kit/host-access.ts';

const timing = { graceMs: 20, waitMs: 200 };
const networkError = () => new KeyholeError('network', 'Could not reach it.');

function answerLater(value: HostAccess, ms: number): Promise<HostAccess> {
  return new Promise((resolve) => setTimeout(() => resolve(value), ms));
}

describe('withHostAccess', () => {
  it('calls once access is granted', async () => {
    const states: HostAccess[] = [];
    const call = vi.fn(async () => 'ok');
    expect(await withHostAccess(Promise.resolve('granted'), call, (s) => states.push(s), timing)).toBe('ok');
    expect(states).toEqual(['granted']);
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('still tries when access was refused, and reports the refusal', async () => {
    const states: HostAccess[] = [];
    const call = vi.fn(async () => 'cors allowed it');
    expect(await withHostAccess(Promise.resolve('refused'), call, (s) => states.push(s), timing)).toBe(
      'cors allowed it',
    );
    expect(states).toEqual(['refused']);
  });

  it('does not wait for an unanswered prompt: tries at once, and succeeds if CORS allows', async () => {
    const states: HostAccess[] = [];
    const call = vi.fn(async () => 'ok');
    const never = new Promise<HostAccess>(() => {});
    expect(await withHostAccess(never, call, (s) => states.push(s), timing)).toBe('ok');
    expect(states).toEqual(['pending']);
  });

  it('retries once when the user allows after a blocked first try', async () => {
    const states: HostAccess[] = [];
    const call = vi.fn().mockRejectedValueOnce(networkError()).mockResolvedValueOnce('ok');
    expect(await withHostAccess(answerLater('granted', 60), call, (s) => states.push(s), timing)).toBe('ok');
    expect(states).toEqual(['pending', 'granted']);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('gives the first error when the user refuses, or never answers within the wait', async () => {
    const refused = vi.fn().mockRejectedValue(networkError());
    await expect(withHostAccess(answerLater('refused', 60), refused, () => {}, timing)).rejects.toMatchObject({
      code: 'network',
    });
    expect(refused).toHaveBeenCalledTimes(1);
    const silent = vi.fn().mockRejectedValue(networkError());
    await expect(withHostAccess(new Promise(() => {}), silent, () => {}, timing)).rejects.toMatchObject({
      code: 'network',
    });
  });

  it('does not retry errors that are not about access', async () => {
    const call = vi.fn().mockRejectedValue(new KeyholeError('conflict', 'taken'));
    await expect(withHostAccess(answerLater('granted', 60), call, () => {}, timing)).rejects.toMatchObject({
      code: 'conflict',
    });
    expect(call).toHaveBeenCalledTimes(1);
  });
});

describe('describeHostAccess', () => {
  it('says nothing when granted, and what to do otherwise', () => {
    expect(describeHostAccess('granted', 'https://a.test/x')).toBeNull();
    expect(describeHostAccess('refused', 'https://a.test/x')).toBe(
      'The browser did not allow Keyhole to access https://a.test. Keyhole tried anyway: this works only if that server allows it (CORS). If the call fails, click again and allow access.',
    );
    expect(describeHostAccess('pending', 'http://127.0.0.1:9000/')).toMatch(
      /^The browser is asking whether Keyhole may access http:\/\/127\.0\.0\.1:9000: answer its prompt/,
    );
    expect(describeHostAccess('unavailable', 'https://a.test')).toMatch(
      /could not ask the browser for access to https:\/\/a\.test/,
    );
  });

  it('after a call that worked anyway, explains why instead of asking to retry', () => {
    expect(describeHostAccess('granted', 'https://a.test', true)).toBeNull();
    expect(describeHostAccess('unavailable', 'https://a.test', true)).toBeNull();
    expect(describeHostAccess('pending', 'https://a.test', true)).toMatch(
      /prompt to let Keyhole access https:\/\/a\.test is still open\. This call worked without it/,
    );
    expect(describeHostAccess('refused', 'https://a.test', true)).toBe(
      'The browser did not allow Keyhole to access https://a.test, but this call worked anyway (that server allows cross-origin calls).',
    );
  });
});

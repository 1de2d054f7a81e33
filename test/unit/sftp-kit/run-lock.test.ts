import { describe, expect, it } from 'vitest';
import { holdRunLock, type RunLockState } from '../../../src/sftp-kit/run-lock.ts';
import { fakeLocks } from './fake-locks.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the run lock', () => {
  it('lets the first tab drive, makes the second wait, and hands over when the first closes', async () => {
    const locks = fakeLocks();
    const first: RunLockState[] = [];
    const second: RunLockState[] = [];
    const releaseFirst = holdRunLock((state) => first.push(state), locks);
    await flush();
    const releaseSecond = holdRunLock((state) => second.push(state), locks);
    await flush();
    expect(first).toEqual(['held']);
    expect(second).toEqual(['waiting']);
    releaseFirst();
    await flush();
    expect(second).toEqual(['waiting', 'held']);
    releaseSecond();
    await flush();
    expect(locks.holders()).toBe(0);
  });

  it('gives up its place in the queue when a waiting tab closes first', async () => {
    const locks = fakeLocks();
    const releaseFirst = holdRunLock(() => {}, locks);
    await flush();
    const second: RunLockState[] = [];
    holdRunLock((state) => second.push(state), locks)();
    await flush();
    releaseFirst();
    await flush();
    expect(second).toEqual(['waiting']);
    expect(locks.holders()).toBe(0);
  });

  it('drives alone where there are no Web Locks', () => {
    const states: RunLockState[] = [];
    holdRunLock((state) => states.push(state), null);
    expect(states).toEqual(['held']);
  });
});

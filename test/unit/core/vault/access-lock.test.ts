import { describe, expect, it } from 'vitest';
import { AccessLock } from '../../../../src/core/vault/access-lock.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('AccessLock', () => {
  it('lets shared holders overlap', async () => {
    const lock = new AccessLock();
    const events: string[] = [];
    const gate = deferred();
    const a = lock.shared(async () => {
      events.push('a start');
      await gate.promise;
      events.push('a end');
    });
    const b = lock.shared(async () => void events.push('b'));
    await b;
    gate.resolve();
    await a;
    expect(events).toEqual(['a start', 'b', 'a end']);
  });

  it('an exclusive holder waits for current shared holders and holds back new ones', async () => {
    const lock = new AccessLock();
    const events: string[] = [];
    const reading = deferred();
    const first = lock.shared(async () => {
      await reading.promise;
      events.push('shared before');
    });
    await tick();
    const exclusive = lock.exclusive(async () => {
      events.push('exclusive start');
      await tick();
      events.push('exclusive end');
    });
    const later = lock.shared(async () => void events.push('shared after'));
    await tick();
    expect(events).toEqual([]);
    reading.resolve();
    await Promise.all([first, exclusive, later]);
    expect(events).toEqual(['shared before', 'exclusive start', 'exclusive end', 'shared after']);
  });

  it('runs exclusive holders one at a time, in order, and carries on after one fails', async () => {
    const lock = new AccessLock();
    const events: string[] = [];
    const one = lock.exclusive(async () => {
      await tick();
      events.push('one');
      throw new Error('one failed');
    });
    const two = lock.exclusive(async () => void events.push('two'));
    await expect(one).rejects.toThrow('one failed');
    await two;
    expect(events).toEqual(['one', 'two']);
    expect(await lock.shared(async () => 'open again')).toBe('open again');
  });
});

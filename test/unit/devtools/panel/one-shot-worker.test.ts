import { afterEach, describe, expect, it } from 'vitest';
import { inOneShotWorker } from '../../../../src/devtools/panel/one-shot-worker.ts';

/** A stand-in Worker the test drives: what was posted, whether it was ended, and its reply or error. */
class FakeWorker {
  static last: FakeWorker | undefined;
  posted: unknown[] = [];
  terminated = false;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: { preventDefault(): void }) => void) | null = null;
  constructor() {
    FakeWorker.last = this;
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  reply(data: unknown) {
    this.onmessage?.({ data });
  }
  fail() {
    this.onerror?.({ preventDefault() {} });
  }
}

const real = (globalThis as { Worker?: unknown }).Worker;
afterEach(() => {
  (globalThis as { Worker?: unknown }).Worker = real;
  FakeWorker.last = undefined;
});

function withWorkers() {
  (globalThis as { Worker?: unknown }).Worker = FakeWorker;
  return () => new FakeWorker() as unknown as Worker;
}

const double = (reply: { ok: boolean; value: number }) => {
  if (!reply.ok) throw new Error('the job failed');
  return reply.value * 2;
};

describe('inOneShotWorker', () => {
  it('posts the job, reads the first reply and ends the worker', async () => {
    const start = withWorkers();
    const result = inOneShotWorker(start, { job: 1 }, double, () => -1);
    const worker = FakeWorker.last as FakeWorker;
    expect(worker.posted).toEqual([{ job: 1 }]);
    worker.reply({ ok: true, value: 21 });
    await expect(result).resolves.toBe(42);
    expect(worker.terminated).toBe(true);
  });

  it('hands the messages before the reply to `part`, keeping the worker until the reply', async () => {
    const start = withWorkers();
    const pieces: string[] = [];
    const part = (message: unknown) => {
      const piece = (message as { piece?: unknown }).piece;
      if (typeof piece !== 'string') return false;
      pieces.push(piece);
      return true;
    };
    const result = inOneShotWorker(
      start,
      {},
      (reply: { ok: boolean; value: number }) => `${pieces.join('')}${reply.value}`,
      () => '',
      part,
    );
    const worker = FakeWorker.last as FakeWorker;
    worker.reply({ piece: 'ab' });
    worker.reply({ piece: 'cd' });
    expect(worker.terminated).toBe(false);
    worker.reply({ ok: true, value: 5 });
    await expect(result).resolves.toBe('abcd5');
    expect(worker.terminated).toBe(true);
  });

  it('passes the job’s own failure on, not the page’s fallback', async () => {
    const start = withWorkers();
    const result = inOneShotWorker(start, {}, double, () => -1);
    FakeWorker.last?.reply({ ok: false, value: 0 });
    await expect(result).rejects.toThrow('the job failed');
  });

  it('does the job on the page when the worker script cannot run', async () => {
    const start = withWorkers();
    const result = inOneShotWorker(start, {}, double, () => 7);
    FakeWorker.last?.fail();
    await expect(result).resolves.toBe(7);
    expect(FakeWorker.last?.terminated).toBe(true);
  });

  it('does the job on the page when no worker can be made, or there are no workers at all', async () => {
    withWorkers();
    const refused = () => {
      throw new Error('SecurityError');
    };
    await expect(inOneShotWorker(refused, {}, double, () => 7)).resolves.toBe(7);
    (globalThis as { Worker?: unknown }).Worker = undefined;
    await expect(inOneShotWorker(refused, {}, double, async () => 8)).resolves.toBe(8);
  });
});

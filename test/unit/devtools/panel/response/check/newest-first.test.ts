import { describe, expect, it } from 'vitest';
import { newestFirst, type Started } from '../../../../../../src/devtools/panel/response/check/newest-first.ts';

/** A runner whose runs the test ends by hand, recording what started and what was stopped. */
function scriptedRunner() {
  const log: string[] = [];
  const runs: { job: string; finish: (result: string) => void; fail: (error: Error) => void }[] = [];
  const start = (job: string): Started<string> => {
    log.push(`start ${job}`);
    let finish!: (result: string) => void;
    let fail!: (error: Error) => void;
    const result = new Promise<string>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
    runs.push({ job, finish, fail });
    return {
      result,
      stop: () => {
        log.push(`stop ${job}`);
        fail(new Error('worker ended'));
      },
    };
  };
  const last = (job: string) => {
    const run = [...runs].reverse().find((item) => item.job === job);
    if (!run) throw new Error(`${job} never started`);
    return run;
  };
  return { start, log, last };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('newestFirst', () => {
  it('runs a lone job and gives its result', async () => {
    const runner = scriptedRunner();
    const submit = newestFirst(runner.start);
    const a = submit('a');
    runner.last('a').finish('A');
    await expect(a).resolves.toBe('A');
  });

  it('stops the running job for a newer one, then runs the stopped one again and gives it its own result', async () => {
    const runner = scriptedRunner();
    const submit = newestFirst(runner.start);
    const a = submit('a');
    const b = submit('b');
    await tick();
    expect(runner.log).toEqual(['start a', 'stop a', 'start b']);
    runner.last('b').finish('B');
    await expect(b).resolves.toBe('B');
    await tick();
    expect(runner.log.at(-1)).toBe('start a');
    runner.last('a').finish('A');
    await expect(a).resolves.toBe('A');
  });

  it('after the newest, runs the waiting ones newest first', async () => {
    const runner = scriptedRunner();
    const submit = newestFirst(runner.start);
    const results: string[] = [];
    for (const job of ['a', 'b', 'c']) void submit(job).then((result) => results.push(result));
    runner.last('c').finish('C');
    await tick();
    runner.last('b').finish('B');
    await tick();
    runner.last('a').finish('A');
    await tick();
    expect(results).toEqual(['C', 'B', 'A']);
  });

  it('passes a job’s own failure on, and goes on with the next', async () => {
    const runner = scriptedRunner();
    const submit = newestFirst(runner.start);
    const a = submit('a');
    const b = submit('b');
    runner.last('b').fail(new Error('Unexpected token'));
    await expect(b).rejects.toThrow('Unexpected token');
    await tick();
    runner.last('a').finish('A');
    await expect(a).resolves.toBe('A');
  });

  it('refuses the oldest waiting job beyond the limit, saying why', async () => {
    const runner = scriptedRunner();
    const submit = newestFirst(runner.start, 2);
    const a = submit('a');
    submit('b');
    submit('c');
    const d = submit('d');
    await expect(a).rejects.toThrow(/Not compared: 3 newer responses came in/);
    runner.last('d').finish('D');
    await expect(d).resolves.toBe('D');
  });

  it('survives a runner that throws when starting', async () => {
    const submit = newestFirst<string, string>((job) => {
      if (job === 'bad') throw new Error('no workers here');
      return { result: Promise.resolve(job.toUpperCase()), stop() {} };
    });
    await expect(submit('bad')).rejects.toThrow('no workers here');
    await expect(submit('ok')).resolves.toBe('OK');
  });
});

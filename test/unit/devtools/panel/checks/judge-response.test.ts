/**
 * The checks' worker as the page drives it (judge-response.ts), with a stand-in Worker class: the real worker script
 * runs the same evaluateChecks the run-collection tests cover; here what matters is the message flow when a job
 * never comes back (a jq check spending its whole allowance) and the Runner is stopped.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestChecks } from '../../../../../src/core/workbench/run/checks.ts';
import { evaluateChecks, type ObservedResponse } from '../../../../../src/core/workbench/run/evaluate-checks.ts';
import type { ChecksJob, ChecksReply } from '../../../../../src/devtools/panel/checks/judge-response.ts';

/** A worker that answers only when told to: `hostile` jobs never. */
class FakeWorker {
  static started: FakeWorker[] = [];
  onmessage: ((event: { data: ChecksReply }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  received: ChecksJob[] = [];
  terminated = false;
  constructor() {
    FakeWorker.started.push(this);
  }
  postMessage(job: ChecksJob) {
    this.received.push(job);
    const hostile = job.checks.assertions.some((assertion) => assertion.kind === 'jq' && assertion.expression === 'h');
    if (hostile) return;
    queueMicrotask(() => {
      if (!this.terminated)
        this.onmessage?.({
          data: { id: job.id, ok: true, outcomes: evaluateChecks(job.checks, job.response, job.endpoint) },
        });
    });
  }
  terminate() {
    this.terminated = true;
  }
}

const response: ObservedResponse = { status: 200, durationMs: 1, headers: [], body: '{"a":1}' };
const endpoint = { method: 'GET', pathTemplate: '/v2/self' };
const checksOf = (expression: string): RequestChecks => ({
  assertions: [{ kind: 'jq', expression, op: 'exists', expected: '' }],
  captures: [],
});

describe('judgeChecks in the checks’ worker', () => {
  beforeEach(() => {
    FakeWorker.started = [];
    vi.stubGlobal('Worker', FakeWorker);
    vi.resetModules();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('gives up on a hostile job when the run stops: that worker is ended, a job waiting behind it goes to a new one', async () => {
    class Serial extends FakeWorker {
      // One job at a time, as a real worker: nothing after a hostile job is answered.
      private stuck = false;
      override postMessage(job: ChecksJob) {
        if (this.stuck) {
          this.received.push(job);
          return;
        }
        if (job.checks.assertions.some((assertion) => assertion.kind === 'jq' && assertion.expression === 'h'))
          this.stuck = true;
        super.postMessage(job);
      }
    }
    vi.stubGlobal('Worker', Serial);
    const { judgeChecks } = await import('../../../../../src/devtools/panel/checks/judge-response.ts');
    const controller = new AbortController();
    const hostile = judgeChecks(checksOf('h'), response, endpoint, controller.signal);
    const queued = judgeChecks(checksOf('.a'), response, endpoint);
    controller.abort();
    await expect(hostile).rejects.toThrow('Stopped');
    expect((await queued).assertions[0]?.pass).toBe(true);
    expect(FakeWorker.started).toHaveLength(2);
    expect(FakeWorker.started[0]?.terminated).toBe(true);
    expect(FakeWorker.started[1]?.received.map((job) => job.checks.assertions[0])).toEqual([
      { kind: 'jq', expression: '.a', op: 'exists', expected: '' },
    ]);
  });

  it('a judgement asked after the stop is not started', async () => {
    const { judgeChecks } = await import('../../../../../src/devtools/panel/checks/judge-response.ts');
    const controller = new AbortController();
    controller.abort();
    await expect(judgeChecks(checksOf('.a'), response, endpoint, controller.signal)).rejects.toThrow('Stopped');
    expect(FakeWorker.started.flatMap((worker) => worker.received)).toEqual([]);
  });
});

// @vitest-environment happy-dom
/**
 * The response filter's worker as the page drives it (jq-filter-off-thread.ts), with a stand-in Worker class that
 * does what jq-filter.worker.ts does (parse the source once, keep it, filter): which body the worker keeps, and when
 * it lets go of it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runJqFilter } from '../../../../../src/core/workbench/jq-filter.ts';
import type {
  JqFilterReply,
  JqFilterRequest,
} from '../../../../../src/devtools/panel/response/jq-filter-off-thread.ts';
import { mount, settle, textOf, unmountAll, waitFor } from '../../../support/dom.ts';

class FakeWorker {
  static started: FakeWorker[] = [];
  onmessage: ((event: { data: JqFilterReply }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  received: JqFilterRequest[] = [];
  kept: { body: number; value: unknown } | undefined;
  terminated = false;
  constructor() {
    FakeWorker.started.push(this);
  }
  postMessage(request: JqFilterRequest) {
    this.received.push(request);
    if (typeof request.source === 'string') this.kept = { body: request.body, value: JSON.parse(request.source) };
    queueMicrotask(() => {
      if (this.terminated) return;
      const result =
        this.kept?.body === request.body
          ? runJqFilter(request.filter, this.kept.value)
          : { ok: false as const, message: 'The body to filter was not received.', offset: 0 };
      this.onmessage?.({ data: { run: request.run, result } });
    });
  }
  terminate() {
    this.terminated = true;
    this.kept = undefined;
  }
}

const BODY = '{"items":[{"id":1},{"id":2}]}';

describe('runJqFilterOffThread', () => {
  beforeEach(() => {
    FakeWorker.started = [];
    vi.stubGlobal('Worker', FakeWorker);
    vi.resetModules();
  });
  afterEach(() => {
    unmountAll();
    vi.unstubAllGlobals();
  });

  it('keeps a body for the next filters, and lets go of it (worker and page) when no filter is applied', async () => {
    const { runJqFilterOffThread, releaseJqFilterBody } = await import(
      '../../../../../src/devtools/panel/response/jq-filter-off-thread.ts'
    );
    const value = JSON.parse(BODY);
    expect(await runJqFilterOffThread('.items[].id', value, BODY)).toMatchObject({ ok: true, values: [1, 2] });
    expect(await runJqFilterOffThread('.items | length', value, BODY)).toMatchObject({ ok: true, values: [2] });
    const [first] = FakeWorker.started;
    expect(first?.received.map((request) => request.source !== undefined)).toEqual([true, false]);

    // Another body's release does not touch this one.
    releaseJqFilterBody(JSON.parse(BODY));
    expect(first?.terminated).toBe(false);
    releaseJqFilterBody(value);
    expect(first?.terminated).toBe(true);

    // The next filter of that body sends it again, to a new worker.
    expect(await runJqFilterOffThread('.items[0].id', value, BODY)).toMatchObject({ ok: true, values: [1] });
    expect(FakeWorker.started).toHaveLength(2);
    expect(FakeWorker.started[1]?.received[0]?.source).toBe(BODY);
  });

  it('a newer filter supersedes a running one (undefined, never a stale result); a release leaves a run alone', async () => {
    const { runJqFilterOffThread, releaseJqFilterBody } = await import(
      '../../../../../src/devtools/panel/response/jq-filter-off-thread.ts'
    );
    const value = JSON.parse(BODY);
    const older = runJqFilterOffThread('.items[0]', value, BODY);
    releaseJqFilterBody(value);
    expect(FakeWorker.started[0]?.terminated).toBe(false);
    const newer = runJqFilterOffThread('.items[1].id', value, BODY);
    expect(await older).toBeUndefined();
    expect(await newer).toMatchObject({ ok: true, values: [2] });
  });

  it('the filter bar: nothing is sent before the body is parsed; the worker lets go of the body when the view goes', async () => {
    const { useJsonFilter } = await import('../../../../../src/devtools/panel/response/JsonFilterBar.tsx');
    function Filtered({ value }: { value: unknown }) {
      const filtered = useJsonFilter(value, BODY, '.items[1].id');
      return <output>{`${filtered.note ?? ''} ${JSON.stringify(filtered.value)}`}</output>;
    }
    const pending = mount(<Filtered value={undefined} />);
    await settle(300);
    expect(FakeWorker.started).toEqual([]);
    pending.unmount();

    const value = JSON.parse(BODY);
    const view = mount(<Filtered value={value} />);
    await waitFor(() => expect(textOf(view.root)).toBe('1 result 2'));
    const [worker] = FakeWorker.started;
    expect(worker?.terminated).toBe(false);
    view.unmount();
    expect(worker?.terminated).toBe(true);
  });
});

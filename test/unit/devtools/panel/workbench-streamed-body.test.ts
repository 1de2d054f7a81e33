import { describe, expect, it, vi } from 'vitest';
import type { BodyEnd, SendRequest } from '../../../../src/core/protocol.ts';
import { bodyLoadOf, loadedBodyOf } from '../../../../src/devtools/panel/response/body-registry.ts';
import { createWorkbench } from '../../../../src/devtools/panel/workbench.ts';
import { attachBodyStream, claimBodyStream } from '../../../../src/ui/body-stream.ts';
import { createFakeServices, jsonResponse } from '../fake-services.ts';

const ITEMS = Array.from({ length: 2000 }, (_, index) => ({ id: index, name: `load-test-${index}` }));
const TEXT = JSON.stringify(ITEMS);
const BYTES = new TextEncoder().encode(TEXT);

/** A worker that streams the body of every call whose page asked for it, as send() does (src/ui/send.ts). */
function streamingServices() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let end: (value: BodyEnd) => void = () => undefined;
  const fake = createFakeServices((request: SendRequest) => {
    const response = { ...jsonResponse(request, null), size: 262_144, durationMs: 5 };
    response.body = { kind: 'text', text: '', truncated: false };
    if (claimBodyStream(request.requestId)) {
      const ended = new Promise<BodyEnd>((resolve) => {
        end = resolve;
      });
      attachBodyStream(response, {
        body: new ReadableStream({
          start: (c) => {
            controller = c;
          },
        }),
        end: () => ended,
      });
    }
    return response;
  });
  return {
    ...fake,
    push: (bytes: Uint8Array) => controller.enqueue(bytes),
    close: () => controller.close(),
    end: (value: BodyEnd) => end(value),
  };
}

describe('a body streamed to the workbench', () => {
  it('shows the response at once, then the whole body with its real size, and records that in history', async () => {
    const { services, push, close, end } = streamingServices();
    const workbench = createWorkbench(services);
    await workbench.ready;
    workbench.edit((draft) => ({ ...draft, method: 'GET', path: '/v2/self' }));
    const sending = workbench.send();
    // The response is there while its body is still arriving: the viewer reads it from the load.
    const first = await vi.waitFor(() => {
      const run = workbench.run.get();
      if (run.phase !== 'done') throw new Error(run.phase);
      return run.response;
    });
    const load = bodyLoadOf(first);
    expect(load).toBeDefined();
    push(BYTES.slice(0, 3000));
    await vi.waitFor(() =>
      expect((load?.progress.get().json?.root as unknown[] | undefined)?.length).toBeGreaterThan(10),
    );
    push(BYTES.slice(3000));
    close();
    end({ size: BYTES.byteLength, truncated: false, durationMs: 321 });
    await sending;
    const run = workbench.run.get();
    if (run.phase !== 'done') throw new Error(run.phase);
    expect(run.response).not.toBe(first);
    expect(run.response).toMatchObject({
      size: BYTES.byteLength,
      durationMs: 321,
      body: { kind: 'text', text: TEXT, truncated: false },
    });
    expect(bodyLoadOf(run.response)).toBeUndefined();
    expect(loadedBodyOf(run.response)?.value).toEqual(ITEMS);
    expect(loadedBodyOf(run.response)?.blob.size).toBe(BYTES.byteLength);
    // History records the call once it has been compared with the description, which loads the description first.
    await vi.waitFor(
      async () => {
        const [entry] = await services.history.list();
        expect(entry).toMatchObject({ size: BYTES.byteLength, durationMs: 321, hasBody: true });
      },
      { timeout: 10_000 },
    );
    workbench.dispose();
  });

  it('Esc while it arrives stops it: the call is cancelled upstream and the run says so', async () => {
    const { services, push, calls } = streamingServices();
    const workbench = createWorkbench(services);
    await workbench.ready;
    workbench.edit((draft) => ({ ...draft, method: 'GET', path: '/v2/self' }));
    const sending = workbench.send();
    await vi.waitFor(() => expect(workbench.run.get().phase).toBe('done'));
    push(BYTES.slice(0, 3000));
    await workbench.cancel();
    await sending;
    const run = workbench.run.get();
    expect(run.phase).toBe('failed');
    expect(run.phase === 'failed' && run.error).toMatchObject({ code: 'cancelled', message: /3,000 bytes received/ });
    expect(calls.filter((call) => call.name === 'request/cancel')).toHaveLength(1);
    workbench.dispose();
  });
});

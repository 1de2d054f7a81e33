/**
 * Firefox only: runs the background's API fetches on a worker thread (see upstream-fetch.ts for why). It does
 * nothing but fetch and hand the body over chunk by chunk, each when the main side asks for it; signing, limits and
 * everything else stay in the background.
 */
import type { FromUpstreamWorker, ToUpstreamWorker } from './upstream-fetch-protocol.ts';

const scope = globalThis as unknown as {
  postMessage(message: FromUpstreamWorker, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToUpstreamWorker>) => void): void;
};

interface Running {
  controller: AbortController;
  reader?: ReadableStreamDefaultReader<Uint8Array>;
}

const running = new Map<number, Running>();

function fail(id: number, error: unknown): void {
  running.delete(id);
  const { name, message } = error instanceof Error ? error : { name: 'TypeError', message: String(error) };
  scope.postMessage({ type: 'error', id, name, message });
}

async function start(id: number, url: string, init: ToUpstreamWorker & { type: 'fetch' }): Promise<void> {
  const entry: Running = { controller: new AbortController() };
  running.set(id, entry);
  try {
    const response = await fetch(url, {
      method: init.init.method,
      headers: init.init.headers,
      ...(init.init.body !== undefined ? { body: init.init.body } : {}),
      signal: entry.controller.signal,
      credentials: 'omit',
      cache: 'no-store',
      redirect: 'manual',
    });
    if (!running.has(id)) return;
    entry.reader = response.body?.getReader();
    scope.postMessage({
      type: 'head',
      id,
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      responseType: response.type,
      hasBody: entry.reader !== undefined,
    });
    if (!entry.reader) running.delete(id);
  } catch (error) {
    fail(id, error);
  }
}

async function pull(id: number): Promise<void> {
  const reader = running.get(id)?.reader;
  if (!reader) return;
  try {
    const { done, value } = await reader.read();
    if (done) {
      running.delete(id);
      scope.postMessage({ type: 'done', id });
      return;
    }
    // Moved, not copied: a chunk that views part of a larger buffer is copied out first.
    const whole = value.byteOffset === 0 && value.byteLength === value.buffer.byteLength;
    const bytes = (whole ? value : value.slice()) as Uint8Array<ArrayBuffer>;
    scope.postMessage({ type: 'chunk', id, bytes }, [bytes.buffer]);
  } catch (error) {
    fail(id, error);
  }
}

scope.addEventListener('message', ({ data }) => {
  if (data.type === 'fetch') void start(data.id, data.url, data);
  else if (data.type === 'pull') void pull(data.id);
  else {
    const entry = running.get(data.id);
    running.delete(data.id);
    entry?.controller.abort();
    entry?.reader?.cancel().catch(() => undefined);
  }
});

/**
 * Firefox only: runs the background's API fetches on a worker thread (see upstream-fetch.ts for why). It does
 * nothing but fetch and hand the body over chunk by chunk, each when the main side asks for it; signing, limits and
 * everything else stay in the background.
 *
 * Firefox's fetch takes a body off the network as fast as the server sends it, whatever the reader does: unread, it
 * piles up in this thread's memory. So the body is read here as it comes, counted, and the fetch cancelled once more
 * than the caller's cap has come (a hostile server's endless body, or one the page reads slower than it arrives,
 * would otherwise fill memory until the timeout). The main side still gets it one chunk per pull, and cuts it at
 * the cap itself.
 */
import type { FromUpstreamWorker, ToUpstreamWorker } from './upstream-fetch-protocol.ts';

const scope = globalThis as unknown as {
  postMessage(message: FromUpstreamWorker, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToUpstreamWorker>) => void): void;
};

interface Running {
  controller: AbortController;
  reader?: ReadableStreamDefaultReader<Uint8Array>;
  /** Read ahead, not yet asked for. */
  queue: Uint8Array[];
  /** How the body ended, once it has (read whole, cut past the cap, or failed). */
  ended?: { error?: unknown };
  /** The main side asked for a chunk that had not come yet. */
  asked: boolean;
}

const running = new Map<number, Running>();

function fail(id: number, error: unknown): void {
  running.delete(id);
  const { name, message } = error instanceof Error ? error : { name: 'TypeError', message: String(error) };
  scope.postMessage({ type: 'error', id, name, message });
}

async function start(id: number, url: string, init: ToUpstreamWorker & { type: 'fetch' }): Promise<void> {
  const entry: Running = { controller: new AbortController(), queue: [], asked: false };
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
    else void readAhead(id, entry, entry.reader, init.maxBytes ?? Number.POSITIVE_INFINITY);
  } catch (error) {
    fail(id, error);
  }
}

/** Reads the body as it arrives, up to just past `maxBytes`, each chunk handed over when asked for. */
async function readAhead(
  id: number,
  entry: Running,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  maxBytes: number,
): Promise<void> {
  let received = 0;
  try {
    while (received <= maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      entry.queue.push(value);
      if (entry.asked) hand(id, entry);
    }
    // Past the cap: the rest is never taken off the network.
    if (received > maxBytes) reader.cancel().catch(() => undefined);
    entry.ended = {};
  } catch (error) {
    entry.ended = { error };
  }
  if (entry.asked) hand(id, entry);
}

/** One chunk to the main side, or how the body ended once none is left; else it waits for the next. */
function hand(id: number, entry: Running): void {
  if (running.get(id) !== entry) return;
  const value = entry.queue.shift();
  entry.asked = !value && !entry.ended;
  if (value) {
    // Moved, not copied: a chunk that views part of a larger buffer is copied out first.
    const whole = value.byteOffset === 0 && value.byteLength === value.buffer.byteLength;
    const bytes = (whole ? value : value.slice()) as Uint8Array<ArrayBuffer>;
    scope.postMessage({ type: 'chunk', id, bytes }, [bytes.buffer]);
  } else if (entry.ended?.error !== undefined) fail(id, entry.ended.error);
  else if (entry.ended) {
    running.delete(id);
    scope.postMessage({ type: 'done', id });
  }
}

scope.addEventListener('message', ({ data }) => {
  const entry = running.get(data.id);
  if (data.type === 'fetch') void start(data.id, data.url, data);
  else if (data.type === 'pull') {
    if (entry?.reader) hand(data.id, entry);
  } else {
    running.delete(data.id);
    entry?.controller.abort();
    entry?.reader?.cancel().catch(() => undefined);
  }
});

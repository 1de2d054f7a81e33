import { BODY_PORT_NAME, type BodyPortReport, readBodyPortCommand } from '../core/body-port.ts';
import { documentCaller, pageCaller } from '../core/page-key.ts';
import type { HeldBodyEnd } from '../core/protocol.ts';
import { endOf, type StoredBody, takeBodyForPage } from './deferred-bodies.ts';
import { type Browser, browser } from './extension-api.ts';

/**
 * Serves the body port (core/body-port.ts), Firefox's route for large bodies: the page that sent the request opens
 * it with the body's id, and gets the bytes chunk by chunk, each as the page grants credit for it. Only this
 * extension's pages may connect, and a body goes only to the page it is held for, once. A port the page closes
 * (Stop receiving, the panel closed) cancels the body upstream.
 */

/**
 * The largest chunk posted: a body read whole is cut into chunks of this size, and so is an upstream chunk larger
 * than it (Firefox's fetch hands over everything it has buffered, 10 MB at once for a 20 MB body): the first
 * screen needs only the first one, and each message stays a short copy.
 */
const CHUNK_BYTES = 256 * 1024;
const GONE = 'This response body is no longer held by the background; send the request again.';

/** The held body as chunks, read one at a time. */
interface ChunkSource {
  next(): Promise<Uint8Array<ArrayBuffer> | undefined>;
  ending(): Promise<HeldBodyEnd | undefined>;
  cancel(): void;
}

function sourceOf(body: StoredBody): ChunkSource {
  if ('bytes' in body) {
    let at = 0;
    const { bytes } = body;
    return {
      next: async () => {
        if (at >= bytes.byteLength) return undefined;
        const chunk = bytes.slice(at, at + CHUNK_BYTES);
        at += CHUNK_BYTES;
        return chunk;
      },
      ending: async () => undefined,
      cancel: () => undefined,
    };
  }
  const reader = body.stream.getReader();
  let rest: Uint8Array | undefined;
  let at = 0;
  return {
    next: async () => {
      try {
        if (!rest || at >= rest.byteLength) {
          const { done, value } = await reader.read();
          if (done) return undefined;
          rest = value;
          at = 0;
        }
        // A copy, never a view: a view would be cloned with the whole buffer behind it.
        const chunk = rest.slice(at, at + CHUNK_BYTES);
        at += CHUNK_BYTES;
        return chunk;
      } catch {
        // The upstream read failed (size cap, timeout, network, cancel): the ending says why.
        return undefined;
      }
    },
    ending: () => endOf(body.end),
    cancel: () => {
      reader.cancel().catch(() => undefined);
    },
  };
}

export function listenForBodyPorts(): void {
  browser.runtime.onConnect.addListener((port: Browser.Runtime.Port) => {
    if (port.name !== BODY_PORT_NAME) return;
    const sender = port.sender;
    if (sender?.id !== browser.runtime.id || !sender.url?.startsWith(browser.runtime.getURL(''))) {
      port.disconnect();
      return;
    }
    let source: ChunkSource | undefined;
    let credit = 0;
    let pumping = false;
    let closed = false;
    const post = (report: BodyPortReport) => {
      if (!closed) port.postMessage(report);
    };
    const close = () => {
      if (closed) return;
      closed = true;
      source?.cancel();
      port.disconnect();
    };
    // One chunk per credit, in order; the page closes the port once it has the end.
    const pump = async () => {
      if (pumping || !source) return;
      pumping = true;
      try {
        while (credit > 0 && !closed) {
          const chunk = await source.next();
          if (closed) return;
          if (!chunk) {
            const ending = await source.ending();
            post(ending ? { type: 'end', ending } : { type: 'end' });
            return;
          }
          credit--;
          post({ type: 'chunk', bytes: chunk });
        }
      } catch {
        // The page went away mid-post.
        close();
      } finally {
        pumping = false;
      }
    };
    port.onDisconnect.addListener(() => {
      closed = true;
      source?.cancel();
    });
    port.onMessage.addListener((message: unknown) => {
      const command = readBodyPortCommand(message);
      if (!command || (command.type === 'open') === (source !== undefined)) return close();
      if (command.type === 'open') {
        const body = takeBodyForPage(
          command.id,
          sender.url,
          command.page ? pageCaller(command.page) : documentCaller(sender),
        );
        if (!body) {
          post({ type: 'gone', message: GONE });
          return close();
        }
        source = sourceOf(body);
        credit = command.credit;
      } else credit++;
      void pump();
    });
  });
}

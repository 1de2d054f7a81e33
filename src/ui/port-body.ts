import browser from 'webextension-polyfill';
import { BODY_PORT_NAME, BODY_PORT_WINDOW, type BodyPortCommand, type BodyPortReport } from '../core/body-port.ts';
import { KeyholeError } from '../core/errors.ts';
import type { HeldBodyEnd } from '../core/protocol.ts';
import type { BodyStream } from './body-stream.ts';
import { PAGE_KEY } from './page-key.ts';

/**
 * Reads a large body the Firefox background holds, on the body port (core/body-port.ts), as a stream: a chunk is
 * asked for each time the reader takes one, with a few ahead, so the background reads upstream no faster than this
 * page does (the panel's first screen pauses reading until it is painted). Cancelling the stream closes the port,
 * which cancels the body upstream.
 */
export function openPortBody(id: string): BodyStream {
  const { body, ending } = connect(id);
  return {
    body,
    async end() {
      const ended = await ending;
      if (!ended) throw new KeyholeError('not-found', GONE);
      if (!ended.ok) throw new KeyholeError(ended.error.code, ended.error.message, ended.error);
      return ended.end;
    },
  };
}

/** Reads a held body whole (for a page that did not ask to read it as it arrives): its bytes, and how it ended. */
export async function readPortBody(id: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; ending?: HeldBodyEnd }> {
  const { body, ending } = connect(id);
  const bytes = new Uint8Array(await new Response(body).arrayBuffer());
  const ended = await ending;
  return ended ? { bytes, ending: ended } : { bytes };
}

const GONE = 'The background stopped while handing this body over; send the request again.';

/** The body's bytes, and how it ended: undefined for a body the background had read whole, or one cut short. */
function connect(id: string): { body: ReadableStream<Uint8Array>; ending: Promise<HeldBodyEnd | undefined> } {
  const port = browser.runtime.connect({ name: BODY_PORT_NAME });
  const arrived: Uint8Array[] = [];
  let wake: (() => void) | undefined;
  let finished = false;
  let failure: KeyholeError | undefined;
  let settle!: (ending: HeldBodyEnd | undefined) => void;
  const ended = new Promise<HeldBodyEnd | undefined>((resolve) => {
    settle = resolve;
  });
  const command = (message: BodyPortCommand) => {
    try {
      port.postMessage(message);
    } catch {
      // The port closed: onDisconnect says so to the reader.
    }
  };
  // A page left mid-body lets go of it at once: the background stops reading upstream, and nothing answers into a
  // page Firefox has already made inactive.
  const leave = () => stop();
  globalThis.addEventListener?.('pagehide', leave);
  const stop = (error?: KeyholeError) => {
    if (finished) return;
    finished = true;
    globalThis.removeEventListener?.('pagehide', leave);
    failure = error;
    if (error) settle({ ok: false, error: error.toData() });
    wake?.();
    port.disconnect();
  };
  port.onMessage.addListener((message: unknown) => {
    const report = message as BodyPortReport;
    if (report.type === 'chunk') arrived.push(report.bytes);
    else if (report.type === 'end') {
      settle(report.ending);
      stop();
    } else stop(new KeyholeError('not-found', report.message));
    wake?.();
  });
  port.onDisconnect.addListener(() => {
    // Closed before the end: the background was unloaded or restarted, and the body with it.
    if (!finished) stop(new KeyholeError('not-found', GONE));
    settle(undefined);
  });
  command({ type: 'open', id, credit: BODY_PORT_WINDOW, page: PAGE_KEY });

  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        while (arrived.length === 0 && !finished) await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        const chunk = arrived.shift();
        if (chunk) {
          controller.enqueue(chunk);
          // One more for the one taken: the background stays BODY_PORT_WINDOW chunks ahead.
          if (!finished) command({ type: 'more' });
        } else if (failure) controller.error(failure);
        else controller.close();
      },
      cancel() {
        stop();
        settle(undefined);
      },
    },
    { highWaterMark: 0 },
  );
  return { body, ending: ended };
}

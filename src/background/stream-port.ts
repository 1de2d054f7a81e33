import { KeyholeError, toErrorData } from '../core/errors.ts';
import { STREAM_PORT_NAME, type StreamReport, validateStreamCommand } from '../core/streams/stream-port.ts';
import { runEventSocket } from './event-socket.ts';
import { type Browser, browser } from './extension-api.ts';
import { runLogStream } from './log-stream.ts';
import { whenStorageReady } from './migrations/index.ts';

/**
 * Streams live on a port (core/streams/stream-port.ts): one port, one stream. The worker stays up for as long as the
 * panel shows it because every port message resets a service worker's idle timer (Chrome 110+): the panel pings
 * every 20 s, and the worker's own posts of lines and socket activity (Chrome 116+) count too. Closing the panel
 * disconnects the port, which stops the stream; a worker restart disconnects it too, and the panel reopens it with
 * its cursor.
 */
export function listenForStreams(): void {
  browser.runtime.onConnect.addListener((port: Browser.Runtime.Port) => {
    if (port.name !== STREAM_PORT_NAME) return;
    if (port.sender?.id !== browser.runtime.id) return port.disconnect();
    const stop = new AbortController();
    let opened = false;
    const post = (report: StreamReport) => {
      if (stop.signal.aborted) return;
      try {
        port.postMessage(report);
      } catch (error) {
        // A message the port refuses (over 64 MB in Chromium) stops the stream: the panel is told why, in a
        // message small enough to pass, rather than left showing a live stream that no longer moves.
        stop.abort();
        try {
          port.postMessage({
            type: 'failed',
            error: new KeyholeError(
              'too-large',
              `Keyhole could not pass the stream's data to this page (${error instanceof Error ? error.message : String(error)}); the stream stopped.`,
            ).toData(),
          } satisfies StreamReport);
        } catch {
          // The page is gone.
        }
      }
    };
    const fail = (error: unknown) => {
      post({ type: 'failed', error: toErrorData(error) });
      stop.abort();
      port.disconnect();
    };
    port.onDisconnect.addListener(() => stop.abort());
    port.onMessage.addListener((message: unknown) => {
      let command: ReturnType<typeof validateStreamCommand>;
      try {
        command = validateStreamCommand(message);
      } catch (error) {
        return fail(error);
      }
      if (command.type === 'ping') return;
      if (command.type === 'close') {
        stop.abort();
        return port.disconnect();
      }
      if (opened) return fail(new KeyholeError('invalid-input', 'This port already holds a stream.'));
      opened = true;
      const run = command.kind === 'events' ? runEventSocket : runLogStream;
      // As for messages (dispatch.ts): nothing starts before stored records are in this build's format, and
      // nothing at all when they belong to a newer build (a 401 would otherwise rewrite its session record).
      whenStorageReady()
        .then(() => run(command, post, stop.signal))
        .then(() => stop.abort(), fail);
    });
  });
}

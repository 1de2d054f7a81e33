import { CALL_PORT_NAME, type CallAnswer, isCallFrame } from '../core/call-port.ts';
import { KeyholeError } from '../core/errors.ts';
import { documentCaller, isPageFrame, pageCaller } from '../core/page-key.ts';
import { dispatch } from './dispatch.ts';
import { type Browser, browser } from './extension-api.ts';

/**
 * The pages' call port (core/call-port.ts): each frame is answered like a runtime message, on the same port. Only
 * this extension's own pages may connect; a frame that is not one ends the port, as a page sending it is broken or
 * hostile. A port that closed before its answer (the page went away) simply gets none.
 */
export function listenForCalls(): void {
  const answer = (port: Browser.Runtime.Port) => {
    if (port.name !== CALL_PORT_NAME) return;
    const sender = port.sender;
    if (sender?.id !== browser.runtime.id || !sender.url?.startsWith(browser.runtime.getURL(''))) {
      port.disconnect();
      return;
    }
    const context = { senderUrl: sender.url, caller: documentCaller(sender) };
    let registered = false;
    port.onMessage.addListener((frame: unknown) => {
      const receivedAt = performance.now();
      // The page's key, once, before its first call (core/page-key.ts): its held bodies are bound to it.
      if (!registered && isPageFrame(frame)) {
        registered = true;
        context.caller = pageCaller(frame.page);
        return;
      }
      registered = true;
      if (!isCallFrame(frame)) {
        port.disconnect();
        return;
      }
      // A long call (a slow server, up to its 10 min timeout) gets no message meanwhile to keep the worker up.
      if (!underWay++) pulse = setInterval(keepAlive, 5000);
      dispatch(frame.envelope, { ...context, receivedAt }).then((reply) => {
        if (!--underWay) clearInterval(pulse);
        try {
          port.postMessage({ id: frame.id, reply } satisfies CallAnswer);
        } catch (error) {
          // An answer the browser cannot carry (over 64 MB in Chromium) must still end the page's wait; a port the
          // page closed meanwhile throws again here, and then nobody is waiting for this answer.
          const cause = error instanceof Error ? error.message : String(error);
          const refused = new KeyholeError(
            'too-large',
            'The call went through, but its answer could not be handed to this page.',
            { detail: cause },
          );
          try {
            port.postMessage({ id: frame.id, reply: { ok: false, error: refused.toData() } } satisfies CallAnswer);
          } catch {}
        }
      });
    });
  };
  browser.runtime.onConnect.addListener(answer);
  // Chrome: a page's own channel to this worker, handed to it as the page's controller (src/ui/worker-channel.ts),
  // answered as a port. Its clients are this extension's own documents only; their URL is checked all the same.
  if (import.meta.env.MODE !== 'firefox' && typeof ServiceWorkerGlobalScope < 'u')
    addEventListener('message', (event) => {
      const { ports, source } = event as MessageEvent;
      const channel = ports[0];
      const client = source as Client | null;
      // The client's id names the document, as `sender.documentId` does on a port, for a page that sent no key.
      if (channel)
        answer({
          name: CALL_PORT_NAME,
          sender: { id: browser.runtime.id, url: client?.url, documentId: client?.id },
          onMessage: {
            addListener: (listener: (message: unknown) => void) =>
              (channel.onmessage = (message) => {
                keepAlive();
                listener(message.data);
              }),
          },
          postMessage: (message: unknown) => channel.postMessage(message),
          // Nothing more is answered on it, not even what the page had already posted.
          disconnect: () => {
            channel.onmessage = null;
            channel.close();
          },
        } as never);
    });
}

let keptAlive = 0;
/** Calls under way on any line, and the timer keeping the worker up while there are some. */
let underWay = 0;
let pulse: ReturnType<typeof setInterval> | undefined;

/**
 * A channel's messages, unlike extension messages, do not reset the worker's 30 s idle timer, nor does a fetch
 * waiting for its server: calling an extension API does (Chrome's service-worker lifecycle). Once in a while, so a
 * worker busy with a page's calls is not stopped under them.
 */
function keepAlive(): void {
  if (Date.now() - keptAlive < 5000) return;
  keptAlive = Date.now();
  browser.runtime.getPlatformInfo().catch(() => undefined);
}

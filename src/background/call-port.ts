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
  browser.runtime.onConnect.addListener((port: Browser.Runtime.Port) => {
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
      dispatch(frame.envelope, { ...context, receivedAt }).then((reply) => {
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
  });
}

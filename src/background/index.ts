import { KeyholeError, toErrorData } from '../core/errors.ts';
import { isMessageName, validateMessage } from '../core/message-validation.ts';
import { isEnvelope, type Reply } from '../core/protocol.ts';
import { listenForBodyFetches } from './deferred-bodies.ts';
import { type Browser, browser } from './extension-api.ts';
import { handlers } from './handlers.ts';
import { listenForStreams } from './stream-port.ts';
import { warmUp } from './warm-start.ts';

// The worker is a thin pipe: every page message goes to one handler of the typed map.
// sendResponse + `return true` keeps the channel open in both Chrome and Firefox (Chrome ignores a returned promise).
browser.runtime.onMessage.addListener(((
  message: unknown,
  sender: Browser.Runtime.MessageSender,
  sendResponse: (reply: Reply<unknown>) => void,
) => {
  if (!isEnvelope(message) || sender.id !== browser.runtime.id) return false;
  const { name } = message;
  // Own names only: `__proto__` or `constructor` must not reach what every object inherits.
  if (!isMessageName(name) || !Object.hasOwn(handlers, name)) {
    sendResponse({
      ok: false,
      error: new KeyholeError('invalid-input', `Unknown message “${name.slice(0, 60)}”.`).toData(),
    });
    return false;
  }
  const context = sender.url ? { senderUrl: sender.url } : {};
  // Validation and a handler's synchronous throw become a reply too: the listener itself never throws.
  new Promise<unknown>((resolve) => {
    const handler = handlers[name] as (request: unknown, context: { senderUrl?: string }) => Promise<unknown>;
    resolve(handler(validateMessage(name, message.request), context));
  }).then(
    (value) => sendResponse({ ok: true, value }),
    (error: unknown) => sendResponse({ ok: false, error: toErrorData(error) }),
  );
  return true;
}) as never);

// Large response bodies are fetched by pages from the worker itself (see deferred-bodies.ts).
listenForBodyFetches();

// Live streams (log lines, platform events) travel on a port, not by message (see stream-port.ts).
listenForStreams();

// Last, once every listener is wired: reads the first call will need, while its event is still on the way.
warmUp();

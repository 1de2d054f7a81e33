import { toErrorData } from '../core/errors.ts';
import { isEnvelope, type MessageName, type Reply } from '../core/protocol.ts';
import { listenForBodyFetches } from './deferred-bodies.ts';
import { type Browser, browser } from './extension-api.ts';
import { handlers } from './handlers.ts';

// The worker is a thin pipe: every page message goes to one handler of the typed map.
// sendResponse + `return true` keeps the channel open in both Chrome and Firefox (Chrome ignores a returned promise).
browser.runtime.onMessage.addListener(((
  message: unknown,
  sender: Browser.Runtime.MessageSender,
  sendResponse: (reply: Reply<unknown>) => void,
) => {
  if (!isEnvelope(message) || sender.id !== browser.runtime.id) return false;
  const handler = handlers[message.name as MessageName] as
    | ((request: unknown, context: { senderUrl?: string }) => Promise<unknown>)
    | undefined;
  if (!handler) return false;
  const context = sender.url ? { senderUrl: sender.url } : {};
  handler(message.request, context).then(
    (value) => sendResponse({ ok: true, value }),
    (error: unknown) => sendResponse({ ok: false, error: toErrorData(error) }),
  );
  return true;
}) as never);

// Large response bodies are fetched by pages from the worker itself (see deferred-bodies.ts).
listenForBodyFetches();

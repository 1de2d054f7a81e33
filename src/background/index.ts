import browser from 'webextension-polyfill';
import { toErrorData } from '../core/errors.ts';
import { isEnvelope, type MessageName, type Reply } from '../core/protocol.ts';
import { handlers } from './handlers.ts';

// The worker is a thin pipe: every page message goes to one handler of the typed map.
browser.runtime.onMessage.addListener((message: unknown, sender: browser.Runtime.MessageSender) => {
  if (!isEnvelope(message) || sender.id !== browser.runtime.id) return undefined;
  const handler = handlers[message.name as MessageName] as
    | ((request: unknown, context: { senderUrl?: string }) => Promise<unknown>)
    | undefined;
  if (!handler) return undefined;
  const context = sender.url ? { senderUrl: sender.url } : {};
  return handler(message.request, context).then(
    (value): Reply<unknown> => ({ ok: true, value }),
    (error: unknown): Reply<unknown> => ({ ok: false, error: toErrorData(error) }),
  );
});

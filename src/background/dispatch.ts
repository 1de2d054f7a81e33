import { KeyholeError, toErrorData } from '../core/errors.ts';
import { isMessageName, validateMessage } from '../core/message-validation.ts';
import type { CallContext, Envelope, Reply } from '../core/protocol.ts';
import { handlers } from './handlers.ts';
import { whenStorageReady } from './migrations/index.ts';

/**
 * Answers one envelope from a page, whichever way it came (runtime message or call port): the name must be one of
 * the handler map's own, the payload passes its validator, and whatever goes wrong becomes a reply, never a throw.
 */
export function dispatch(envelope: Envelope, context: CallContext): Promise<Reply<unknown>> {
  // isEnvelope only checked that the name is a string.
  const name: string = envelope.name;
  // Own names only: `__proto__` or `constructor` must not reach what every object inherits.
  if (!isMessageName(name) || !Object.hasOwn(handlers, name))
    return Promise.resolve({
      ok: false,
      error: new KeyholeError('invalid-input', `Unknown message “${name.slice(0, 60)}”.`).toData(),
    });
  // Stored records are migrated first, and a newer build's are never touched (migrations/index.ts). Validation
  // and a handler's throw become a reply too.
  const handler = handlers[name] as (request: unknown, context: CallContext) => Promise<unknown>;
  return whenStorageReady()
    .then(() => handler(validateMessage(name, envelope.request), context))
    .then(
      (value) => ({ ok: true, value }),
      (error: unknown) => ({ ok: false, error: toErrorData(error) }),
    );
}

import browser from 'webextension-polyfill';
import { KeyholeError } from '../core/errors.ts';
import type { Envelope, MessageName, Reply, RequestOf, ResponseOf } from '../core/protocol.ts';

/**
 * The only way a page talks to the worker. Typed by the protocol, so a wrong name or payload does not compile.
 * Errors come back as data and are rethrown here as KeyholeError for the UI to show as they are.
 */
export async function send<K extends MessageName>(
  name: K,
  ...args: RequestOf<K> extends undefined ? [] : [RequestOf<K>]
) {
  const envelope: Envelope<K> = { keyhole: 1, name, request: args[0] as RequestOf<K> };
  let reply: Reply<ResponseOf<K>> | undefined;
  try {
    reply = (await browser.runtime.sendMessage(envelope)) as Reply<ResponseOf<K>> | undefined;
  } catch (error) {
    throw new KeyholeError(
      'internal',
      'The Keyhole background worker did not answer. Reload the extension and try again.',
      {
        detail: error instanceof Error ? error.message : String(error),
      },
    );
  }
  if (!reply) throw new KeyholeError('internal', `The background worker has no handler for “${name}”.`);
  if (!reply.ok) throw new KeyholeError(reply.error.code, reply.error.message, reply.error);
  return reply.value;
}

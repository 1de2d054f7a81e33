import browser from 'webextension-polyfill';
import { KeyholeError } from '../core/errors.ts';
import { bytesToBase64 } from '../core/http/response-body.ts';
import type { Envelope, HeldBody, MessageName, Reply, RequestOf, ResponseOf, SendResponse } from '../core/protocol.ts';

/**
 * The only way a page talks to the worker. Typed by the protocol, so a wrong name or payload does not compile.
 * Errors come back as data and are rethrown here as KeyholeError for the UI to show as they are.
 */
export async function send<K extends MessageName>(
  name: K,
  ...args: RequestOf<K> extends undefined ? [] : [RequestOf<K>]
): Promise<ResponseOf<K>> {
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
  if (name === 'request/send') await fetchHeldBody(reply.value as SendResponse);
  return reply.value;
}

/**
 * Large bodies stay in the worker and are fetched from it directly (src/background/deferred-bodies.ts). A page
 * the worker does not control (opened before it was active, or hard-reloaded) never reaches it that way: it,
 * and any page whose fetch fails, gets the body by message instead.
 */
async function fetchHeldBody(response: SendResponse): Promise<void> {
  const ref = response.bodyRef;
  if (!ref) return;
  delete response.bodyRef;
  const { kind } = response.body;
  const held = (await fetchFromWorker(ref, kind)) ?? (await send('request/held-body', { bodyRef: ref, kind }));
  if (held.kind === 'text' && response.body.kind === 'text') response.body.text = held.text;
  else if (held.kind === 'bytes' && response.body.kind === 'bytes') response.body.base64 = held.base64;
}

async function fetchFromWorker(ref: string, kind: HeldBody['kind']): Promise<HeldBody | undefined> {
  if (!globalThis.navigator?.serviceWorker?.controller) return undefined;
  try {
    const held = await fetch(`/__keyhole/body/${encodeURIComponent(ref)}`, { cache: 'no-store' });
    if (!held.ok) return undefined;
    return kind === 'text'
      ? { kind, text: await held.text() }
      : { kind, base64: bytesToBase64(new Uint8Array(await held.arrayBuffer())) };
  } catch {
    return undefined;
  }
}

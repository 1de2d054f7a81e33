import browser from 'webextension-polyfill';
import { KeyholeError } from '../core/errors.ts';
import { bytesToBase64 } from '../core/http/response-body.ts';
import type { Envelope, HeldBody, MessageName, Reply, RequestOf, ResponseOf, SendResponse } from '../core/protocol.ts';
import type { DeliveryFailure } from '../core/worker-delivery.ts';

/**
 * The only way a page talks to the worker. Typed by the protocol, so a wrong name or payload does not compile.
 * Errors come back as data and are rethrown here as KeyholeError for the UI to show as they are.
 */
export async function send<K extends MessageName>(
  name: K,
  ...args: RequestOf<K> extends undefined ? [] : [RequestOf<K>]
): Promise<ResponseOf<K>> {
  const envelope: Envelope<K> = { keyhole: 1, name, request: args[0] as RequestOf<K> };
  const reply = await deliver<ResponseOf<K>>(envelope);
  if (!reply.ok) throw new KeyholeError(reply.error.code, reply.error.message, reply.error);
  if (name === 'request/send') await fetchHeldBody(reply.value as SendResponse);
  return reply.value;
}

/**
 * Sends one message, riding out a worker restart (src/core/worker-delivery.ts): a call that never reached the worker,
 * or one that changes nothing, goes again once the worker is back; one that may have changed something is not
 * repeated, and says so.
 */
async function deliver<T>(envelope: Envelope<MessageName>): Promise<Reply<T>> {
  for (let attempt = 0; ; attempt++) {
    let failure: DeliveryFailure;
    try {
      const reply = (await browser.runtime.sendMessage(envelope)) as Reply<T> | undefined;
      if (reply) return reply;
      failure = { kind: 'no-listener' };
    } catch (error) {
      failure = { kind: 'rejected', detail: error instanceof Error ? error.message : String(error) };
    }
    // Only a worker restart gets here: its rules load then, so the pages' first load stays small (popup budget).
    const { mayResend, outcomeUnknown, RETRY_DELAYS_MS, workerSilent } = await import('../core/worker-delivery.ts');
    if (!mayResend(envelope.name, envelope.request, failure)) {
      throw outcomeUnknown(envelope.name, envelope.request, failure.kind === 'rejected' ? failure.detail : '');
    }
    const delay = RETRY_DELAYS_MS[attempt];
    if (delay === undefined) throw workerSilent(envelope.name, failure);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/**
 * Large bodies stay in the worker and are fetched from it directly (src/background/deferred-bodies.ts; in Firefox
 * from a Blob URL it made, src/ui/blob-url-body.ts). A page the worker does not control (opened before it was
 * active, or hard-reloaded) never reaches it that way: it, and any page whose fetch fails, gets the body by
 * message instead.
 */
async function fetchHeldBody(response: SendResponse): Promise<void> {
  const ref = response.bodyRef;
  if (!ref) return;
  delete response.bodyRef;
  const { kind } = response.body;
  // A blob: URL is the Firefox build's route (largeBodyTransport in src/core/browser-target.ts): its reader loads
  // only then, so the popup's first load stays small.
  const held = ref.startsWith('blob:')
    ? await (await import('./blob-url-body.ts')).readBlobUrlBody(ref, kind)
    : ((await fetchFromWorker(ref, kind)) ?? (await send('request/held-body', { bodyRef: ref, kind })));
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

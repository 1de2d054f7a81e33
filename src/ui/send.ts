import browser from 'webextension-polyfill';
import { KeyholeError } from '../core/errors.ts';
import { bytesToBase64 } from '../core/http/response-body.ts';
import type {
  Envelope,
  HeldBody,
  HeldBodyEnd,
  MessageName,
  Reply,
  RequestOf,
  ResponseOf,
  SendRequest,
  SendResponse,
} from '../core/protocol.ts';
import type { DeliveryFailure } from '../core/worker-delivery.ts';
import { claimBodyStream, openBodyStream } from './body-stream.ts';

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
  if (name === 'request/send') await fetchHeldBody(reply.value as SendResponse, (args[0] as SendRequest).requestId);
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
 * Large bodies stay in the worker and are fetched from it directly (src/background/deferred-bodies.ts). A page
 * the worker does not control (opened before it was active, or hard-reloaded) never reaches it that way: it,
 * and any page whose fetch fails, gets the body by message instead.
 */
async function fetchHeldBody(response: SendResponse, requestId: string | undefined): Promise<void> {
  const ref = response.bodyRef;
  if (!ref) return;
  const streamed = response.bodyStreamed === true;
  delete response.bodyRef;
  delete response.bodyStreamed;
  const { kind } = response.body;
  // A viewer that asked for it reads a streamed text body itself, as it arrives (src/ui/body-stream.ts).
  const url = `/__keyhole/body/${encodeURIComponent(ref)}`;
  if (
    claimBodyStream(requestId) &&
    streamed &&
    kind === 'text' &&
    globalThis.navigator?.serviceWorker?.controller &&
    (await openBodyStream(response, url))
  )
    return;
  const held =
    (await fetchFromWorker(ref, kind, streamed)) ?? (await send('request/held-body', { bodyRef: ref, kind }));
  if (held.kind === 'text' && response.body.kind === 'text') response.body.text = held.text;
  else if (held.kind === 'bytes' && response.body.kind === 'bytes') response.body.base64 = held.base64;
  // A streamed body's size, truncation and time are known only once it has all arrived.
  if (held.end) {
    response.size = held.end.size;
    response.durationMs = held.end.durationMs;
    response.body.truncated = held.end.truncated;
  }
}

async function fetchFromWorker(ref: string, kind: HeldBody['kind'], streamed: boolean): Promise<HeldBody | undefined> {
  if (!globalThis.navigator?.serviceWorker?.controller) return undefined;
  const url = `/__keyhole/body/${encodeURIComponent(ref)}`;
  let body: HeldBody | undefined;
  try {
    const held = await fetch(url, { cache: 'no-store' });
    if (held.ok)
      body =
        kind === 'text'
          ? { kind, text: await held.text() }
          : { kind, base64: bytesToBase64(new Uint8Array(await held.arrayBuffer())) };
  } catch {
    // A streamed body cut midway: its end below says why.
  }
  if (!streamed) return body;
  let ending: HeldBodyEnd;
  try {
    const answer = await fetch(`${url}/end`, { cache: 'no-store' });
    if (!answer.ok) return undefined;
    ending = (await answer.json()) as HeldBodyEnd;
  } catch {
    return undefined;
  }
  if (!ending.ok) throw new KeyholeError(ending.error.code, ending.error.message, ending.error);
  return body ? { ...body, end: ending.end } : undefined;
}

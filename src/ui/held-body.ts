import { largeBodyTransport } from '../core/browser-target.ts';
import { KeyholeError } from '../core/errors.ts';
import { bytesToBase64 } from '../core/http/response-body.ts';
import { PAGE_KEY_HEADER } from '../core/page-key.ts';
import type { HeldBody, HeldBodyEnd, SendResponse } from '../core/protocol.ts';
import { attachBodyStream, claimBodyStream, openBodyStream } from './body-stream.ts';
import { PAGE_KEY } from './page-key.ts';
import type { send as Send } from './send.ts';

/**
 * Large bodies stay in the worker and are fetched from it directly (src/background/deferred-bodies.ts; in Firefox
 * read on the body port, src/ui/port-body.ts). A page the worker does not control (opened before it was active, or
 * hard-reloaded) never reaches it that way: it, and any page whose fetch fails, gets the body by message instead.
 */
export async function fetchHeldBody(
  response: SendResponse,
  send: typeof Send,
  requestId: string | undefined,
): Promise<void> {
  const ref = response.bodyRef;
  if (!ref) return;
  const streamed = response.bodyStreamed === true;
  delete response.bodyRef;
  delete response.bodyStreamed;
  const { kind } = response.body;
  const wantsStream = claimBodyStream(requestId) && streamed && kind === 'text';
  // Firefox's route (largeBodyTransport in src/core/browser-target.ts): its reader loads only then.
  if (largeBodyTransport() === 'port') {
    const port = await import('./port-body.ts');
    // A viewer that asked for it reads a streamed text body itself, as it arrives (src/ui/body-stream.ts).
    if (wantsStream) return attachBodyStream(response, port.openPortBody(ref));
    const { bytes, ending } = await port.readPortBody(ref);
    if (ending && !ending.ok) throw new KeyholeError(ending.error.code, ending.error.message, ending.error);
    return takeHeld(response, toHeld(bytes, kind, ending?.end));
  }
  if (
    wantsStream &&
    globalThis.navigator?.serviceWorker?.controller &&
    (await openBodyStream(response, `/__keyhole/body/${encodeURIComponent(ref)}`))
  )
    return;
  const held =
    (await fetchFromWorker(ref, kind, streamed)) ?? (await send('request/held-body', { bodyRef: ref, kind }));
  takeHeld(response, held);
}

function toHeld(bytes: Uint8Array<ArrayBuffer>, kind: HeldBody['kind'], end: HeldBody['end']): HeldBody {
  const held: HeldBody =
    kind === 'text' ? { kind, text: new TextDecoder().decode(bytes) } : { kind, base64: bytesToBase64(bytes) };
  if (end) held.end = end;
  return held;
}

function takeHeld(response: SendResponse, held: HeldBody): void {
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
    const held = await fetch(url, { cache: 'no-store', headers: { [PAGE_KEY_HEADER]: PAGE_KEY } });
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
    const answer = await fetch(`${url}/end`, { cache: 'no-store', headers: { [PAGE_KEY_HEADER]: PAGE_KEY } });
    if (!answer.ok) return undefined;
    ending = (await answer.json()) as HeldBodyEnd;
  } catch {
    return undefined;
  }
  if (!ending.ok) throw new KeyholeError(ending.error.code, ending.error.message, ending.error);
  return body ? { ...body, end: ending.end } : undefined;
}

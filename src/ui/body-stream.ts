import { KeyholeError } from '../core/errors.ts';
import { PAGE_KEY_HEADER } from '../core/page-key.ts';
import type { BodyEnd, HeldBodyEnd, SendResponse } from '../core/protocol.ts';
import { PAGE_KEY } from './page-key.ts';

/**
 * A streamed text body handed to the page as it arrives, instead of read whole by send(): a viewer that asks
 * for it (by request id, before sending) gets the response as soon as the worker replies, and reads the body
 * itself, so its first screen does not wait for the last byte. Everyone else keeps getting the whole text.
 */
export interface BodyStream {
  /** The body's bytes, as the worker pipes them from upstream. Read once. */
  body: ReadableStream<Uint8Array>;
  /** How the body ended (real size, truncation, time); rejects with the error that cut it. Ask once it is read. */
  end(): Promise<BodyEnd>;
}

const wanted = new Set<string>();
const streams = new WeakMap<SendResponse, BodyStream>();

/** Asks for the body of this request as a stream (when the worker streams it to a page it controls). */
export function wantBodyStream(requestId: string): void {
  wanted.add(requestId);
}

/** Used by send(): whether the caller of this request asked for its body as a stream (asked once). */
export function claimBodyStream(requestId: string | undefined): boolean {
  return requestId !== undefined && wanted.delete(requestId);
}

/** Forgets a request's wish (the call failed before any body came). */
export function dropBodyStream(requestId: string): void {
  wanted.delete(requestId);
}

/** Used by send(): opens the streamed body at `url` and hangs it on the response; false if the worker refused. */
export async function openBodyStream(response: SendResponse, url: string): Promise<boolean> {
  let answer: Response;
  try {
    // This page's key: the worker hands the body only to the page whose call it was (core/page-key.ts).
    answer = await fetch(url, { cache: 'no-store', headers: { [PAGE_KEY_HEADER]: PAGE_KEY } });
  } catch {
    return false;
  }
  if (!answer.ok || !answer.body) return false;
  attachBodyStream(response, { body: answer.body, end: () => fetchEnd(`${url}/end`) });
  return true;
}

/** Hangs a body stream on a response, for the viewer to take. */
export function attachBodyStream(response: SendResponse, stream: BodyStream): void {
  streams.set(response, stream);
}

async function fetchEnd(url: string): Promise<BodyEnd> {
  let ending: HeldBodyEnd;
  try {
    const answer = await fetch(url, { cache: 'no-store', headers: { [PAGE_KEY_HEADER]: PAGE_KEY } });
    if (!answer.ok) throw new Error(`${answer.status}`);
    ending = (await answer.json()) as HeldBodyEnd;
  } catch {
    throw new KeyholeError('network', 'The worker no longer says how this body ended; send the request again.');
  }
  if (!ending.ok) throw new KeyholeError(ending.error.code, ending.error.message, ending.error);
  return ending.end;
}

/** The stream hung on this response by send(), taken once. */
export function takeBodyStream(response: SendResponse): BodyStream | undefined {
  const stream = streams.get(response);
  streams.delete(response);
  return stream;
}

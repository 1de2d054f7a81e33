import { KeyholeError } from '../core/errors.ts';
import { hideInHeaders } from '../core/http/hide-reusable.ts';
import { maskBytes, maskingStream } from '../core/http/mask-bytes.ts';
import { bytesToBase64, clockOffsetFromDateHeader, isTextContentType } from '../core/http/response-body.ts';
import type { CallContext, ProfileView, SendRequest, SendResponse } from '../core/protocol.ts';
import { canStreamBodies, DEFER_MIN_BYTES, deferBody, deferStream } from './deferred-bodies.ts';
import { type FetchLimits, fetchWithLimits, type RawResponse } from './fetch-with-limits.ts';
import { getActiveProfile } from './profiles.ts';
import { getClockOffset, setClockOffset } from './session.ts';
import { markExpiredIfSaid } from './session-expiry.ts';
import { hideReusable, type PreparedRequest, prepareRequest } from './signed-request.ts';

/** Skew beyond this (seconds) between our clock and the server's is corrected once, then remembered. */
const SKEW_TOLERANCE_SECONDS = 60;

const inFlight = new Map<string, AbortController>();

export function cancelRequest(requestId: string): boolean {
  const controller = inFlight.get(requestId);
  controller?.abort();
  return controller !== undefined;
}

export async function requireActiveProfile(): Promise<ProfileView> {
  const profile = await getActiveProfile();
  if (!profile) throw new KeyholeError('not-configured', 'No profile is set up yet. Open Settings to add one.');
  return profile;
}

/**
 * Sends a signed request. A 401 caused by clock skew (the server's Date differs by more than a minute) is
 * retried once with the server's time; a 401 that says the token expired moves the session to "expired".
 * Other HTTP errors are returned as responses: the page shows them with their body.
 */
export async function sendRequest(
  request: SendRequest,
  { receivedAt, senderUrl, caller }: CallContext = {},
): Promise<SendResponse> {
  const profile = await requireActiveProfile();
  const controller = new AbortController();
  if (request.requestId) inFlight.set(request.requestId, controller);
  let streamEnd: Promise<unknown> | undefined;
  try {
    let offset = await getClockOffset(profile.id);
    let prepared = await prepareRequest(profile, request, offset);
    let retriedAfterDrop = false;
    let raw: RawResponse;
    try {
      raw = await execute(prepared, request, controller.signal);
    } catch (error) {
      if (!isDroppedRead(error, request, controller.signal)) throw error;
      // A read is safe to send again; signed afresh (a new nonce and timestamp: the first may have been seen).
      retriedAfterDrop = true;
      prepared = await prepareRequest(profile, request, offset);
      raw = await execute(prepared, request, controller.signal);
    }
    let correctedOffset: number | undefined;
    let firstMs: number | undefined;
    if (raw.status === 401 && prepared.auth === 'oauth') {
      const serverOffset = clockOffsetFromDateHeader(raw.headers.get('date'), Date.now());
      if (serverOffset !== undefined && Math.abs(serverOffset - offset) > SKEW_TOLERANCE_SECONDS) {
        offset = serverOffset;
        correctedOffset = serverOffset;
        await setClockOffset(profile.id, serverOffset);
        prepared = await prepareRequest(profile, request, offset);
        firstMs = raw.durationMs;
        raw = await execute(prepared, request, controller.signal);
      }
    }
    const response = toSendResponse(prepared, raw, { senderUrl, caller });
    if (correctedOffset !== undefined) response.clockOffsetSeconds = correctedOffset;
    if (retriedAfterDrop) response.retriedAfterDrop = true;
    if (raw.status === 401 && prepared.auth === 'oauth') await detectExpiry(profile, response);
    // A streamed body can still be cancelled until its last byte.
    if (raw.stream) streamEnd = raw.stream.end;
    if (receivedAt !== undefined) response.workerMs = ownTime(receivedAt, raw.durationMs + (firstMs ?? 0));
    return response;
  } finally {
    const forget = () => {
      if (request.requestId && inFlight.get(request.requestId) === controller) inFlight.delete(request.requestId);
    };
    if (streamEnd) streamEnd.then(forget, forget);
    else forget();
  }
}

/**
 * A GET or HEAD whose connection dropped (a network error before its whole answer was in, not a timeout, not the
 * user's cancel) is sent once more: it changes nothing on the server, and a dropped keep-alive connection or a
 * proxy's reset is the commonest reason a read fails. Writes never are: the first may have been applied.
 */
function isDroppedRead(error: unknown, request: SendRequest, signal: AbortSignal): boolean {
  const method = request.method.toUpperCase();
  return (
    (method === 'GET' || method === 'HEAD') &&
    !signal.aborted &&
    error instanceof KeyholeError &&
    error.code === 'network'
  );
}

/** The worker's own time for a call: from the message's arrival to the reply built, less the time on the network. */
function ownTime(receivedAt: number, networkMs: number): number {
  return Math.max(0, Math.round((performance.now() - receivedAt - networkMs) * 100) / 100);
}

function execute(prepared: PreparedRequest, request: SendRequest, signal: AbortSignal): Promise<RawResponse> {
  const headers = new Headers(prepared.headers);
  headers.set('Authorization', prepared.authorization);
  const init: RequestInit = { method: prepared.method, headers };
  if (prepared.body !== undefined) init.body = prepared.body;
  const limits: FetchLimits & { signal: AbortSignal } = { signal };
  // Past this size the body flows to the page as it arrives instead of being read whole first.
  if (canStreamBodies()) limits.streamAfterBytes = DEFER_MIN_BYTES;
  if (request.timeoutMs !== undefined) limits.timeoutMs = request.timeoutMs;
  if (request.maxBodyBytes !== undefined) limits.maxBodyBytes = request.maxBodyBytes;
  return fetchWithLimits(prepared.url, init, limits);
}

/** The context's page and document that asked, the only one a held body is handed to (deferred-bodies.ts). */
function toSendResponse(prepared: PreparedRequest, raw: RawResponse, { senderUrl, caller }: CallContext): SendResponse {
  // Told to the page apart from the headers (and served with a held body): masked like them.
  const contentType = hideReusable(raw.headers.get('content-type') ?? '', prepared.reusable);
  const isText = isTextContentType(contentType);
  // An echoed credential is masked in every body the page gets: as text below, as bytes when it goes as bytes (a
  // file, or a body held for the page), in the stream as it flows when streamed.
  const masker = raw.stream && maskingStream(prepared.reusable);
  const bytes = maskBytes(raw.bytes, prepared.reusable);
  const bodyRef = raw.stream
    ? deferStream(
        masker ? raw.stream.body.pipeThrough(masker) : raw.stream.body,
        raw.stream.end,
        contentType,
        senderUrl,
        caller,
      )
    : deferBody(bytes, contentType, senderUrl, caller);
  const body: SendResponse['body'] = isText
    ? {
        kind: 'text',
        text: bodyRef ? '' : hideReusable(new TextDecoder().decode(raw.bytes), prepared.reusable),
        truncated: raw.truncated,
      }
    : { kind: 'bytes', base64: bodyRef ? '' : bytesToBase64(bytes), truncated: raw.truncated };
  const response: SendResponse = {
    url: prepared.url,
    method: prepared.method as SendResponse['method'],
    status: raw.status,
    // A server can echo the request anywhere it controls: the reason phrase and header names are masked too.
    statusText: hideReusable(raw.statusText, prepared.reusable),
    headers: hideInHeaders(raw.headers, prepared.reusable),
    contentType,
    size: raw.size,
    durationMs: raw.durationMs,
    body,
    auth: prepared.auth,
  };
  if (prepared.signature) response.signature = prepared.signature;
  if (bodyRef) response.bodyRef = bodyRef;
  if (raw.stream) response.bodyStreamed = true;
  return response;
}

/** The platform says "expired" in its 401 message; the session then needs a new sign-in. */
async function detectExpiry(profile: ProfileView, response: SendResponse): Promise<void> {
  if (response.body.kind !== 'text') return;
  const error = await markExpiredIfSaid(profile.id, response.status, response.statusText, response.body.text);
  if (error) throw error;
}

import { KeyholeError } from '../errors.ts';
import { percentEncode } from '../oauth1/percent-encode.ts';
import type { RequestBody } from '../protocol.ts';
import { findHeaderProblem } from './request-guard.ts';
import { base64ToBytes } from './response-body.ts';

/**
 * A composer body as the bytes sent and the Content-Type that goes with them. Shared by the worker (what it
 * signs and sends) and the code export (what a snippet sends), so both put the same body on the wire.
 */
export interface EncodedBody {
  text?: string;
  /** A file's bytes, sent exactly as picked. */
  bytes?: Uint8Array<ArrayBuffer>;
  /** The Content-Type that goes with the body unless the header table sets another. */
  contentType?: string;
}

export function encodeBody(body: RequestBody | undefined): EncodedBody {
  if (!body || body.kind === 'none') return {};
  if (body.kind === 'json') {
    try {
      JSON.parse(body.text);
    } catch (error) {
      throw new KeyholeError('invalid-input', 'The JSON body is not valid JSON; fix it before sending.', {
        detail: error instanceof Error ? error.message : String(error),
      });
    }
    return { text: body.text, contentType: 'application/json' };
  }
  if (body.kind === 'form') {
    // Encoded with RFC 3986 rules so the bytes sent are exactly the ones the signature covers.
    const text = body.fields.map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`).join('&');
    return { text, contentType: 'application/x-www-form-urlencoded' };
  }
  const bytes = body.kind === 'bytes';
  const contentType = body.contentType || (bytes ? 'application/octet-stream' : 'text/plain');
  // It goes out as a header: the same rules as the header table's (no line break, Latin-1 only).
  const problem = findHeaderProblem('Content-Type', contentType);
  if (problem) throw new KeyholeError('invalid-input', problem);
  if (!bytes) return { text: body.text, contentType };
  assertBase64(body.base64);
  return { bytes: base64ToBytes(body.base64), contentType };
}

const NOT_BASE64 = /[^A-Za-z0-9+/]/;

/**
 * The largest file body Keyhole sends (20 MB): the panel refuses a larger file when it is picked, and the worker
 * refuses one in a message, so no page can make it decode, sign and hold a body of any size.
 */
export const MAX_FILE_BODY_BYTES = 20 * 1024 * 1024;

/** Refuses a file body past MAX_FILE_BODY_BYTES, from its base64's length alone (before decoding or scanning it). */
export function assertFileBodySize(base64: string): void {
  const bytes = Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
  if (bytes <= MAX_FILE_BODY_BYTES) return;
  throw new KeyholeError(
    'invalid-input',
    `The file body is ${bytes} bytes; Keyhole sends files up to ${MAX_FILE_BODY_BYTES} bytes (20 MB). Pick a smaller file.`,
  );
}

/**
 * A file body's base64 must be just that: atob would otherwise refuse it with its own DOMException ('Invalid
 * character'), an internal error to the page, or quietly skip spaces in it. Checked without a regex over the whole
 * shape, which would backtrack once per 4 characters of a many-megabyte file.
 */
export function assertBase64(base64: string): void {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  if (base64.length % 4 === 0 && !NOT_BASE64.test(base64.slice(0, base64.length - padding))) return;
  throw new KeyholeError(
    'invalid-input',
    'The file body is not valid base64 (A–Z, a–z, 0–9, + and /, padded with = to a multiple of 4 characters).',
  );
}

/** What the worker answers to `request/send`, for view tests that script the platform's replies. */

import { bytesToBase64 } from '../../../src/core/http/response-body.ts';
import type { SendResponse } from '../../../src/core/protocol.ts';

/** A reply with `status` and `body`: bytes as a binary body, anything else as JSON text (undefined: empty). */
export function sendResponse(
  status: number,
  body: unknown,
  options: { contentType?: string; auth?: SendResponse['auth']; url?: string } = {},
): SendResponse {
  return {
    url: options.url ?? 'http://127.0.0.1:8780/x',
    method: 'GET',
    status,
    statusText: '',
    headers: [],
    contentType: options.contentType ?? 'application/json',
    size: 0,
    durationMs: 1,
    body:
      body instanceof Uint8Array
        ? { kind: 'bytes', base64: bytesToBase64(body), truncated: false }
        : { kind: 'text', text: body === undefined ? '' : JSON.stringify(body), truncated: false },
    auth: options.auth ?? 'oauth',
  };
}

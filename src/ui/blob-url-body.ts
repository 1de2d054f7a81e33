import { KeyholeError } from '../core/errors.ts';
import { bytesToBase64 } from '../core/http/response-body.ts';
import type { HeldBody } from '../core/protocol.ts';

/**
 * Reads a large body the Firefox background handed over as a Blob URL of the add-on's own origin
 * (src/background/blob-url-bodies.ts), once: the URL is revoked as soon as it is read, freeing the memory.
 */
export async function readBlobUrlBody(url: string, kind: HeldBody['kind']): Promise<HeldBody> {
  if (!url.startsWith(`blob:${globalThis.location.origin}/`))
    throw new KeyholeError('not-found', 'The worker handed over a response body at an unexpected address.', {
      detail: url.slice(0, 80),
    });
  try {
    const response = await fetch(url);
    return kind === 'text'
      ? { kind, text: await response.text() }
      : { kind, base64: bytesToBase64(new Uint8Array(await response.arrayBuffer())) };
  } catch (error) {
    throw new KeyholeError('not-found', 'This response body is no longer held by the worker; send the request again.', {
      detail: error instanceof Error ? error.message : String(error),
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Decides how a response body crosses to the page, and reads the platform's error bodies. */
import { type ErrorBodySummary, summarizeErrorBody } from './error-body.ts';

const TEXT_TYPES =
  /^(text\/|application\/(json|[\w.+-]+\+json|xml|[\w.+-]+\+xml|javascript|x-www-form-urlencoded|problem\+json))/i;

/** Text bodies go as strings; everything else (PDF, images, archives) as base64 bytes. */
export function isTextContentType(contentType: string): boolean {
  if (!contentType) return true;
  return TEXT_TYPES.test(contentType.trim());
}

/** Base64 of bytes, in chunks so a multi-megabyte PDF does not overflow the argument stack. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let index = 0; index < bytes.length; index += chunk) {
    binary += String.fromCharCode(...bytes.subarray(index, index + chunk));
  }
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * The platform answers errors as `{id, message, type: "error"}`; some services use `{error, code, message}`.
 * Returns the human part and the platform's code (`code`, else `id`: an internal code, not the HTTP status), or
 * undefined when the body is not one of those.
 */
export function readPlatformError(bodyText: string): ErrorBodySummary | undefined {
  return summarizeErrorBody(bodyText);
}

/** The server's clock from its Date header, as an offset in whole seconds (server minus local). */
export function clockOffsetFromDateHeader(dateHeader: string | null, localNowMs: number): number | undefined {
  if (!dateHeader) return undefined;
  const serverMs = Date.parse(dateHeader);
  if (Number.isNaN(serverMs)) return undefined;
  return Math.round((serverMs - localNowMs) / 1000);
}

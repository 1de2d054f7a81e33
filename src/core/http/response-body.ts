/** Decides how a response body crosses to the page, and reads the platform's error bodies. */

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

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export interface ErrorBodySummary {
  message: string;
  /** The platform's own code for the error (its `code`, else its `id`), as text; not an HTTP status. */
  code?: string;
  detail?: string;
}

function nonEmptyText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function codeText(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return nonEmptyText(value)?.trim();
}

/**
 * The platform answers errors as `{id, message, type: "error"}`, where `id` is its internal code ('101', '550',
 * '1004'), never the HTTP status; the bridge as `{code, message}` or `{error, code}`; SFTPGo as `{error, message}`
 * (whose `message` is often empty). Returns the human part and the platform's code, or undefined when the body is
 * none of those.
 */
export function readPlatformError(text: string): ErrorBodySummary | undefined {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{') || text.length > 100_000) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const record = parsed as Record<string, unknown>;
  const error = nonEmptyText(record.error);
  const message = nonEmptyText(record.message) ?? error;
  if (!message) return undefined;
  const summary: ErrorBodySummary = { message };
  // Like the official client: `code` when given, else `id`.
  const code = codeText(record.code) ?? codeText(record.id);
  if (code) summary.code = code;
  if (error && error !== message) summary.detail = error;
  return summary;
}

/** The server's clock from its Date header, as an offset in whole seconds (server minus local). */
export function clockOffsetFromDateHeader(dateHeader: string | null, localNowMs: number): number | undefined {
  if (!dateHeader) return undefined;
  const serverMs = Date.parse(dateHeader);
  if (Number.isNaN(serverMs)) return undefined;
  return Math.round((serverMs - localNowMs) / 1000);
}

/**
 * The readable part of an error response body: the platform's `{id, message, type: "error"}` (where `id` is the
 * platform's internal code — '101', '550', '1004' — never the HTTP status), the bridge's `{code, message}` or
 * `{error, code}`, or SFTPGo's `{error, message}` (whose `message` is often empty). Undefined when the body is none
 * of those.
 */
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

export function summarizeErrorBody(text: string): ErrorBodySummary | undefined {
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

/** "Organisation not found (platform code 4001)": the message with the platform's code named as such. */
export function describeErrorSummary(summary: ErrorBodySummary): string {
  return summary.code ? `${summary.message} (platform code ${summary.code})` : summary.message;
}

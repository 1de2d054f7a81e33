/**
 * The readable part of an error response body: the platform's `{id, message, type: "error"}`, the bridge's
 * `{code, message}` or SFTPGo's `{error, message}`. Undefined when the body is none of those.
 */
export interface ErrorBodySummary {
  message: string;
  /** The platform's numeric id or the string code, when given. */
  code?: string;
  detail?: string;
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
  const message =
    typeof record.message === 'string' ? record.message : typeof record.error === 'string' ? record.error : undefined;
  if (!message) return undefined;
  const summary: ErrorBodySummary = { message };
  const code = record.id ?? record.code;
  if (typeof code === 'string' || typeof code === 'number') summary.code = String(code);
  if (typeof record.error === 'string' && record.error !== message) summary.detail = record.error;
  return summary;
}

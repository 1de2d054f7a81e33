/**
 * The readable part of an error response body, for views: the reader itself is readPlatformError (in
 * response-body.ts, which the popup already loads, so it carries one copy), plus how Keyhole words the result.
 */
import type { ErrorBodySummary } from './response-body.ts';

export { type ErrorBodySummary, readPlatformError as summarizeErrorBody } from './response-body.ts';

/** "Organisation not found (platform code 4001)": the message with the platform's code named as such. */
export function describeErrorSummary(summary: ErrorBodySummary): string {
  return summary.code ? `${summary.message} (platform code ${summary.code})` : summary.message;
}

/**
 * `request/send` returns HTTP errors as responses (the workbench shows them whole). Views that need a value — a
 * list of tokens, of invoices — turn a failed response into one error a user can act on, and read JSON bodies.
 */

import { KeyholeError } from '../errors.ts';
import type { SendResponse } from '../protocol.ts';
import { describeErrorSummary } from './error-body.ts';
import { readPlatformError } from './response-body.ts';

type ResponseLike = Pick<SendResponse, 'status' | 'statusText' | 'body'> & { auth?: SendResponse['auth'] };

export function isSuccess(response: Pick<SendResponse, 'status'>): boolean {
  return response.status >= 200 && response.status < 300;
}

function bodyText(response: ResponseLike): string {
  return response.body.kind === 'text' ? response.body.text : '';
}

/** The platform's own words for the failure, for the error's detail. */
function detailOf(response: ResponseLike): string {
  const platform = readPlatformError(bodyText(response));
  const status = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  return platform ? `${status}: ${describeErrorSummary(platform)}` : status;
}

export interface FailureWording {
  /** What was being done, lowercase: "list your API tokens". */
  action: string;
  /** Overrides by status, for what a view knows (403 on invoices = the bills right is missing). */
  byStatus?: Partial<Record<number, { code?: KeyholeError['code']; message: string }>>;
}

/** One error for a non-2xx response, worded for the action that failed. */
export function errorFromResponse(response: ResponseLike, wording: FailureWording): KeyholeError {
  const extra = { detail: detailOf(response), status: response.status };
  const override = wording.byStatus?.[response.status];
  if (override) return new KeyholeError(override.code ?? 'http-error', override.message, extra);
  const { action } = wording;
  switch (response.status) {
    case 401:
      return response.auth === 'bearer'
        ? new KeyholeError(
            'invalid-credential',
            `The bridge refused the API token in use (revoked or expired?), so Keyhole could not ${action}.`,
            extra,
          )
        : new KeyholeError(
            'signature-refused',
            `The platform refused the credentials, so Keyhole could not ${action}. Sign in again if this persists.`,
            extra,
          );
    case 403:
      return new KeyholeError('forbidden', `Not allowed to ${action}: the account or consumer lacks the right.`, extra);
    case 404:
      return new KeyholeError('not-found', `Could not ${action}: the platform answered “not found”.`, extra);
    case 429:
      return new KeyholeError('http-error', `Too many requests: wait a little, then ${action} again.`, extra);
    default:
      return response.status >= 500
        ? new KeyholeError(
            'http-error',
            `The platform failed to ${action} (HTTP ${response.status}). Try again.`,
            extra,
          )
        : new KeyholeError('http-error', `Could not ${action} (HTTP ${response.status}).`, extra);
  }
}

/** The decoded JSON body of a successful response, or a malformed-response error naming the action. */
export function readJsonBody(response: ResponseLike, action: string): unknown {
  const text = bodyText(response);
  if (response.body.kind === 'text' && response.body.truncated)
    throw new KeyholeError('too-large', `The answer was too large to ${action}.`);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new KeyholeError(
      'malformed-response',
      `The platform’s answer could not be read, so Keyhole could not ${action}.`,
      {
        detail: error instanceof Error ? error.message : String(error),
      },
    );
  }
}

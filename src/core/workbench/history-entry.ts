import type { KeyholeErrorData } from '../errors.ts';
import { truncateBase64, truncateUtf8 } from '../format/byte-format.ts';
import type { RequestBody, ResponseBody, SendRequest, SendResponse } from '../protocol.ts';
import {
  isHiddenPair,
  isRedacted,
  looksSecretName,
  REDACTED,
  redactSecretsInText,
  redactUrl,
  stripSensitiveHeaders,
} from './redact-secrets.ts';
import {
  checksWithoutEchoes,
  errorWithoutEchoes,
  maskEchoes,
  maskedRequestValues,
  sentHeaders,
  withSecretValuesMasked,
} from './request-echoes.ts';
import { type ResponseCheck, sanitizeCheck } from './response-differences.ts';
import type { CheckOutcomes } from './run/evaluate-checks.ts';

/**
 * What the workbench keeps of each call. The summary (small: what the list shows and searches) and the
 * response body (capped at the user's size) are stored apart, so listing 500 entries never loads 500 bodies.
 * Nothing secret is kept: credential headers are stripped, secret-named values masked, and the request id
 * and timeouts dropped.
 */

export interface HistoryEntry {
  /** Sortable and unique: zero-padded start time, then a random suffix. */
  id: string;
  startedAt: number;
  request: SendRequest;
  /** The URL called, when the worker got that far. */
  url?: string;
  status?: number;
  statusText?: string;
  durationMs?: number;
  /** Body size as received, before any cap. */
  size?: number;
  contentType?: string;
  responseHeaders?: [string, string][];
  auth?: SendResponse['auth'];
  error?: KeyholeErrorData;
  /** True when a body was kept for this entry (see HistoryBody). */
  hasBody: boolean;
  bodyTruncated?: boolean;
  /** Pass/fail of the request's assertions and captures (captured values are not kept). */
  checks?: CheckOutcomes;
  /** The response compared with the API description (its first differences and their count). */
  schemaCheck?: ResponseCheck;
}

export interface HistoryBody {
  id: string;
  body: ResponseBody;
}

export interface HistoryCaps {
  /** Bytes of response body kept per entry. */
  maxBodyBytes: number;
  maxEntries: number;
}

export const DEFAULT_HISTORY_CAPS: HistoryCaps = { maxBodyBytes: 1024 * 1024, maxEntries: 500 };

export function createHistoryId(startedAt: number, random: () => number = Math.random): string {
  return `${String(startedAt).padStart(15, '0')}-${Math.floor(random() * 36 ** 6)
    .toString(36)
    .padStart(6, '0')}`;
}

const keptPair = ([name, value]: [string, string]): [string, string] => [
  name,
  isHiddenPair(name, value) ? REDACTED : value,
];

function sanitizeBody(body: RequestBody | undefined): RequestBody {
  if (!body) return { kind: 'none' };
  switch (body.kind) {
    case 'json':
      return { kind: 'json', text: redactSecretsInText(body.text, 'application/json', looksSecretName) };
    case 'form':
      return { kind: 'form', fields: body.fields.map(keptPair) };
    case 'text':
      return {
        kind: 'text',
        contentType: body.contentType,
        text: redactSecretsInText(body.text, body.contentType, looksSecretName),
      };
    case 'bytes':
      // The file's name and type, not its bytes (an image may be large, or private): reopened, it is picked again.
      return {
        kind: 'bytes',
        contentType: body.contentType,
        base64: '',
        ...(body.fileName !== undefined ? { fileName: body.fileName } : {}),
      };
    default:
      return { kind: 'none' };
  }
}

/** The request as history keeps it: no credentials, no secrets, no per-call plumbing. */
export function sanitizeRequest(request: SendRequest): SendRequest {
  const clean: SendRequest = {
    target: request.target,
    method: request.method,
    // As sent, but a segment's secret parameter (`/v2/self;access_token=…`) masked as the query's are. What the user
    // sent is masked by the draft's name test (`api_key`, `db_password`): history must not keep what the draft hides.
    path: redactUrl(request.path, true),
    query: (request.query ?? []).map(keptPair),
    // Headers Keyhole never sends (it signs itself; the browser owns the others) go. A credential header it does
    // send (X-Api-Key) or one the user named as a secret (X-Db-Password) is kept masked, as the draft masks it:
    // stripped, a Re-send of the kept call went without it and said nothing; masked, it is refused and says so.
    headers: sentHeaders(request.headers ?? []).map(keptPair),
    body: sanitizeBody(request.body),
  };
  if (request.signatureMethod) clean.signatureMethod = request.signatureMethod;
  if (request.bridgeAuth) clean.bridgeAuth = request.bridgeAuth;
  return clean;
}

/**
 * Whether a request holds a value masked for storage (`/v2/self;access_token=[redacted by Keyhole]`, a query, header,
 * form or body value): one reopened from history or a tab's kept response is the stored copy, and sent as it is it
 * would send the mask in place of the secret. The composer's Send refuses such a draft; this says the same for a
 * stored request sent as it is (Re-send, Check).
 */
export function holdsMaskedValue(request: SendRequest): boolean {
  const body = request.body;
  const bodyTexts =
    body?.kind === 'json' || body?.kind === 'text' ? [body.text] : body?.kind === 'form' ? body.fields.flat() : [];
  return [request.path, ...(request.query ?? []).flat(), ...(request.headers ?? []).flat(), ...bodyTexts].some(
    isRedacted,
  );
}

/** Caps and masks a response body for storage. */
export function capResponseBody(
  body: ResponseBody,
  contentType: string,
  maxBytes: number,
  echoed: readonly string[] = [],
): ResponseBody {
  if (body.kind === 'bytes') {
    const capped = truncateBase64(body.base64, maxBytes);
    return { kind: 'bytes', base64: capped.base64, truncated: body.truncated || capped.truncated };
  }
  const capped = truncateUtf8(body.text, maxBytes);
  return {
    kind: 'text',
    text: maskEchoes(redactSecretsInText(capped.text, contentType), echoed, /json/i.test(contentType)),
    truncated: body.truncated || capped.truncated,
  };
}

export interface CallOutcome {
  request: SendRequest;
  startedAt: number;
  response?: SendResponse;
  error?: KeyholeErrorData;
  /** Wall time measured by the page when the worker gave no duration (errors). */
  elapsedMs?: number;
  /** Values of secret variables filled into the request (a header of any name, a path segment): kept masked. */
  secretValues?: string[];
  checks?: CheckOutcomes;
  schemaCheck?: ResponseCheck;
}

/** A captured value may be a secret the server handed out (a new token): history keeps that it was captured. */
function withoutCapturedValues(checks: CheckOutcomes): CheckOutcomes {
  return {
    assertions: checks.assertions,
    captures: checks.captures.map(({ value: _value, ...capture }) => ({
      ...capture,
      message: capture.pass ? `{${capture.variable}} captured` : capture.message,
    })),
  };
}

/** Builds the stored summary and (when there is one and the cap allows) the stored body of a call. */
export function createHistoryRecord(
  outcome: CallOutcome,
  caps: HistoryCaps,
  id: string = createHistoryId(outcome.startedAt),
): { entry: HistoryEntry; body?: HistoryBody } {
  const secrets = outcome.secretValues ?? [];
  const entry: HistoryEntry = {
    id,
    startedAt: outcome.startedAt,
    request: withSecretValuesMasked(sanitizeRequest(outcome.request), secrets),
    hasBody: false,
  };
  // What the server echoed of the request's secrets is masked in all it answered (request-echoes.ts).
  const echoed = maskedRequestValues(outcome.request, secrets);
  if (outcome.error) entry.error = errorWithoutEchoes(outcome.error, echoed);
  if (outcome.checks) entry.checks = checksWithoutEchoes(withoutCapturedValues(outcome.checks), echoed);
  const response = outcome.response;
  if (!response) {
    if (outcome.elapsedMs !== undefined) entry.durationMs = outcome.elapsedMs;
    return { entry };
  }
  entry.url = maskEchoes(redactUrl(response.url, true), echoed);
  entry.status = response.status;
  entry.statusText = maskEchoes(response.statusText, echoed);
  entry.durationMs = response.durationMs;
  entry.size = response.size;
  entry.contentType = response.contentType;
  entry.responseHeaders = stripSensitiveHeaders(response.headers).map(([name, value]) => [
    name,
    maskEchoes(value, echoed),
  ]);
  entry.auth = response.auth;
  if (outcome.schemaCheck) entry.schemaCheck = sanitizeCheck(outcome.schemaCheck);
  if (caps.maxBodyBytes <= 0) return { entry };
  const body = capResponseBody(response.body, response.contentType, caps.maxBodyBytes, echoed);
  entry.hasBody = true;
  if (body.truncated) entry.bodyTruncated = true;
  return { entry, body: { id, body } };
}

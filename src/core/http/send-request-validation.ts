import { KeyholeError } from '../errors.ts';
import { SIGNATURE_METHODS } from '../oauth1/types.ts';
import type { BridgeAuth, HttpMethod, RequestBody, RequestTarget, SendRequest, SignatureMethod } from '../protocol.ts';
import { assertBase64, assertFileBodySize } from './encode-body.ts';
import { findHeaderProblem } from './request-guard.ts';

/**
 * The shape of a `SendRequest` as it arrives from a page: plain data that may be anything. Checked field by
 * field before any guard or secret is touched, so a wrong value gets a message that names it instead of a
 * TypeError from deep inside the signer, and an unknown `target` is never read as "the bridge".
 */

const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
/** Methods fetch refuses outright (WHATWG Fetch "forbidden methods"); named so the refusal can say why. */
export const FORBIDDEN_METHODS: ReadonlySet<string> = new Set(['TRACE', 'CONNECT', 'TRACK']);
const TARGETS: readonly RequestTarget[] = ['api', 'bridge'];
const BRIDGE_AUTHS: readonly BridgeAuth[] = ['token', 'oauth-plaintext'];
const MAX_TIMEOUT_MS = 10 * 60 * 1000;
/**
 * The most of one response body Keyhole reads (the cap of a body streamed to a page, fetch-with-limits.ts): a
 * page may ask for less, never more, so no request lifts the bound that stops a body that never ends.
 */
export const MAX_BODY_BYTES_LIMIT = 256 * 1024 * 1024;

function invalid(message: string): KeyholeError {
  return new KeyholeError('invalid-input', message);
}

/** A short, printable picture of a wrong value for a message (never the whole of a huge string). */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return value.length > 40 ? `“${value.slice(0, 37)}…”` : `“${value}”`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The HTTP method, uppercased; TRACE, CONNECT and TRACK are refused with the reason. */
export function validateMethod(value: unknown): HttpMethod {
  if (typeof value !== 'string')
    throw invalid(`The method must be a word such as GET or POST (got ${describeValue(value)}).`);
  const method = value.toUpperCase();
  if (FORBIDDEN_METHODS.has(method))
    throw invalid(
      `Browsers never send ${method} requests (fetch forbids it), so Keyhole cannot; use curl for ${method}.`,
    );
  if (!METHODS.includes(method as HttpMethod))
    throw invalid(`The method ${describeValue(value)} is not one Keyhole sends: use ${METHODS.join(', ')}.`);
  return method as HttpMethod;
}

/** A list of `[name, value]` string pairs (query, headers, form fields). */
export function validatePairs(value: unknown, what: string): [string, string][] {
  if (!Array.isArray(value)) throw invalid(`The ${what} must be a list of [name, value] pairs.`);
  // Array.from, not map: a structured clone (Firefox's messages, the panel's channel) keeps a list's holes, which
  // map would skip and leave in the copy for the worker to trip on.
  return Array.from(value, (pair: unknown, index) => {
    if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string' || typeof pair[1] !== 'string')
      throw invalid(`The ${what} row ${index + 1} must be a [name, value] pair of strings.`);
    return [pair[0], pair[1]];
  });
}

function validateBody(value: unknown): RequestBody {
  if (!isRecord(value)) throw invalid(`The body must be an object with a kind (got ${describeValue(value)}).`);
  switch (value.kind) {
    case 'none':
      return { kind: 'none' };
    case 'json':
      if (typeof value.text !== 'string') throw invalid('A JSON body needs its text as a string.');
      return { kind: 'json', text: value.text };
    case 'form':
      return { kind: 'form', fields: validatePairs(value.fields, 'form field') };
    case 'text':
    case 'bytes': {
      const bytes = value.kind === 'bytes';
      // A file's bytes come as base64 (messages carry JSON).
      const content = bytes ? value.base64 : value.text;
      if (typeof content !== 'string' || typeof value.contentType !== 'string')
        throw invalid(`A ${value.kind} body needs its ${bytes ? 'base64' : 'text'} and content type as strings.`);
      if (bytes) {
        // Checked first, from the length alone: a huge string is refused before it is scanned or decoded.
        assertFileBodySize(content);
        assertBase64(content);
      }
      // The content type becomes a header: the same rules, so CR/LF cannot smuggle in a second header.
      const problem = findHeaderProblem('Content-Type', value.contentType);
      if (problem) throw invalid(`The body’s content type is not valid: ${problem}`);
      // The file's name is the page's (history); the worker sends bytes and type only.
      return bytes
        ? { kind: 'bytes', contentType: value.contentType, base64: content }
        : { kind: 'text', contentType: value.contentType, text: content };
    }
    default:
      throw invalid(`Unknown body kind ${describeValue(value.kind)}: use none, json, form, text or bytes.`);
  }
}

/** Checks and copies a `SendRequest` (unknown fields are dropped). */
export function validateSendRequest(value: unknown): SendRequest {
  if (!isRecord(value)) throw invalid(`The request must be an object (got ${describeValue(value)}).`);
  if (!TARGETS.includes(value.target as RequestTarget))
    throw invalid(`Unknown target ${describeValue(value.target)}: use “api” or “bridge”.`);
  const method = validateMethod(value.method);
  if (typeof value.path !== 'string')
    throw invalid(`The path must be a string such as /v2/self (got ${describeValue(value.path)}).`);
  const request: SendRequest = { target: value.target as RequestTarget, method, path: value.path };
  if (value.query !== undefined) request.query = validatePairs(value.query, 'query parameter');
  if (value.headers !== undefined) request.headers = validatePairs(value.headers, 'header');
  if (value.body !== undefined) request.body = validateBody(value.body);
  if (value.signatureMethod !== undefined) {
    if (!SIGNATURE_METHODS.includes(value.signatureMethod as SignatureMethod))
      throw invalid(
        `Unknown signature method ${describeValue(value.signatureMethod)}: use ${SIGNATURE_METHODS.join(', ')}.`,
      );
    request.signatureMethod = value.signatureMethod as SignatureMethod;
  }
  if (value.bridgeAuth !== undefined) {
    if (!BRIDGE_AUTHS.includes(value.bridgeAuth as BridgeAuth))
      throw invalid(`Unknown bridge authentication ${describeValue(value.bridgeAuth)}: use token or oauth-plaintext.`);
    request.bridgeAuth = value.bridgeAuth as BridgeAuth;
  }
  if (value.requestId !== undefined) {
    if (typeof value.requestId !== 'string' || value.requestId.length > 200)
      throw invalid('The request id must be a string of at most 200 characters.');
    request.requestId = value.requestId;
  }
  if (value.timeoutMs !== undefined) {
    if (typeof value.timeoutMs !== 'number' || !(value.timeoutMs > 0 && value.timeoutMs <= MAX_TIMEOUT_MS))
      throw invalid('The timeout must be a number of milliseconds between 1 and 600000.');
    request.timeoutMs = value.timeoutMs;
  }
  if (value.maxBodyBytes !== undefined) {
    if (typeof value.maxBodyBytes !== 'number' || !Number.isInteger(value.maxBodyBytes) || value.maxBodyBytes < 1)
      throw invalid('The body size limit must be a whole number of bytes.');
    if (value.maxBodyBytes > MAX_BODY_BYTES_LIMIT)
      throw invalid(
        `The body size limit must be at most ${MAX_BODY_BYTES_LIMIT} bytes (256 MB), the most Keyhole reads.`,
      );
    request.maxBodyBytes = value.maxBodyBytes;
  }
  return request;
}

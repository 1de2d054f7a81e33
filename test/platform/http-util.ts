/** Small HTTP helpers shared by the sandbox's three servers: errors as data, bodies, CORS, cookies. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Clock } from './clock.ts';
import { MAX_BODY_BYTES } from './defaults.ts';
import { defaultErrorId } from './error-ids.ts';

export interface ErrorOptions {
  /** Extra fields merged into the default `{id, message, type}` body. */
  extra?: Record<string, unknown>;
  /** Replaces the default body entirely (SFTPGo's `{error, message}`, the bridge's `{code, message}`). */
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
  id?: number;
}

/** Thrown by handlers; the server turns it into a JSON response. */
export class HttpError extends Error {
  readonly status: number;
  readonly options: ErrorOptions;
  constructor(status: number, message: string, options: ErrorOptions = {}) {
    super(message);
    this.status = status;
    this.options = options;
  }

  toBody(): Record<string, unknown> {
    if (this.options.body) return this.options.body;
    return {
      id: this.options.id ?? defaultErrorId(this.status),
      message: this.message,
      type: 'error',
      ...this.options.extra,
    };
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  const body = Buffer.from(JSON.stringify(value));
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': body.length,
    ...headers,
  });
  res.end(body);
}

export function sendText(res: ServerResponse, status: number, type: string, text: string | Buffer, headers = {}): void {
  const body = typeof text === 'string' ? Buffer.from(text) : text;
  res.writeHead(status, { 'Content-Type': type, 'Content-Length': body.length, ...headers });
  res.end(body);
}

export function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, headers);
  res.end();
}

export function sendError(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (error instanceof HttpError) {
    sendJson(res, error.status, error.toBody(), error.options.headers);
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  sendJson(res, 500, { id: defaultErrorId(500), message: `Sandbox internal error: ${message}`, type: 'error' });
}

/** Reads the whole body, refusing more than `limit` bytes with 413. */
export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new HttpError(413, `Request body is larger than ${limit} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** The media type without parameters, lowercased: `application/x-www-form-urlencoded; charset=utf-8` → the first part. */
export function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

export function parseJsonBody(req: IncomingMessage, body: Buffer): unknown {
  const type = mediaType(req);
  if (type !== 'application/json' && !type.endsWith('+json')) {
    throw new HttpError(415, `Expected Content-Type: application/json, got ${type || 'none'}`);
  }
  try {
    return JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new HttpError(400, `Malformed JSON body: ${(error as Error).message}`);
  }
}

export function parseCookies(req: IncomingMessage): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0) cookies.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  return cookies;
}

const EXPOSED_HEADERS = 'Date, Content-Type, Content-Length, Content-Disposition, Location, WWW-Authenticate';

/** Headers every response carries: the shifted Date, and CORS for a cross-origin caller. */
export function setCommonHeaders(req: IncomingMessage, res: ServerResponse, clock: Clock): void {
  res.setHeader('Date', new Date(clock.now()).toUTCString());
  res.setHeader('Cache-Control', 'no-store');
  const origin = req.headers.origin;
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  }
}

/** Answers a CORS preflight. Returns true when it did. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse, allowHeaders: string[] = []): boolean {
  if (req.method !== 'OPTIONS') return false;
  const headers: Record<string, string> = {
    'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE',
    'Access-Control-Allow-Headers': ['Authorization', 'Content-Type', 'Accept', ...allowHeaders].join(', '),
    'Access-Control-Max-Age': '600',
  };
  sendEmpty(res, 204, headers);
  return true;
}

export function pathnameOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const path = url.startsWith('/') ? url : new URL(url).pathname + new URL(url).search;
  const end = path.search(/[?#]/);
  return end === -1 ? path : path.slice(0, end);
}

export function searchParamsOf(req: IncomingMessage): URLSearchParams {
  return new URL(req.url ?? '/', 'http://sandbox.invalid').searchParams;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

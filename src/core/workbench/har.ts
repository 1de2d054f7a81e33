import { buildRequestUrl, encodeQuery } from '../http/request-url.ts';
import type { HistoryBody, HistoryEntry } from './history-entry.ts';
import { REDACTED, redactUrl, stripSensitiveHeaders } from './redact-secrets.ts';

/**
 * Exports history as HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/), the format browsers, Postman and
 * Bruno import. Entries come from history, which never holds secrets; headers are filtered again here anyway,
 * and the signed Authorization header is shown as a placeholder so a reader knows one was sent.
 */

type NameValue = { name: string; value: string };

export interface HarLog {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    pages: [];
    entries: HarEntry[];
    comment?: string;
  };
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: [];
    headers: NameValue[];
    queryString: NameValue[];
    postData?: { mimeType: string; text: string; params?: NameValue[]; comment?: string };
    headersSize: -1;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: [];
    headers: NameValue[];
    content: { size: number; mimeType: string; text?: string; encoding?: 'base64'; comment?: string };
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
    _error?: string;
  };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  comment?: string;
}

/** A stored history record: the summary and, when kept, its body. */
export interface HarInput {
  entry: HistoryEntry;
  body?: HistoryBody;
}

const toNameValues = (pairs: readonly [string, string][]): NameValue[] =>
  pairs.map(([name, value]) => ({ name, value }));

/** Where the request went: the recorded URL, or one rebuilt from the profile's bases when the call failed early. */
function urlOf(entry: HistoryEntry, bases: { apiBaseUrl: string; bridgeUrl: string }): string {
  if (entry.url) return redactUrl(entry.url);
  const base = entry.request.target === 'bridge' ? bases.bridgeUrl : bases.apiBaseUrl;
  return buildRequestUrl(base, entry.request.path, entry.request.query ?? []);
}

function postDataOf(entry: HistoryEntry): HarEntry['request']['postData'] {
  const body = entry.request.body;
  if (!body || body.kind === 'none') return undefined;
  if (body.kind === 'json') return { mimeType: 'application/json', text: body.text };
  if (body.kind === 'text') return { mimeType: body.contentType, text: body.text };
  // History keeps a file's name, not its bytes: the HAR says so rather than showing an empty body as sent.
  if (body.kind === 'bytes')
    return {
      mimeType: body.contentType,
      text: '',
      comment: `The file ${body.fileName ?? ''} was sent; history keeps no file bytes.`,
    };
  return {
    mimeType: 'application/x-www-form-urlencoded',
    text: encodeQuery(body.fields),
    params: toNameValues(body.fields),
  };
}

/**
 * The body's Content-Type, as the worker sent it: it is implied by the body kind (not a row of the Headers
 * table), so without it a replayed HAR request would go out untyped. A Content-Type row of the table wins.
 */
function contentTypeHeader(entry: HistoryEntry, postData: HarEntry['request']['postData']): NameValue[] {
  if (!postData) return [];
  const given = (entry.request.headers ?? []).some(([name]) => name.toLowerCase() === 'content-type');
  return given ? [] : [{ name: 'Content-Type', value: postData.mimeType }];
}

function authPlaceholder(entry: HistoryEntry): NameValue[] {
  if (entry.auth === 'oauth') return [{ name: 'Authorization', value: `OAuth ${REDACTED}` }];
  if (entry.auth === 'bearer') return [{ name: 'Authorization', value: `Bearer ${REDACTED}` }];
  return [];
}

export function buildHar(
  items: readonly HarInput[],
  options: { creatorVersion: string; apiBaseUrl: string; bridgeUrl: string },
): HarLog {
  const entries = [...items]
    .sort((a, b) => a.entry.startedAt - b.entry.startedAt)
    .map(({ entry, body: stored }): HarEntry => {
      const body = stored?.body;
      const postData = postDataOf(entry);
      const duration = Math.max(0, entry.durationMs ?? 0);
      const content: HarEntry['response']['content'] = {
        size: entry.size ?? 0,
        mimeType: entry.contentType ?? '',
      };
      if (body?.kind === 'text') content.text = body.text;
      if (body?.kind === 'bytes') {
        content.text = body.base64;
        content.encoding = 'base64';
      }
      if (body?.truncated || entry.bodyTruncated) content.comment = 'Body cut at the history size limit.';
      const request: HarEntry['request'] = {
        method: entry.request.method,
        url: urlOf(entry, options),
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: [
          ...authPlaceholder(entry),
          ...contentTypeHeader(entry, postData),
          ...toNameValues(stripSensitiveHeaders(entry.request.headers ?? [])),
        ],
        queryString: toNameValues(entry.request.query ?? []),
        headersSize: -1,
        bodySize: postData ? new TextEncoder().encode(postData.text).length : 0,
      };
      if (postData) request.postData = postData;
      const response: HarEntry['response'] = {
        status: entry.status ?? 0,
        statusText: entry.statusText ?? '',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: toNameValues(stripSensitiveHeaders(entry.responseHeaders ?? [])),
        content,
        redirectURL: entry.responseHeaders?.find(([name]) => name.toLowerCase() === 'location')?.[1] ?? '',
        headersSize: -1,
        bodySize: entry.size ?? -1,
      };
      const harEntry: HarEntry = {
        startedDateTime: new Date(entry.startedAt).toISOString(),
        time: duration,
        request,
        response,
        cache: {},
        timings: { send: 0, wait: duration, receive: 0 },
      };
      if (entry.error) {
        // _error is what Chrome's DevTools writes; comment is HAR's own field, which other importers show.
        response._error = `${entry.error.code}: ${entry.error.message}`;
        harEntry.comment = `Failed${entry.status === undefined ? ' before any response' : ''}: ${entry.error.message}${entry.error.detail ? ` (${entry.error.detail})` : ''}`;
      }
      return harEntry;
    });
  return {
    log: {
      version: '1.2',
      creator: { name: 'Keyhole', version: options.creatorVersion },
      pages: [],
      entries,
      comment: 'Exported by Keyhole. Authorization headers are placeholders: requests were signed per call.',
    },
  };
}

import { KeyholeError } from '../errors.ts';
import { encodeQuery, type ProfileOrigins, splitRequestUrl } from '../http/request-url.ts';
import { parseFormBody } from '../oauth1/form-body.ts';
import { percentEncode } from '../oauth1/percent-encode.ts';
import type { HttpMethod } from '../protocol.ts';
import { describeRetarget } from './pasted-url.ts';
import { createDraft, HTTP_METHODS, type KeyValueRow, type RequestDraft } from './request-draft.ts';

/**
 * Turns a request seen elsewhere (a pasted curl command, a request captured in the Network panel) into a
 * composer draft: URL → target, path and query; body by content type. What the browser or Keyhole sets
 * itself (credentials, Host, sec-* headers, OAuth parameters) is dropped, with a notice for what matters.
 */

export interface ForeignRequest {
  method: string;
  url: string;
  headers: readonly [string, string][];
  body?: { text: string; contentType: string; declared?: boolean };
}

export interface ImportedDraft {
  draft: RequestDraft;
  notices: string[];
}

const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);
/** Headers the browser computes or refuses to let a page set; importing them would only add noise. */
const BROWSER_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'accept-encoding',
  'accept-charset',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'origin',
  'referer',
  'user-agent',
  'dnt',
  'priority',
  'expect',
  'date',
  'via',
]);

function isBrowserHeader(lower: string): boolean {
  return BROWSER_HEADERS.has(lower) || lower.startsWith(':') || lower.startsWith('sec-') || lower.startsWith('proxy-');
}

const rows = (pairs: readonly [string, string][]): KeyValueRow[] =>
  pairs.map(([name, value]) => ({ name, value, enabled: true }));

/** The query of a URL as written, without its `?`; undefined when there is none. */
function rawQueryOf(url: string): string | undefined {
  const hash = url.indexOf('#');
  const withoutHash = hash >= 0 ? url.slice(0, hash) : url;
  const question = withoutHash.indexOf('?');
  return question >= 0 && question < withoutHash.length - 1 ? withoutHash.slice(question + 1) : undefined;
}

/** Whether the form fields parsed from `text`, written back the way Keyhole writes a form, are the same bytes. */
function sameFormBytes(fields: readonly [string, string][], text: string): boolean {
  const written = fields.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&');
  return written === text;
}

function looksLikeJson(text: string): boolean {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return false;
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

export function importForeignRequest(request: ForeignRequest, origins?: ProfileOrigins): ImportedDraft {
  const notices: string[] = [];
  const method = request.method.toUpperCase() as HttpMethod;
  if (!HTTP_METHODS.includes(method))
    throw new KeyholeError('invalid-input', `The method ${request.method} is not one Keyhole can send.`);

  let split: ReturnType<typeof splitRequestUrl>;
  try {
    split = splitRequestUrl(request.url, origins);
  } catch {
    throw new KeyholeError('invalid-input', `“${request.url}” is not a URL Keyhole can read.`);
  }
  if (split.target === undefined && split.origin !== '')
    notices.push(
      `${split.origin} is neither your profile's API nor its bridge: the path was kept and will go to your API.`,
    );
  // A command for the real platform imported while a sandbox profile is active (or the other way round).
  const retarget = split.target === undefined ? undefined : describeRetarget(split, origins, 'The command');
  if (retarget) notices.push(retarget);
  const oauthParams = split.query.filter(([name]) => name.startsWith('oauth_'));
  if (oauthParams.length > 0)
    notices.push('Dropped the oauth_* query parameters: Keyhole signs the request with your session.');

  // Keyhole writes each query parameter as name=value in RFC 3986 encoding (what it signs); say so when that
  // changes the bytes (`?pretty` becomes `?pretty=`, `a+b` becomes `a%20b`).
  const keptQuery = split.query.filter(([name]) => !name.startsWith('oauth_'));
  const rawQuery = rawQueryOf(request.url);
  if (oauthParams.length === 0 && rawQuery !== undefined && rawQuery !== encodeQuery(keptQuery))
    notices.push(
      `The query is sent as ?${encodeQuery(keptQuery)}: the same parameters, written the way Keyhole signs them.`,
    );

  const headers: [string, string][] = [];
  const dropped: string[] = [];
  let contentTypeHeader: string | undefined;
  for (const [name, value] of request.headers) {
    const lower = name.toLowerCase();
    if (CREDENTIAL_HEADERS.has(lower)) {
      notices.push(
        lower === 'cookie'
          ? 'Dropped the Cookie header: the platform API does not use cookies.'
          : `Dropped the ${lower === 'authorization' ? 'Authorization' : 'Proxy-Authorization'} header: Keyhole signs the request with your session.`,
      );
    } else if (isBrowserHeader(lower)) {
      dropped.push(name);
    } else if (lower === 'content-type') {
      contentTypeHeader = value;
    } else {
      headers.push([name, value]);
    }
  }
  if (dropped.length > 0) notices.push(`Left out headers the browser sets itself: ${dropped.join(', ')}.`);

  const draft = createDraft({
    method,
    target: split.target ?? 'api',
    path: split.path,
    query: rows(split.query.filter(([name]) => !name.startsWith('oauth_'))),
  });

  const body = request.body;
  if (body && body.text !== '') {
    const contentType = (body.contentType || contentTypeHeader || '').toLowerCase();
    const mediaType = contentType.split(';')[0]?.trim() ?? '';
    const exactType = body.contentType || contentTypeHeader || '';
    if (/^application\/([\w.+-]+\+)?json$/.test(mediaType)) {
      draft.bodyMode = 'json';
      draft.json = body.text;
      // A charset or another JSON type is sent as written.
      if (exactType.toLowerCase() !== 'application/json') headers.push(['Content-Type', exactType]);
    } else if (mediaType === 'application/x-www-form-urlencoded') {
      const parsed = parseFormBody(body.text);
      const keepsBytes = sameFormBytes(parsed, body.text);
      const hasOauthFields = parsed.some(([name]) => name.startsWith('oauth_'));
      if (body.declared === false && looksLikeJson(body.text)) {
        // `curl -d '{…}'` without a Content-Type: curl sends it as a form, but the author meant JSON.
        draft.bodyMode = 'json';
        draft.json = body.text;
        notices.push('The body is JSON sent without a Content-Type; it was imported as a JSON body.');
      } else if (!keepsBytes && !hasOauthFields) {
        // Keyhole writes form fields with RFC 3986 encoding; a body written otherwise (`two+words`, `hello`
        // without `=`) would change on the wire, so it stays text, byte for byte.
        draft.bodyMode = 'text';
        draft.text = body.text;
        draft.textContentType = exactType;
      } else {
        draft.bodyMode = 'form';
        const fields = [...new URLSearchParams(body.text)];
        const oauthFields = fields.filter(([name]) => name.startsWith('oauth_'));
        if (oauthFields.length > 0 && oauthParams.length === 0)
          notices.push('Dropped the oauth_* form fields: Keyhole signs the request with your session.');
        draft.form = rows(fields.filter(([name]) => !name.startsWith('oauth_')));
        if (oauthFields.length > 0 && !keepsBytes)
          notices.push(
            "The other form fields are sent in Keyhole's encoding (the same fields, written %20 for a space).",
          );
        if (exactType.toLowerCase() !== 'application/x-www-form-urlencoded') headers.push(['Content-Type', exactType]);
      }
    } else {
      // Multipart bodies given inline (`--data-raw` with a boundary) are text too: the same bytes, same type.
      draft.bodyMode = 'text';
      draft.text = body.text;
      draft.textContentType = body.contentType || contentTypeHeader || 'text/plain';
    }
  } else if (contentTypeHeader) {
    headers.push(['Content-Type', contentTypeHeader]);
  }
  draft.headers = rows(headers);
  return { draft, notices };
}

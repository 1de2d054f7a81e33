/**
 * What Keyhole would send for an imported draft: the same validateDraft → URL → encodeBody path the worker takes.
 * The importer differentials (curl, HAR) compare it with what the real tool sent.
 */
import { encodeBody } from '../../../src/core/http/encode-body.ts';
import { buildRequestUrl } from '../../../src/core/http/request-url.ts';
import { type RequestDraft, validateDraft } from '../../../src/core/workbench/request-draft.ts';

export interface Sent {
  method: string;
  /** Path and query, as bytes on the request line. */
  target: string;
  headers: [string, string][];
  body: string;
}

export function keyholeSends(draft: RequestDraft, origin: string): Sent {
  const checked = validateDraft(draft);
  if (!checked.ok) throw new Error(`draft refused: ${JSON.stringify(checked.issues)}`);
  const { request } = checked;
  const url = new URL(buildRequestUrl(origin, request.path, request.query ?? []));
  const encoded = encodeBody(request.body);
  const headers = [...(request.headers ?? [])];
  if (encoded.contentType && !headers.some(([name]) => name.toLowerCase() === 'content-type')) {
    headers.push(['Content-Type', encoded.contentType]);
  }
  return { method: request.method, target: url.pathname + url.search, headers, body: encoded.text ?? '' };
}

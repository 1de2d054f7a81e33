import type { HttpMethod } from '../../protocol.ts';
import { isSensitiveHeader, looksLikeCredentialValue } from '../redact-secrets.ts';
import { createDraft, HTTP_METHODS, type KeyValueRow, type RequestDraft } from '../request-draft.ts';
import { convertBraceVariables } from './imported-url.ts';
import type { NoticeList } from './notice-list.ts';

/**
 * One request of another tool's collection (Postman, Insomnia, Bruno), in the parts they all have, turned into a
 * composer draft: credential headers dropped (Keyhole signs with the session), the Content-Type read into the body,
 * `{{variables}}` converted, and what the composer cannot hold named in a notice.
 */
export interface ForeignParts {
  method: string;
  path: string;
  params?: Record<string, string>;
  query: KeyValueRow[];
  headers: KeyValueRow[];
  body?:
    | { kind: 'raw'; text: string; contentType: string }
    | { kind: 'form'; fields: KeyValueRow[] }
    | { kind: 'multipart'; fields: KeyValueRow[]; files: number }
    | { kind: 'unsupported'; what: string };
}

const convertRows = (rows: readonly KeyValueRow[]) =>
  rows.map((row) => ({
    name: convertBraceVariables(row.name),
    value: convertBraceVariables(row.value),
    enabled: row.enabled,
  }));

export function draftOfParts(parts: ForeignParts, label: string, notices: NoticeList): RequestDraft | undefined {
  const method = parts.method.trim().toUpperCase() as HttpMethod;
  if (!HTTP_METHODS.includes(method)) {
    notices.add(`the method ${parts.method.slice(0, 40)} is not one Keyhole sends; the request was left out.`, label);
    return undefined;
  }
  const headers: KeyValueRow[] = [];
  let contentType = '';
  for (const row of convertRows(parts.headers)) {
    const name = row.name.trim();
    if (!name) continue;
    if (isSensitiveHeader(name) || looksLikeCredentialValue(row.value))
      notices.add(`dropped the ${name} header; Keyhole signs with your session.`, label);
    else if (name.toLowerCase() === 'content-type') {
      if (row.enabled) contentType = row.value;
    } else headers.push({ ...row, name });
  }
  const path = parts.path;
  const draft = createDraft({
    method,
    target: /^\/api-tokens(\/|$)/.test(path) ? 'bridge' : 'api',
    path,
    params: parts.params ?? {},
    query: convertRows(parts.query),
    headers,
  });
  const body = parts.body;
  if (!body) {
    if (contentType) headers.push({ name: 'Content-Type', value: contentType, enabled: true });
    return draft;
  }
  if (body.kind === 'raw') {
    if (body.text === '') return draft;
    const type = body.contentType || contentType;
    const text = convertBraceVariables(body.text);
    if (/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
      draft.bodyMode = 'json';
      draft.json = text;
      if (type.toLowerCase() !== 'application/json') headers.push({ name: 'Content-Type', value: type, enabled: true });
    } else {
      draft.bodyMode = 'text';
      draft.text = text;
      draft.textContentType = type || 'text/plain';
    }
  } else if (body.kind === 'form' || body.kind === 'multipart') {
    draft.bodyMode = 'form';
    draft.form = convertRows(body.fields);
    if (body.kind === 'multipart')
      notices.add(
        `its multipart form is imported as an urlencoded form${body.files > 0 ? `, without its ${body.files} file field${body.files === 1 ? '' : 's'}` : ''}.`,
        label,
      );
  } else {
    notices.add(`its ${body.what} body cannot be imported; the body was left empty.`, label);
  }
  return draft;
}

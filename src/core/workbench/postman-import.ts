import { KeyholeError } from '../errors.ts';
import type { HttpMethod } from '../protocol.ts';
import type { ImportedRequest } from './collection-file.ts';
import { isSensitiveHeader, looksLikeCredentialValue, looksSecretName } from './redact-secrets.ts';
import { createDraft, HTTP_METHODS, type KeyValueRow, type RequestDraft } from './request-draft.ts';

/**
 * Postman v2.1 collections: folders, requests without their auth, and `{{variables}}`, which become Keyhole's
 * `{name}` (one syntax). Auth blocks, credential headers and secret-looking variables are dropped, each with a
 * notice; the host is dropped too (`{{baseUrl}}`, a full URL): requests go to the profile's API or bridge.
 */
export interface PostmanImport {
  requests: ImportedRequest[];
  /** The collection's own variables (secret-looking ones left out), offered as an environment. */
  variables: KeyValueRow[];
  name: string;
  notices: string[];
}

interface PostmanKeyValue {
  key?: string;
  value?: unknown;
  disabled?: boolean;
}

interface PostmanUrl {
  raw?: string;
  path?: (string | { value?: string })[] | string;
  query?: PostmanKeyValue[];
  variable?: PostmanKeyValue[];
}

interface PostmanRequest {
  method?: string;
  url?: string | PostmanUrl;
  header?: PostmanKeyValue[] | string;
  body?: {
    mode?: string;
    raw?: string;
    urlencoded?: PostmanKeyValue[];
    formdata?: (PostmanKeyValue & { type?: string })[];
    options?: { raw?: { language?: string } };
  };
  auth?: unknown;
}

interface PostmanItem {
  name?: string;
  item?: PostmanItem[];
  request?: PostmanRequest | string;
  auth?: unknown;
}

/** `{{name}}` → `{name}`; Postman's `{{$guid}}`-style dynamic values have no equivalent and are kept as typed. */
export function convertPostmanVariables(text: string): string {
  return text.replace(/\{\{\s*([A-Za-z_][\w-]*)\s*\}\}/g, '{$1}');
}

const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined ? '' : String(value));

/**
 * Drops the host: `{{baseUrl}}`, `https://host`, or `host.tld` before the first `/`, `?` or `#` (after any
 * leading spaces); anything else is kept as typed. Done in steps that each read the text once: one regex with
 * `^\s*(…|[^/?#{]*\.…)` backtracked over every split of a long run of spaces (80 KB froze the panel 8 s).
 */
function dropHost(raw: string): string {
  const start = raw.length - raw.trimStart().length;
  const rest = raw.slice(start);
  const host = /^\{\{[^}]*\}\}/.exec(rest) ?? /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(rest);
  if (host) return rest.slice(host[0].length);
  const end = rest.search(/[/?#]/);
  const segment = end < 0 ? rest : rest.slice(0, end);
  const brace = segment.indexOf('{');
  return (brace < 0 ? segment : segment.slice(0, brace)).includes('.') ? rest.slice(segment.length) : raw;
}

function pathOf(url: string | PostmanUrl | undefined): { path: string; query: KeyValueRow[] } {
  const rows = (list: PostmanKeyValue[] | undefined) =>
    (list ?? [])
      .filter((item) => item.key !== undefined)
      .map((item) => ({
        name: convertPostmanVariables(text(item.key)),
        value: convertPostmanVariables(text(item.value)),
        enabled: item.disabled !== true,
      }));
  if (url && typeof url === 'object' && url.path !== undefined) {
    const segments = Array.isArray(url.path)
      ? url.path.map((part) => (typeof part === 'string' ? part : text(part.value)))
      : url.path.split('/');
    const path = convertPostmanVariables(`/${segments.filter((part) => part !== '').join('/')}`);
    return { path: path.replace(/(^|\/):([A-Za-z_][\w-]*)/g, '$1{$2}'), query: rows(url.query) };
  }
  const raw = typeof url === 'string' ? url : text(url?.raw);
  const withoutHost = dropHost(raw);
  const [pathPart = '', queryPart = ''] = withoutHost.split('?');
  const query = queryPart
    ? queryPart.split('&').map((pair) => {
        const [name = '', value = ''] = pair.split('=');
        return { name: convertPostmanVariables(name), value: convertPostmanVariables(value), enabled: true };
      })
    : [];
  const path = convertPostmanVariables(pathPart.startsWith('/') ? pathPart : `/${pathPart}`);
  return { path: path.replace(/(^|\/):([A-Za-z_][\w-]*)/g, '$1{$2}'), query };
}

function draftOf(request: PostmanRequest, label: string, notices: string[]): RequestDraft | undefined {
  const method = text(request.method || 'GET').toUpperCase() as HttpMethod;
  if (!HTTP_METHODS.includes(method)) {
    notices.push(`${label}: the method ${request.method} is not one Keyhole sends; the request was left out.`);
    return undefined;
  }
  const { path, query } = pathOf(request.url);
  if (request.auth) notices.push(`${label}: dropped its auth settings; Keyhole signs with your session.`);
  const headers: KeyValueRow[] = [];
  let contentType = '';
  for (const item of Array.isArray(request.header) ? request.header : []) {
    const name = text(item.key).trim();
    const value = convertPostmanVariables(text(item.value));
    if (!name) continue;
    if (isSensitiveHeader(name) || looksLikeCredentialValue(value)) {
      notices.push(`${label}: dropped the ${name} header; Keyhole signs with your session.`);
    } else if (name.toLowerCase() === 'content-type') {
      contentType = value;
    } else {
      headers.push({ name, value, enabled: item.disabled !== true });
    }
  }
  const draft = createDraft({ method, target: /^\/api-tokens\b/.test(path) ? 'bridge' : 'api', path, query, headers });
  const body = request.body;
  const fields = (list: PostmanKeyValue[] | undefined) =>
    (list ?? []).map((item) => ({
      name: convertPostmanVariables(text(item.key)),
      value: convertPostmanVariables(text(item.value)),
      enabled: item.disabled !== true,
    }));
  if (body?.mode === 'raw' && text(body.raw) !== '') {
    const raw = convertPostmanVariables(text(body.raw));
    if (body.options?.raw?.language === 'json' || /json/i.test(contentType)) {
      draft.bodyMode = 'json';
      draft.json = raw;
    } else {
      draft.bodyMode = 'text';
      draft.text = raw;
      draft.textContentType = contentType || 'text/plain';
    }
  } else if (body?.mode === 'urlencoded') {
    draft.bodyMode = 'form';
    draft.form = fields(body.urlencoded);
  } else if (body?.mode === 'formdata') {
    const files = (body.formdata ?? []).filter((item) => item.type === 'file');
    draft.bodyMode = 'form';
    draft.form = fields((body.formdata ?? []).filter((item) => item.type !== 'file'));
    notices.push(
      `${label}: its multipart form is imported as an urlencoded form${files.length > 0 ? ', without its files' : ''}.`,
    );
  } else if (body?.mode && body.mode !== 'none' && body.mode !== 'raw') {
    notices.push(`${label}: its ${body.mode} body cannot be imported; the body was left empty.`);
  }
  return draft;
}

export function isPostmanCollection(value: unknown): boolean {
  const info = (value as { info?: { schema?: unknown } })?.info;
  return typeof info?.schema === 'string' && /schema\.getpostman\.com/.test(info.schema);
}

export function importPostmanCollection(value: unknown): PostmanImport {
  const collection = value as {
    info?: { name?: string; schema?: string };
    item?: PostmanItem[];
    variable?: PostmanKeyValue[];
    auth?: unknown;
  };
  const schema = text(collection?.info?.schema);
  if (!isPostmanCollection(value)) throw new KeyholeError('invalid-input', 'This is not a Postman collection.');
  if (!/v2\.1/.test(schema))
    throw new KeyholeError(
      'invalid-input',
      'Only Postman collections in format v2.1 can be imported: export it again as v2.1.',
    );
  const notices: string[] = [];
  const name = text(collection.info?.name).trim() || 'Postman';
  if (collection.auth) notices.push('Dropped the collection’s auth settings; Keyhole signs with your session.');
  const requests: ImportedRequest[] = [];
  const walk = (items: PostmanItem[] | undefined, folder: string) => {
    for (const item of items ?? []) {
      const itemName = text(item.name).trim() || 'Untitled';
      if (Array.isArray(item.item)) {
        if (item.auth) notices.push(`${itemName}: dropped the folder’s auth settings.`);
        walk(item.item, folder ? `${folder}/${itemName}` : itemName);
        continue;
      }
      if (!item.request) continue;
      const request = typeof item.request === 'string' ? { url: item.request } : item.request;
      const draft = draftOf(request, itemName, notices);
      if (draft) requests.push({ name: itemName, folder, draft });
    }
  };
  walk(collection.item, name);
  const variables: KeyValueRow[] = [];
  for (const item of collection.variable ?? []) {
    const key = text(item.key).trim();
    const variable = text(item.value);
    if (!key) continue;
    if (looksSecretName(key) || looksLikeCredentialValue(variable))
      notices.push(`Left out the variable ${key}: it looks like a secret, and Keyhole signs with your session.`);
    else variables.push({ name: key, value: variable, enabled: item.disabled !== true });
  }
  return { requests, variables, name, notices };
}

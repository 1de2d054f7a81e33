import { dataRecord } from '../data-record.ts';
import { KeyholeError } from '../errors.ts';
import type { ImportedRequest } from './collection-file.ts';
import { draftOfParts, type ForeignParts } from './import/imported-draft.ts';
import {
  convertBraceVariables,
  isTypePlaceholder,
  joinPath,
  resolveHost,
  splitImportedUrl,
} from './import/imported-url.ts';
import { describeDroppedHosts, NoticeList } from './import/notice-list.ts';
import { looksLikeCredentialValue, looksSecretName } from './redact-secrets.ts';
import type { KeyValueRow, RequestDraft } from './request-draft.ts';

/**
 * Postman v2.0 and v2.1 collections: folders, requests without their auth, and `{{variables}}`, which become
 * Keyhole's `{name}` (one syntax). Auth blocks, credential headers and secret-looking variables are dropped, with a
 * notice; the host is dropped too (`{{baseUrl}}`, a full URL): requests go to the profile's API or bridge. The path
 * a base URL holds (`{{baseUrl}}` = `https://api.clever-cloud.com/v2`) stays in front of each request's path.
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
  host?: string[] | string;
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
  event?: unknown;
  item?: PostmanItem[];
  request?: PostmanRequest | string;
  auth?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : value === undefined ? '' : String(value));

/** What a request's URL becomes, and the host it named (for the notice). */
interface PlacedUrl {
  path: string;
  query: KeyValueRow[];
  params: Record<string, string>;
  host: string;
}

/** v2.0 allows the headers as one string, `Name: value` a line (`//` in front: disabled). */
function headerRows(header: PostmanRequest['header']): PostmanKeyValue[] {
  if (Array.isArray(header)) return header.filter((item) => item !== null && typeof item === 'object');
  if (typeof header !== 'string') return [];
  return header.split(/\r?\n/).flatMap((line) => {
    const disabled = line.trimStart().startsWith('//');
    const content = disabled ? line.trimStart().slice(2) : line;
    const colon = content.indexOf(':');
    return colon > 0 ? [{ key: content.slice(0, colon).trim(), value: content.slice(colon + 1).trim(), disabled }] : [];
  });
}

function urlOf(url: string | PostmanUrl | undefined, variables: ReadonlyMap<string, string>): PlacedUrl {
  const rows = (list: PostmanKeyValue[] | undefined) =>
    (Array.isArray(list) ? list : [])
      .filter((item) => item && item.key !== undefined && item.key !== null)
      .map((item) => ({
        name: convertBraceVariables(text(item.key)),
        value: convertBraceVariables(text(item.value)),
        enabled: item.disabled !== true,
      }));
  // `:id` path variables carry their values in `url.variable`; a generator's `<string>` is no value.
  const params = dataRecord<string>();
  if (url && typeof url === 'object')
    for (const item of Array.isArray(url.variable) ? url.variable : []) {
      const value = convertBraceVariables(text(item?.value));
      if (item?.key && value !== '' && !isTypePlaceholder(value)) params[text(item.key)] = value;
    }
  if (url && typeof url === 'object' && url.path !== undefined && url.path !== null) {
    const segments = Array.isArray(url.path)
      ? url.path.map((part) => (typeof part === 'string' ? part : text(part?.value)))
      : text(url.path).split('/');
    const hostText = Array.isArray(url.host) ? url.host.map(text).join('.') : text(url.host);
    const { origin, prefix } = resolveHost(hostText, variables);
    const path = joinPath(prefix, segments.filter((part) => part !== '').join('/'));
    return { path, query: rows(url.query), params, host: origin };
  }
  const split = splitImportedUrl(typeof url === 'string' ? url : text(url?.raw), variables);
  return { ...split, params };
}

const rowsOf = (list: PostmanKeyValue[] | undefined): KeyValueRow[] =>
  (Array.isArray(list) ? list : []).map((item) => ({
    name: text(item?.key),
    value: text(item?.value),
    enabled: item?.disabled !== true,
  }));

function bodyOf(request: PostmanRequest): ForeignParts['body'] {
  const body = request.body;
  if (!body?.mode || body.mode === 'none') return undefined;
  if (body.mode === 'raw') {
    const typed = headerRows(request.header).find((item) => text(item.key).trim().toLowerCase() === 'content-type');
    const json = body.options?.raw?.language === 'json' ? 'application/json' : '';
    return { kind: 'raw', text: text(body.raw), contentType: typed ? '' : json };
  }
  if (body.mode === 'urlencoded') return { kind: 'form', fields: rowsOf(body.urlencoded) };
  if (body.mode === 'formdata') {
    const list = Array.isArray(body.formdata) ? body.formdata : [];
    const files = list.filter((item) => item?.type === 'file').length;
    return { kind: 'multipart', fields: rowsOf(list.filter((item) => item?.type !== 'file')), files };
  }
  return { kind: 'unsupported', what: text(body.mode).slice(0, 40) };
}

function draftOf(
  request: PostmanRequest,
  label: string,
  notices: NoticeList,
  variables: ReadonlyMap<string, string>,
  hosts: Set<string>,
): RequestDraft | undefined {
  const { path, query, params, host } = urlOf(request.url, variables);
  const draft = draftOfParts(
    {
      method: text(request.method || 'GET'),
      path,
      params,
      query,
      headers: headerRows(request.header).map((item) => ({
        name: text(item.key),
        value: text(item.value),
        enabled: item.disabled !== true,
      })),
      body: bodyOf(request),
    },
    label,
    notices,
  );
  if (!draft) return undefined;
  if (host) hosts.add(host);
  if (request.auth) notices.add('dropped its auth settings; Keyhole signs with your session.', label);
  return draft;
}

export function isPostmanCollection(value: unknown): boolean {
  const info = (value as { info?: { schema?: unknown } })?.info;
  return typeof info?.schema === 'string' && /schema\.getpostman\.com/.test(info.schema);
}

/** Whether a Postman `event` list holds a script with code (the converter writes empty lists). */
function hasScripts(event: unknown): boolean {
  return (
    Array.isArray(event) &&
    event.some((item) => {
      const exec = (item as { script?: { exec?: unknown } })?.script?.exec;
      return Array.isArray(exec)
        ? exec.some((line) => typeof line === 'string' && line.trim() !== '')
        : typeof exec === 'string' && exec.trim() !== '';
    })
  );
}

/** The collection's own variables by name, read first: `{{baseUrl}}`'s value says which path prefix to keep. */
function variablesOf(list: PostmanKeyValue[] | undefined): Map<string, string> {
  const variables = new Map<string, string>();
  for (const item of Array.isArray(list) ? list : []) {
    const key = text(item?.key).trim();
    if (key && !variables.has(key)) variables.set(key, text(item.value));
  }
  return variables;
}

export function importPostmanCollection(value: unknown): PostmanImport {
  const collection = value as {
    info?: { name?: string; schema?: string };
    item?: PostmanItem[];
    variable?: PostmanKeyValue[];
    auth?: unknown;
    event?: unknown;
  };
  const schema = text(collection?.info?.schema);
  if (!isPostmanCollection(value)) throw new KeyholeError('invalid-input', 'This is not a Postman collection.');
  if (!/\/v2\.[01]\.\d+\//.test(schema))
    throw new KeyholeError(
      'invalid-input',
      `This Postman collection's format (${schema.slice(0, 120)}) is not one Keyhole reads: export it again as v2.1.`,
    );
  const notices = new NoticeList();
  const name = text(collection.info?.name).trim() || 'Postman';
  if (collection.auth) notices.add('Dropped the collection’s auth settings; Keyhole signs with your session.');
  if (hasScripts(collection.event)) notices.add('The collection’s pre-request and test scripts are not imported.');
  const variables = variablesOf(collection.variable);
  const hosts = new Set<string>();
  const requests: ImportedRequest[] = [];
  // Iterative: a hostile file nests folders deeper than the stack.
  const stack: { items: PostmanItem[]; folder: string; at: number }[] = [
    { items: Array.isArray(collection.item) ? collection.item : [], folder: name, at: 0 },
  ];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as (typeof stack)[number];
    if (frame.at >= frame.items.length) {
      stack.pop();
      continue;
    }
    const item = frame.items[frame.at] ?? {};
    frame.at += 1;
    const itemName = text(item.name).trim() || 'Untitled';
    if (Array.isArray(item.item)) {
      if (item.auth) notices.add('dropped the folder’s auth settings.', itemName);
      if (hasScripts(item.event)) notices.add('the folder’s scripts are not imported.', itemName);
      stack.push({ items: item.item, folder: `${frame.folder}/${itemName}`, at: 0 });
      continue;
    }
    if (!item.request) continue;
    const request = typeof item.request === 'string' ? { url: item.request } : item.request;
    const draft = draftOf(request, itemName, notices, variables, hosts);
    if (draft) requests.push({ name: itemName, folder: frame.folder, draft });
    if (draft && hasScripts(item.event)) notices.add('its pre-request and test scripts are not imported.', itemName);
  }
  if (hosts.size > 0) notices.add(describeDroppedHosts(hosts));
  const kept: KeyValueRow[] = [];
  for (const [key, variable] of variables) {
    if (looksSecretName(key) || looksLikeCredentialValue(variable))
      notices.add(`Left out the variable ${key}: it looks like a secret, and Keyhole signs with your session.`);
    else
      kept.push({
        name: key,
        value: variable,
        enabled: !(Array.isArray(collection.variable) ? collection.variable : []).some(
          (item) => text(item?.key).trim() === key && item.disabled === true,
        ),
      });
  }
  return { requests, variables: kept, name, notices: notices.lines() };
}

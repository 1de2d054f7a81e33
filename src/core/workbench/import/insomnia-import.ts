import { dataRecord } from '../../data-record.ts';
import { KeyholeError } from '../../errors.ts';
import type { ImportedEnvironment, ImportedRequest } from '../collection-file.ts';
import { looksLikeCredentialValue, looksSecretName } from '../redact-secrets.ts';
import type { KeyValueRow } from '../request-draft.ts';
import { draftOfParts, type ForeignParts } from './imported-draft.ts';
import { convertBraceVariables, splitImportedUrl } from './imported-url.ts';
import { describeDroppedHosts, NoticeList } from './notice-list.ts';

/**
 * Insomnia's export (Application menu → Export data → Insomnia v4 JSON): a flat list of resources linked by
 * `parentId` — workspace, folders (`request_group`), requests, environments. Nunjucks `{{ _.name }}` becomes
 * `{name}`; the base environment's values say which path a `{{ _.baseUrl }}` carries; template tags (`{% … %}`,
 * response chaining, prompts) have no equivalent and are named in a notice. Auth and credential headers are
 * dropped, as for Postman.
 */
export interface InsomniaImport {
  name: string;
  requests: ImportedRequest[];
  environments: ImportedEnvironment[];
  notices: string[];
}

interface Resource {
  _id?: unknown;
  _type?: unknown;
  parentId?: unknown;
  name?: unknown;
  method?: unknown;
  url?: unknown;
  parameters?: { name?: unknown; value?: unknown; disabled?: unknown }[];
  pathParameters?: { name?: unknown; value?: unknown }[];
  headers?: { name?: unknown; value?: unknown; disabled?: unknown }[];
  body?: {
    mimeType?: unknown;
    text?: unknown;
    params?: { name?: unknown; value?: unknown; disabled?: unknown; type?: unknown }[];
  };
  authentication?: { type?: unknown; disabled?: unknown };
  data?: unknown;
  metaSortKey?: unknown;
}

const text = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';

export function isInsomniaExport(value: unknown): boolean {
  const file = value as { _type?: unknown; resources?: unknown };
  return file?._type === 'export' && Array.isArray(file.resources);
}

const rowsOf = (list: Resource['headers']): KeyValueRow[] =>
  (Array.isArray(list) ? list : []).map((item) => ({
    name: text(item?.name),
    value: text(item?.value),
    enabled: item?.disabled !== true,
  }));

function bodyOf(body: Resource['body']): ForeignParts['body'] {
  if (!body || typeof body !== 'object') return undefined;
  const mimeType = text(body.mimeType);
  if (mimeType === 'application/x-www-form-urlencoded') return { kind: 'form', fields: rowsOf(body.params) };
  if (mimeType === 'multipart/form-data') {
    const list = Array.isArray(body.params) ? body.params : [];
    const files = list.filter((item) => item?.type === 'file').length;
    return { kind: 'multipart', fields: rowsOf(list.filter((item) => item?.type !== 'file')), files };
  }
  if (mimeType === 'application/graphql') return { kind: 'unsupported', what: 'GraphQL' };
  if (mimeType === 'application/octet-stream') return { kind: 'unsupported', what: 'file' };
  if (typeof body.text === 'string') return { kind: 'raw', text: body.text, contentType: mimeType };
  return undefined;
}

/** Flat string values of an environment's `data`; nested objects (read as `_.a.b`) are named in a notice. */
function environmentRows(data: unknown, label: string, notices: NoticeList): KeyValueRow[] {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return [];
  const rows: KeyValueRow[] = [];
  for (const [name, value] of Object.entries(data)) {
    if (value !== null && typeof value === 'object') {
      notices.add(`left out the nested variable ${name} (Keyhole's variables are flat).`, label);
      continue;
    }
    const string = text(value);
    if (looksSecretName(name) || looksLikeCredentialValue(string))
      notices.add(`Left out the variable ${name}: it looks like a secret, and Keyhole signs with your session.`);
    else rows.push({ name, value: convertBraceVariables(string), enabled: true });
  }
  return rows;
}

export function importInsomniaExport(value: unknown): InsomniaImport {
  const file = value as { __export_format?: unknown; resources: unknown[] };
  if (file.__export_format !== 4 && file.__export_format !== 3)
    throw new KeyholeError(
      'invalid-input',
      `This Insomnia export is format ${text(file.__export_format).slice(0, 20) || 'unknown'}; Keyhole reads format 4 (Export data → Insomnia v4 JSON).`,
    );
  const notices = new NoticeList();
  const resources = file.resources.filter(
    (item): item is Resource => item !== null && typeof item === 'object' && typeof (item as Resource)._id === 'string',
  );
  const byId = new Map<string, Resource>();
  for (const resource of resources) if (!byId.has(resource._id as string)) byId.set(resource._id as string, resource);
  const workspace = resources.find((resource) => resource._type === 'workspace');
  const name = text(workspace?.name).trim() || 'Insomnia';

  // The base environment (child of the workspace) and its sub-environments; the base's values resolve hosts.
  const environments: ImportedEnvironment[] = [];
  const baseValues = new Map<string, string>();
  for (const resource of resources.filter((item) => item._type === 'environment')) {
    const label = text(resource.name).trim() || 'Environment';
    const rows = environmentRows(resource.data, label, notices);
    const isBase = byId.get(text(resource.parentId))?._type !== 'environment';
    if (isBase) for (const row of rows) if (!baseValues.has(row.name)) baseValues.set(row.name, row.value);
    if (rows.length > 0) environments.push({ name: isBase ? name : `${name} ${label}`, variables: rows });
  }

  /** The folder path of a resource: its request_group ancestors, nearest last; cycles and depth bounded. */
  const folderOf = (resource: Resource): string => {
    const names: string[] = [];
    const seen = new Set<string>();
    let parent = byId.get(text(resource.parentId));
    while (parent && parent._type === 'request_group' && !seen.has(parent._id as string) && names.length < 64) {
      seen.add(parent._id as string);
      names.unshift(text(parent.name).trim() || 'Folder');
      parent = byId.get(text(parent.parentId));
    }
    return [name, ...names].join('/');
  };

  const hosts = new Set<string>();
  const requests: ImportedRequest[] = [];
  const list = resources
    .filter((resource) => resource._type === 'request')
    .sort((a, b) => Number(a.metaSortKey ?? 0) - Number(b.metaSortKey ?? 0) || 0);
  for (const request of list) {
    const label = text(request.name).trim() || 'Untitled';
    const url = text(request.url);
    if (/\{%/.test(url) || JSON.stringify(request.headers ?? '').includes('{%'))
      notices.add('uses Insomnia template tags ({% … %}), which Keyhole sends as typed.', label);
    const split = splitImportedUrl(url, baseValues);
    if (split.host) hosts.add(split.host);
    const params = dataRecord<string>();
    for (const item of Array.isArray(request.pathParameters) ? request.pathParameters : [])
      if (text(item?.name) && text(item?.value)) params[text(item.name)] = convertBraceVariables(text(item.value));
    const draft = draftOfParts(
      {
        method: text(request.method) || 'GET',
        path: split.path,
        params,
        query: [...split.query, ...rowsOf(request.parameters)],
        headers: rowsOf(request.headers),
        body: bodyOf(request.body),
      },
      label,
      notices,
    );
    if (!draft) continue;
    const auth = text(request.authentication?.type);
    if (auth && auth !== 'none' && request.authentication?.disabled !== true)
      notices.add('dropped its auth settings; Keyhole signs with your session.', label);
    requests.push({ name: label, folder: folderOf(request), draft });
  }
  if (hosts.size > 0) notices.add(describeDroppedHosts(hosts));
  return { name, requests, environments, notices: notices.lines() };
}

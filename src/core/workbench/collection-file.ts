import { KeyholeError } from '../errors.ts';
import type { HttpMethod } from '../protocol.ts';
import { isSensitiveHeader, redactRows } from './redact-secrets.ts';
import { createDraft, fileNameOnly, HTTP_METHODS, type KeyValueRow, type RequestDraft } from './request-draft.ts';
import { type RequestChecks, reviveChecks } from './run/checks.ts';
import type { SavedRequest } from './saved-requests.ts';
import { maskDraftParts } from './stored-draft.ts';

/**
 * Keyhole's own collection file: saved requests with their names and folders, and the variable environments, as
 * JSON. Nothing in it can sign a request: credential headers (Authorization, Cookie, API keys) are left out and
 * secret-looking values are masked, the same rules as the stored draft. (The per-profile contexts stay home: they
 * are ids of one account, not part of a collection.)
 */
export const COLLECTION_FORMAT = 'keyhole-collection';
export const COLLECTION_VERSION = 1;

export interface ExportedRequest {
  name: string;
  folder: string;
  method: HttpMethod;
  target: RequestDraft['target'];
  path: string;
  params: Record<string, string>;
  query: [string, string, boolean][];
  headers: [string, string, boolean][];
  body:
    | { mode: 'none' }
    | { mode: 'json'; json: string }
    | { mode: 'form'; fields: [string, string, boolean][] }
    | { mode: 'text'; contentType: string; text: string }
    /** A file body: its type and the file's name, never its bytes (imported, the file is picked again). */
    | { mode: 'file'; contentType: string; fileName?: string };
  signatureMethod?: RequestDraft['signatureMethod'];
  bridgeAuth?: RequestDraft['bridgeAuth'];
  /** Assertions and captures (run/checks.ts). */
  checks?: RequestChecks;
}

export interface ExportedEnvironment {
  name: string;
  variables: [string, string, boolean][];
}

export interface CollectionFile {
  format: typeof COLLECTION_FORMAT;
  version: number;
  exportedAt: string;
  requests: ExportedRequest[];
  /** Added in later files of version 1; a file without it has none. */
  environments?: ExportedEnvironment[];
}

/** An imported environment, before it joins the user's. */
export interface ImportedEnvironment {
  name: string;
  variables: KeyValueRow[];
}

/** An imported request, before it is saved. */
export interface ImportedRequest {
  name: string;
  folder: string;
  draft: RequestDraft;
}

/** A draft as it may be saved or exported: no credential header, secret-looking values masked. */
export function exportableDraft(draft: RequestDraft): RequestDraft {
  return {
    ...draft,
    ...maskDraftParts({ ...draft, headers: draft.headers.filter((row) => !isSensitiveHeader(row.name)) }),
    ...fileNameOnly(draft),
  };
}

const triples = (rows: readonly KeyValueRow[]): [string, string, boolean][] =>
  rows.map((row) => [row.name, row.value, row.enabled]);

function exportRequest(saved: SavedRequest): ExportedRequest {
  const draft = exportableDraft(saved.draft);
  const body: ExportedRequest['body'] =
    draft.bodyMode === 'json'
      ? { mode: 'json', json: draft.json }
      : draft.bodyMode === 'form'
        ? { mode: 'form', fields: triples(draft.form) }
        : draft.bodyMode === 'text'
          ? { mode: 'text', contentType: draft.textContentType, text: draft.text }
          : draft.bodyMode === 'file'
            ? { mode: 'file', contentType: draft.fileContentType ?? '', fileName: draft.fileLost }
            : { mode: 'none' };
  const out: ExportedRequest = {
    name: saved.name,
    folder: saved.folder,
    method: draft.method,
    target: draft.target,
    path: draft.path,
    params: draft.params,
    query: triples(draft.query),
    headers: triples(draft.headers),
    body,
  };
  if (draft.signatureMethod) out.signatureMethod = draft.signatureMethod;
  if (draft.bridgeAuth) out.bridgeAuth = draft.bridgeAuth;
  if (draft.checks) out.checks = draft.checks;
  return out;
}

export function exportCollection(
  list: readonly SavedRequest[],
  now: Date = new Date(),
  environments: readonly ImportedEnvironment[] = [],
): string {
  const file: CollectionFile = {
    format: COLLECTION_FORMAT,
    version: COLLECTION_VERSION,
    exportedAt: now.toISOString(),
    requests: list.map(exportRequest),
  };
  if (environments.length > 0)
    file.environments = environments.map((environment) => ({
      name: environment.name,
      variables: triples(redactRows(environment.variables)),
    }));
  return `${JSON.stringify(file, null, 2)}\n`;
}

const rowsOf = (list: unknown): KeyValueRow[] =>
  Array.isArray(list)
    ? list
        .filter((item) => Array.isArray(item) && typeof item[0] === 'string' && typeof item[1] === 'string')
        .map((item) => ({ name: item[0] as string, value: item[1] as string, enabled: item[2] !== false }))
    : [];

/** Reads Keyhole's own file; each request goes through the same masking as an export. */
export function parseCollectionFile(value: unknown): ImportedRequest[] {
  const file = value as Partial<CollectionFile>;
  if (file?.format !== COLLECTION_FORMAT || !Array.isArray(file.requests))
    throw new KeyholeError('invalid-input', 'This is not a Keyhole collection file.');
  if (typeof file.version !== 'number' || file.version > COLLECTION_VERSION)
    throw new KeyholeError(
      'invalid-input',
      `This collection file is version ${String(file.version)}; this Keyhole reads version ${COLLECTION_VERSION}.`,
    );
  return file.requests.flatMap((item): ImportedRequest[] => {
    const request = item as Partial<ExportedRequest>;
    const method = String(request?.method ?? '').toUpperCase() as HttpMethod;
    if (!HTTP_METHODS.includes(method) || typeof request.path !== 'string') return [];
    const body = (request.body ?? { mode: 'none' }) as ExportedRequest['body'];
    const draft = createDraft({
      method,
      target: request.target === 'bridge' ? 'bridge' : 'api',
      path: request.path,
      params:
        request.params && typeof request.params === 'object'
          ? Object.fromEntries(Object.entries(request.params).filter(([, param]) => typeof param === 'string'))
          : {},
      query: rowsOf(request.query),
      headers: rowsOf(request.headers),
      bodyMode: ['json', 'form', 'text', 'file'].includes(body.mode) ? body.mode : 'none',
      ...(body.mode === 'file'
        ? {
            fileContentType: typeof body.contentType === 'string' ? body.contentType : '',
            fileLost: typeof body.fileName === 'string' ? body.fileName.slice(0, 255) : 'the file',
          }
        : {}),
      json: body.mode === 'json' && typeof body.json === 'string' ? body.json : '',
      form: body.mode === 'form' ? rowsOf(body.fields) : [],
      text: body.mode === 'text' && typeof body.text === 'string' ? body.text : '',
      textContentType: body.mode === 'text' && typeof body.contentType === 'string' ? body.contentType : 'text/plain',
      signatureMethod: ['HMAC-SHA512', 'HMAC-SHA1', 'PLAINTEXT'].includes(request.signatureMethod as string)
        ? (request.signatureMethod as RequestDraft['signatureMethod'])
        : '',
      bridgeAuth: request.bridgeAuth === 'token' || request.bridgeAuth === 'oauth-plaintext' ? request.bridgeAuth : '',
    });
    const checks = reviveChecks(request.checks);
    if (checks) draft.checks = checks;
    const masked = exportableDraft(draft);
    return [
      {
        // Named after the masked path: a name is stored and shown as it is.
        name: typeof request.name === 'string' && request.name.trim() ? request.name : `${method} ${masked.path}`,
        folder: typeof request.folder === 'string' ? request.folder : '',
        draft: masked,
      },
    ];
  });
}

/** The environments of Keyhole's own file (none in older files), masked like an export. */
export function parseCollectionEnvironments(value: unknown): ImportedEnvironment[] {
  const environments = (value as Partial<CollectionFile>)?.environments;
  if (!Array.isArray(environments)) return [];
  return environments.flatMap((item): ImportedEnvironment[] => {
    const environment = item as Partial<ExportedEnvironment>;
    if (typeof environment?.name !== 'string' || environment.name.trim() === '') return [];
    return [{ name: environment.name.trim(), variables: redactRows(rowsOf(environment.variables)) }];
  });
}

import { ownValue } from '../data-record.ts';
import { findHeaderProblem, findHiddenPathProblem, HEADER_NAME, RESERVED_HEADERS } from '../http/request-guard.ts';
import { isFormMediaType } from '../oauth1/form-body.ts';
import type { BridgeAuth, HttpMethod, RequestBody, RequestTarget, SendRequest, SignatureMethod } from '../protocol.ts';
import { locateJsonError } from './json-syntax.ts';
import { fillPathTemplate, listPlaceholders } from './path-template.ts';
import { isRedacted, REDACTED } from './redact-secrets.ts';
import type { RequestChecks } from './run/checks.ts';

/**
 * What the composer edits, and the checks that stand between it and `request/send`. The checks mirror the
 * worker's guards (path prefix, traversal, header syntax, reserved headers) so a problem is shown beside the
 * field that has it instead of coming back as a refusal; the worker still checks everything again.
 */

export const HTTP_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

export interface KeyValueRow {
  name: string;
  value: string;
  enabled: boolean;
}

export type BodyMode = 'none' | 'json' | 'form' | 'text' | 'file';

/** A file picked for a binary body (an avatar image): held in memory only, never in a saved draft or history. */
export interface PickedFile {
  name: string;
  size: number;
  base64: string;
}

export interface RequestDraft {
  method: HttpMethod;
  target: RequestTarget;
  /** The path as typed; may hold `{placeholders}` filled from `params`. */
  path: string;
  params: Record<string, string>;
  query: KeyValueRow[];
  headers: KeyValueRow[];
  bodyMode: BodyMode;
  json: string;
  form: KeyValueRow[];
  text: string;
  textContentType: string;
  /** The file sent as the body in `file` mode, while the panel is open. */
  file?: PickedFile;
  /** The `file` body's Content-Type (from the description, else the file's own type). */
  fileContentType?: string;
  /** The name of a file the draft had before a reload or in history: files are not kept, so it is picked again. */
  fileLost?: string;
  /** Empty: the profile's method. */
  signatureMethod: SignatureMethod | '';
  /** Empty: the worker decides (the chosen API token if there is one, else OAuth PLAINTEXT). */
  bridgeAuth: BridgeAuth | '';
  /** Assertions and captures (run/checks.ts); absent: none. */
  checks?: RequestChecks;
}

export type DraftField = 'method' | 'path' | 'param' | 'query' | 'headers' | 'body' | 'form';

export interface DraftIssue {
  field: DraftField;
  /** The placeholder name for `param` issues. */
  key?: string;
  /** The row index for table issues. */
  row?: number;
  message: string;
}

/**
 * A masked secret (from a restored draft or a history entry) is a placeholder, not a value: sending it would
 * send the mask as the password. The user types the real value first.
 */
const MASKED = 'This value was masked when it was saved: type the real value again.';

export type DraftCheck = { ok: true; request: SendRequest } | { ok: false; issues: DraftIssue[] };

export function createDraft(overrides: Partial<RequestDraft> = {}): RequestDraft {
  return {
    method: 'GET',
    target: 'api',
    path: '/v2/self',
    params: {},
    query: [],
    headers: [],
    bodyMode: 'none',
    json: '',
    form: [],
    text: '',
    textContentType: 'text/plain',
    signatureMethod: '',
    bridgeAuth: '',
    ...overrides,
  };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we look for
const CONTROL = /[\u0000-\u001f\u007f]/;

export function methodAllowsBody(method: HttpMethod): boolean {
  return method !== 'GET' && method !== 'HEAD';
}

/** Checks a filled path the way the worker will; returns a message or undefined when it is fine. */
export function checkPath(path: string, target: RequestTarget): string | undefined {
  if (path.trim() === '') return 'Enter a path such as /v2/self.';
  if (/^[a-z][a-z0-9+.-]*:/i.test(path))
    return 'Give a path such as /v2/self, not a full URL (or import it from curl).';
  if (CONTROL.test(path)) return 'The path contains a line break or another control character.';
  if (/\s/.test(path)) return 'The path contains a space; write it as %20.';
  if (path.includes('?')) return 'Put query parameters in the Query table, not in the path.';
  if (path.includes('#')) return 'Fragments (#…) are never sent to a server; remove it.';
  if (path.includes('\\')) return 'The path contains a backslash.';
  if (path.startsWith('//')) return 'The path starts with //, which a browser reads as another host.';
  if (!path.startsWith('/')) return 'A path starts with /, e.g. /v2/self.';
  switch (findHiddenPathProblem(path, target)) {
    case 'malformed-escape':
      return 'The path contains a malformed percent-escape (% must be followed by two hex digits; write a literal % as %25).';
    case 'invalid-utf8':
      return 'The path’s percent-escapes are not valid UTF-8.';
    case 'nested-encoding':
      return 'The path is percent-encoded more times over than any server decodes.';
    case 'control':
    case 'backslash':
      return 'The path hides an encoded control character or backslash.';
    case 'dot-segment':
      return 'The path contains a . or .. segment (also encoded, look-alike or with ;parameters); Keyhole never sends those.';
    case 'empty-segment':
      return 'The path contains an empty segment (//).';
    case 'encoded-slash':
      return 'The path contains an encoded slash (%2F) or a look-alike (／).';
    case 'outside-api':
      return target === 'bridge'
        ? 'Bridge paths start with /v2/, /v4/ or /api-tokens.'
        : 'API paths start with /v2/ or /v4/ (e.g. /v2/self).';
  }
  return undefined;
}

/** Checks one header row; returns a message or undefined. */
export function checkHeader(name: string, value: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return value === '' ? undefined : 'Give this header a name.';
  if (!HEADER_NAME.test(trimmed)) return 'A header name has only letters, digits and - (no spaces or colons).';
  if (/[\r\n\0]/.test(value)) return 'A header value cannot contain a line break.';
  const lower = trimmed.toLowerCase();
  if (RESERVED_HEADERS.has(lower))
    return lower === 'authorization' || lower === 'proxy-authorization'
      ? 'Keyhole signs the request itself; remove this header.'
      : `The browser sets ${trimmed} itself; remove this header.`;
  // Look-alike characters and method overrides: the worker's own words.
  return findHeaderProblem(trimmed, value);
}

export interface JsonProblem {
  message: string;
  line?: number;
  column?: number;
}

/** Parses JSON text for the editor; returns undefined when valid, else a readable problem with its position. */
export function checkJson(text: string): JsonProblem | undefined {
  if (text.trim() === '') return { message: 'The JSON body is empty; enter a value or choose “None”.' };
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    const located = locateJsonError(text);
    if (located) return { message: located.message, line: located.line, column: located.column };
    return { message: error instanceof Error ? error.message : String(error) };
  }
}

function enabledPairs(rows: readonly KeyValueRow[]): [string, string][] {
  return rows.filter((row) => row.enabled && row.name.trim() !== '').map((row) => [row.name.trim(), row.value]);
}

function bodyOf(draft: RequestDraft): RequestBody {
  switch (draft.bodyMode) {
    case 'json':
      return { kind: 'json', text: draft.json };
    case 'form':
      return { kind: 'form', fields: enabledPairs(draft.form) };
    case 'text':
      return { kind: 'text', contentType: draft.textContentType.trim() || 'text/plain', text: draft.text };
    case 'file':
      return {
        kind: 'bytes',
        contentType: draft.fileContentType?.trim() || 'application/octet-stream',
        base64: draft.file?.base64 ?? '',
        ...(draft.file ? { fileName: draft.file.name } : {}),
      };
    default:
      return { kind: 'none' };
  }
}

/**
 * What a saved draft, a saved request or an export keeps of a file body: the file's name, not its bytes (size,
 * privacy); reopened, the composer asks for that file again.
 */
export function fileNameOnly(draft: RequestDraft): Pick<RequestDraft, 'file' | 'fileLost'> {
  return { file: undefined, fileLost: draft.file?.name ?? draft.fileLost };
}

function fileBodyProblem(draft: RequestDraft): string | undefined {
  if (!draft.file)
    return draft.fileLost
      ? `Pick “${draft.fileLost}” again: a saved draft or history entry keeps no file, only its name.`
      : 'Pick the file to send.';
  const type = draft.fileContentType ?? '';
  if (/[\r\n]/.test(type)) return 'The content type cannot contain a line break.';
  if (isFormMediaType(type)) return 'A file is not sent as a form: give it its own content type.';
  return undefined;
}

/** Checks every field; only a draft without issues becomes a request. */
export function validateDraft(draft: RequestDraft): DraftCheck {
  const issues: DraftIssue[] = [];
  const { path, missing } = fillPathTemplate(draft.path, draft.params);
  for (const name of missing)
    issues.push({ field: 'param', key: name, message: `Choose or type a value for {${name}}.` });
  for (const name of listPlaceholders(draft.path)) {
    const value = ownValue(draft.params, name) ?? '';
    if (value.includes('/') || value === '.' || value === '..')
      issues.push({ field: 'param', key: name, message: `{${name}} is one path segment: no / and not . or ..` });
    else if (isRedacted(value)) issues.push({ field: 'param', key: name, message: MASKED });
  }
  if (missing.length === 0) {
    // A segment's parameter masked when saved (`/v2/self;access_token=…`) is a valid path: it would go out as the mask.
    const problem =
      checkPath(path, draft.target) ??
      (isRedacted(draft.path)
        ? `The path holds a value masked when it was saved (“${REDACTED}”): type the real value again.`
        : undefined);
    if (problem) issues.push({ field: 'path', message: problem });
  } else if (draft.path.trim() === '' || !draft.path.startsWith('/')) {
    issues.push({ field: 'path', message: 'A path starts with /, e.g. /v2/self.' });
  }
  if (draft.target === 'bridge' && draft.method === 'PATCH')
    issues.push({ field: 'method', message: 'The bridge does not forward PATCH; use the API target.' });

  draft.query.forEach((row, index) => {
    if (row.enabled && row.name.trim() === '' && row.value !== '')
      issues.push({ field: 'query', row: index, message: 'Give this query parameter a name.' });
    else if (row.enabled && isRedacted(row.value)) issues.push({ field: 'query', row: index, message: MASKED });
  });
  draft.headers.forEach((row, index) => {
    if (!row.enabled) return;
    const problem = checkHeader(row.name, row.value) ?? (isRedacted(row.value) ? MASKED : undefined);
    if (problem) issues.push({ field: 'headers', row: index, message: problem });
  });

  if (draft.bodyMode !== 'none' && !methodAllowsBody(draft.method)) {
    issues.push({ field: 'body', message: `A ${draft.method} request has no body; choose “None” or another method.` });
  } else if (draft.bodyMode === 'json') {
    const problem = checkJson(draft.json);
    if (problem)
      issues.push({
        field: 'body',
        message: problem.line ? `${problem.message} (line ${problem.line}, column ${problem.column})` : problem.message,
      });
  } else if (draft.bodyMode === 'form') {
    draft.form.forEach((row, index) => {
      if (row.enabled && row.name.trim() === '' && row.value !== '')
        issues.push({ field: 'form', row: index, message: 'Give this field a name.' });
      else if (row.enabled && isRedacted(row.value)) issues.push({ field: 'form', row: index, message: MASKED });
    });
  } else if (draft.bodyMode === 'text' && /[\r\n]/.test(draft.textContentType)) {
    issues.push({ field: 'body', message: 'The content type cannot contain a line break.' });
  } else if (draft.bodyMode === 'file') {
    const problem = fileBodyProblem(draft);
    if (problem) issues.push({ field: 'body', message: problem });
  }
  if (methodAllowsBody(draft.method) && !issues.some((issue) => issue.field === 'body')) {
    const text = draft.bodyMode === 'json' ? draft.json : draft.bodyMode === 'text' ? draft.text : '';
    if (isRedacted(text))
      issues.push({
        field: 'body',
        message: `The body holds a value masked when it was saved (“${REDACTED}”): type the real value again.`,
      });
  }

  if (issues.length > 0) return { ok: false, issues };
  const request: SendRequest = {
    target: draft.target,
    method: draft.method,
    path,
    query: enabledPairs(draft.query),
    headers: enabledPairs(draft.headers),
    body: methodAllowsBody(draft.method) ? bodyOf(draft) : { kind: 'none' },
  };
  if (draft.target === 'api' && draft.signatureMethod) request.signatureMethod = draft.signatureMethod;
  if (draft.target === 'bridge' && draft.bridgeAuth) request.bridgeAuth = draft.bridgeAuth;
  return { ok: true, request };
}

function rowsOf(pairs: readonly [string, string][] | undefined): KeyValueRow[] {
  return (pairs ?? []).map(([name, value]) => ({ name, value, enabled: true }));
}

/** Turns a sent request (from history or a view) back into an editable draft. */
export function draftFromRequest(request: SendRequest): RequestDraft {
  const body = request.body ?? { kind: 'none' };
  return createDraft({
    method: request.method,
    target: request.target,
    path: request.path,
    query: rowsOf(request.query),
    headers: rowsOf(request.headers),
    bodyMode: body.kind === 'bytes' ? 'file' : body.kind,
    json: body.kind === 'json' ? body.text : '',
    form: body.kind === 'form' ? rowsOf(body.fields) : [],
    text: body.kind === 'text' ? body.text : '',
    textContentType: body.kind === 'text' ? body.contentType : 'text/plain',
    ...(body.kind === 'bytes' ? { fileContentType: body.contentType, fileLost: body.fileName ?? 'the file' } : {}),
    signatureMethod: request.signatureMethod ?? '',
    bridgeAuth: request.bridgeAuth ?? '',
  });
}

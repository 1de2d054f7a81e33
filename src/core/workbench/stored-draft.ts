import { redactParams, redactRows, redactSecretsInTypedText, redactUrl } from './redact-secrets.ts';
import { createDraft, fileNameOnly, HTTP_METHODS, type KeyValueRow, type RequestDraft } from './request-draft.ts';
import { optionalChecks, reviveChecks } from './run/checks.ts';

/** The parts of a draft that hold what the user typed, so the parts every stored or exported copy masks. */
export type MaskedDraftParts = Pick<RequestDraft, 'path' | 'params' | 'query' | 'headers' | 'json' | 'form' | 'text'>;

/**
 * Those parts masked: the value of every secret-looking field (password, secret, token, API key, Authorization…)
 * in the path, the query, the headers, the form, and in JSON and text bodies. The stored draft (draftForStorage),
 * a saved or exported request (collection-file.ts's exportableDraft) and the worker's migrations of what an earlier
 * release stored (storage/remask-records.ts) all mask through here.
 */
export function maskDraftParts(draft: MaskedDraftParts & Pick<RequestDraft, 'textContentType'>): MaskedDraftParts {
  return {
    // A query or fragment typed in the path (refused at Send, but kept as typed) is masked as the Query table’s is,
    // and so is a segment's parameter (`/v2/self;access_token=…`, sent as typed); what is sent is never this copy.
    path: redactUrl(draft.path, true),
    params: redactParams(draft.params, draft.path),
    query: redactRows(draft.query),
    headers: redactRows(draft.headers),
    json: redactSecretsInTypedText(draft.json, 'application/json'),
    form: redactRows(draft.form),
    text: redactSecretsInTypedText(draft.text, draft.textContentType),
  };
}

/** A body larger than this is not kept in the stored draft (storage.local is for what was typed). */
export const LARGEST_STORED_BODY = 200_000;

/**
 * The composer's draft as storage.local keeps it (the single draft and every request tab): everything typed except
 * secrets, which are masked (maskDraftParts), so the user keeps the request and retypes only those values.
 */
export function draftForStorage(draft: RequestDraft): RequestDraft {
  const kept = (text: string) => (text.length > LARGEST_STORED_BODY ? '' : text);
  return {
    ...draft,
    ...maskDraftParts({ ...draft, json: kept(draft.json), text: kept(draft.text) }),
    ...fileNameOnly(draft),
  };
}

/** Reads a saved draft, accepting only what still has the draft's shape. */
export function reviveDraft(saved: unknown): RequestDraft | undefined {
  if (!saved || typeof saved !== 'object') return undefined;
  const value = saved as Partial<RequestDraft>;
  if (!HTTP_METHODS.includes(value.method as RequestDraft['method']) || typeof value.path !== 'string')
    return undefined;
  const rows = (list: unknown): KeyValueRow[] =>
    Array.isArray(list)
      ? list
          .filter((row): row is KeyValueRow => !!row && typeof row.name === 'string' && typeof row.value === 'string')
          .map((row) => ({ name: row.name, value: row.value, enabled: row.enabled !== false }))
      : [];
  const base = createDraft();
  return {
    ...base,
    method: value.method as RequestDraft['method'],
    target: value.target === 'bridge' ? 'bridge' : 'api',
    path: value.path,
    params:
      value.params && typeof value.params === 'object'
        ? Object.fromEntries(Object.entries(value.params).filter(([, param]) => typeof param === 'string'))
        : {},
    query: rows(value.query),
    headers: rows(value.headers),
    bodyMode: ['none', 'json', 'form', 'text', 'file'].includes(value.bodyMode as string)
      ? (value.bodyMode as RequestDraft['bodyMode'])
      : 'none',
    json: typeof value.json === 'string' ? value.json : '',
    form: rows(value.form),
    text: typeof value.text === 'string' ? value.text : '',
    textContentType: typeof value.textContentType === 'string' ? value.textContentType : base.textContentType,
    ...(typeof value.fileContentType === 'string' ? { fileContentType: value.fileContentType } : {}),
    ...(typeof value.fileLost === 'string' ? { fileLost: value.fileLost.slice(0, 255) } : {}),
    signatureMethod: ['HMAC-SHA512', 'HMAC-SHA1', 'PLAINTEXT'].includes(value.signatureMethod as string)
      ? (value.signatureMethod as RequestDraft['signatureMethod'])
      : '',
    bridgeAuth: value.bridgeAuth === 'oauth-plaintext' || value.bridgeAuth === 'token' ? value.bridgeAuth : '',
    ...optionalChecks(reviveChecks(value.checks)),
  };
}

import {
  isRedacted,
  redactParams,
  redactRows,
  redactSecretsInTypedText,
  redactUrl,
} from '../../../core/workbench/redact-secrets.ts';
import {
  createDraft,
  fileNameOnly,
  HTTP_METHODS,
  type KeyValueRow,
  type RequestDraft,
} from '../../../core/workbench/request-draft.ts';
import { optionalChecks, reviveChecks } from '../../../core/workbench/run/checks.ts';
import type { KeyValueStorage } from '../key-value-storage.ts';
import { saveSoon } from '../save-soon.ts';

/**
 * Keeps the composer's draft across DevTools sessions in storage.local, written 400 ms after the last edit or as
 * the page goes away (save-soon.ts).
 * Everything typed is kept except secrets: the value of every secret-looking field (password, secret, token,
 * API key, Authorization…) is masked, in the query, the headers, the form, and in JSON and text bodies, so the
 * user keeps the request and retypes only those values (the composer says which after a reload).
 */
const KEY = 'keyhole.devtools.draft';

export function draftForStorage(draft: RequestDraft): RequestDraft {
  return {
    ...draft,
    // A query or fragment typed in the path (refused at Send, but kept as typed) is masked as the Query table’s is,
    // and so is a segment's parameter (`/v2/self;access_token=…`, sent as typed); what is sent is never this copy.
    path: redactUrl(draft.path, true),
    params: redactParams(draft.params, draft.path),
    query: redactRows(draft.query),
    headers: redactRows(draft.headers),
    json: draft.json.length > 200_000 ? '' : redactSecretsInTypedText(draft.json, 'application/json'),
    form: redactRows(draft.form),
    text: draft.text.length > 200_000 ? '' : redactSecretsInTypedText(draft.text, draft.textContentType),
    ...fileNameOnly(draft),
  };
}

/** Where a saved draft had values masked, as the composer names them ("Headers: X-Api-Key", "Text body"). */
export function describeMaskedParts(draft: RequestDraft): string[] {
  const rows = (label: string, list: KeyValueRow[]) =>
    list.filter((row) => isRedacted(row.value)).map((row) => `${label}: ${row.name || '(unnamed)'}`);
  return [
    ...(isRedacted(draft.path) ? ['Path'] : []),
    ...Object.entries(draft.params)
      .filter(([, value]) => isRedacted(value))
      .map(([name]) => `Path parameter: ${name}`),
    ...rows('Query', draft.query),
    ...rows('Headers', draft.headers),
    ...rows('Form', draft.form),
    ...(isRedacted(draft.json) ? ['JSON body'] : []),
    ...(isRedacted(draft.text) ? ['Text body'] : []),
  ];
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

/**
 * Reads the saved draft. One saved by an earlier version may still hold a secret in clear (a text body was not
 * masked then): it is masked now and written back at once, so the clear copy does not outlive this load.
 */
export async function loadDraft(storage: KeyValueStorage): Promise<RequestDraft | undefined> {
  try {
    const revived = reviveDraft(await storage.get(KEY));
    if (!revived) return undefined;
    const clean = draftForStorage(revived);
    if (JSON.stringify(clean) !== JSON.stringify(revived)) await storage.set(KEY, clean);
    return clean;
  } catch {
    return undefined;
  }
}

export function saveDraftSoon(storage: KeyValueStorage, draft: RequestDraft): void {
  saveSoon(storage, KEY, () => {
    storage.set(KEY, draftForStorage(draft)).catch(() => {
      // Losing a draft save is not worth interrupting the user; the next edit saves again.
    });
  });
}

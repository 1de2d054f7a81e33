import { isSensitiveHeader, redactPairs, redactSecretsInText } from '../../../core/redact-secrets.ts';
import { createDraft, HTTP_METHODS, type KeyValueRow, type RequestDraft } from '../../../core/request-draft.ts';
import type { KeyValueStorage } from '../services.ts';

/**
 * Keeps the composer's draft across DevTools sessions in storage.local, written at most every 400 ms.
 * Secrets are not kept: credential headers are dropped and secret-named values (a password typed into the
 * API-token body) are masked, so the user retypes those after a reload.
 */
const KEY = 'keyhole.devtools.draft';
const DELAY_MS = 400;

const rowsWithoutSecrets = (rows: KeyValueRow[]): KeyValueRow[] => {
  const masked = redactPairs(rows.map((row) => [row.name, row.value]));
  return rows.map((row, index) => ({ ...row, value: (masked[index] as [string, string])[1] }));
};

export function draftForStorage(draft: RequestDraft): RequestDraft {
  return {
    ...draft,
    params: { ...draft.params },
    query: rowsWithoutSecrets(draft.query),
    headers: draft.headers.filter((row) => !isSensitiveHeader(row.name)),
    json: draft.json.length > 200_000 ? '' : redactSecretsInText(draft.json, 'application/json'),
    form: rowsWithoutSecrets(draft.form),
    text: draft.text.length > 200_000 ? '' : draft.text,
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
    headers: rows(value.headers).filter((row) => !isSensitiveHeader(row.name)),
    bodyMode: ['none', 'json', 'form', 'text'].includes(value.bodyMode as string)
      ? (value.bodyMode as RequestDraft['bodyMode'])
      : 'none',
    json: typeof value.json === 'string' ? value.json : '',
    form: rows(value.form),
    text: typeof value.text === 'string' ? value.text : '',
    textContentType: typeof value.textContentType === 'string' ? value.textContentType : base.textContentType,
    signatureMethod: ['HMAC-SHA512', 'HMAC-SHA1', 'PLAINTEXT'].includes(value.signatureMethod as string)
      ? (value.signatureMethod as RequestDraft['signatureMethod'])
      : '',
    bridgeAuth: value.bridgeAuth === 'oauth-plaintext' || value.bridgeAuth === 'token' ? value.bridgeAuth : '',
  };
}

export async function loadDraft(storage: KeyValueStorage): Promise<RequestDraft | undefined> {
  try {
    return reviveDraft(await storage.get(KEY));
  } catch {
    return undefined;
  }
}

const timers = new WeakMap<KeyValueStorage, ReturnType<typeof setTimeout>>();

export function saveDraftSoon(storage: KeyValueStorage, draft: RequestDraft): void {
  clearTimeout(timers.get(storage));
  timers.set(
    storage,
    setTimeout(() => {
      storage.set(KEY, draftForStorage(draft)).catch(() => {
        // Losing a draft save is not worth interrupting the user; the next edit saves again.
      });
    }, DELAY_MS),
  );
}

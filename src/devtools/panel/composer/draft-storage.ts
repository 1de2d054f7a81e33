import { isRedacted } from '../../../core/workbench/redact-secrets.ts';
import type { KeyValueRow, RequestDraft } from '../../../core/workbench/request-draft.ts';
import { draftForStorage, reviveDraft } from '../../../core/workbench/stored-draft.ts';
import type { KeyValueStorage } from '../key-value-storage.ts';
import { saveSoon } from '../save-soon.ts';

/**
 * Keeps the composer's draft across DevTools sessions in storage.local, written 400 ms after the last edit or as
 * the page goes away (save-soon.ts), masked as core/workbench/stored-draft.ts says (the composer says which values
 * to retype after a reload).
 */
const KEY = 'keyhole.devtools.draft';

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

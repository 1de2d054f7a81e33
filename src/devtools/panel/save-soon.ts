/**
 * Writes that wait for the typing to pause (the draft, the request tabs, the variables), all made at once when the
 * page goes away (pagehide: the panel reloaded or closed, DevTools closed). Without that, an edit made in the last
 * moments before a reload was lost: a form POST's body switched to None 160 ms before the panel reloaded came back
 * with its form fields, and a GET composed over it was refused at Send (issue 31 item 8, a Firefox run with a CPU
 * hog).
 */
export const SAVE_DELAY_MS = 400;

interface Waiting {
  timer: ReturnType<typeof setTimeout>;
  write: () => void;
}

/** Waiting writes by storage, then by the key they write. */
const pending = new Map<object, Map<string, Waiting>>();
let listening = false;

/**
 * Runs `write` (which writes `key` in `storage`) `delayMs` after the last call for the same storage and key, or at
 * pagehide, whichever comes first.
 */
export function saveSoon(storage: object, key: string, write: () => void, delayMs = SAVE_DELAY_MS): void {
  cancelSave(storage, key);
  const timer = setTimeout(() => {
    cancelSave(storage, key);
    write();
  }, delayMs);
  const waiting = pending.get(storage) ?? new Map<string, Waiting>();
  waiting.set(key, { timer, write });
  pending.set(storage, waiting);
  if (!listening) {
    listening = true;
    globalThis.addEventListener?.('pagehide', saveAllNow);
  }
}

/** Drops the write waiting for this storage and key (one made now replaces it). */
export function cancelSave(storage: object, key: string): void {
  const waiting = pending.get(storage);
  const one = waiting?.get(key);
  if (!waiting || !one) return;
  clearTimeout(one.timer);
  waiting.delete(key);
  if (waiting.size === 0) pending.delete(storage);
}

/** Makes every waiting write now (the page is going away). */
export function saveAllNow(): void {
  for (const [storage, waiting] of [...pending])
    for (const [key, one] of [...waiting]) {
      cancelSave(storage, key);
      one.write();
    }
}

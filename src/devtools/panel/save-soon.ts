/**
 * Writes that wait for the typing to pause (the draft, the request tabs), all made at once when the page goes away
 * (pagehide: the panel reloaded or closed, DevTools closed). Without that, an edit made in the last moments before
 * a reload was lost: a form POST's body switched to None 160 ms before the panel reloaded came back with its form
 * fields, and a GET composed over it was refused at Send (issue 31 item 8, a Firefox run with a CPU hog).
 */
export const SAVE_DELAY_MS = 400;

const pending = new Map<unknown, { timer: ReturnType<typeof setTimeout>; write: () => void }>();
let listening = false;

/** Runs `write` SAVE_DELAY_MS after the last call for the same `key`, or at pagehide, whichever comes first. */
export function saveSoon(key: unknown, write: () => void): void {
  cancelSave(key);
  const timer = setTimeout(() => {
    pending.delete(key);
    write();
  }, SAVE_DELAY_MS);
  pending.set(key, { timer, write });
  if (!listening) {
    listening = true;
    globalThis.addEventListener?.('pagehide', saveAllNow);
  }
}

/** Drops the write waiting for `key` (one made now replaces it). */
export function cancelSave(key: unknown): void {
  const waiting = pending.get(key);
  if (!waiting) return;
  clearTimeout(waiting.timer);
  pending.delete(key);
}

/** Makes every waiting write now (the page is going away). */
export function saveAllNow(): void {
  for (const [key, waiting] of [...pending]) {
    cancelSave(key);
    waiting.write();
  }
}

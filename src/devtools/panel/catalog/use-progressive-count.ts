import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';

/** Rows in the first slice: more than a tall side pane shows, so the first frame is a full list. */
export const FIRST_SLICE = 40;
/** What one later slice may cost the main thread (render and commit), well under the 50 ms task limit. */
export const SLICE_TARGET_MS = 8;
const MIN_SLICE = 20;
const MAX_SLICE = 160;

/**
 * The next slice's size from the last one's: scaled to its measured time so a slice stays near the target
 * whether the machine is quiet or loaded (a fixed size is either slow to fill or over the limit under load).
 */
export function nextSliceSize(previous: number, elapsedMs: number): number {
  const scaled = elapsedMs > 0 ? Math.floor((previous * SLICE_TARGET_MS) / elapsedMs) : previous * 2;
  // Never grow more than twice at once: one quick slice may be luck (a group of short rows).
  return Math.max(MIN_SLICE, Math.min(MAX_SLICE, previous * 2, scaled));
}

/**
 * How many of `total` rows to render now: the first slice at once, then the rest in slices of their own tasks
 * (a timeout each, so input and frames run between them) until all are in. Restarts when `key` changes.
 * The catalog's 471 endpoints rendered at once were one task of ~100-140 ms (more under load).
 */
export function useProgressiveCount(total: number, key: unknown): number {
  const [shown, setShown] = useState(() => Math.min(total, FIRST_SLICE));
  const slice = useRef(FIRST_SLICE);
  const askedAt = useRef<number | undefined>(undefined);
  const keyRef = useRef(key);
  if (keyRef.current !== key) {
    keyRef.current = key;
    slice.current = FIRST_SLICE;
    askedAt.current = undefined;
  }

  useEffect(() => setShown(Math.min(total, FIRST_SLICE)), [key, total]);

  // After the slice's commit, before the browser's style and layout: its render and commit time.
  useLayoutEffect(() => {
    if (askedAt.current === undefined) return;
    slice.current = nextSliceSize(slice.current, performance.now() - askedAt.current);
    askedAt.current = undefined;
  }, [shown]);

  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => {
      askedAt.current = performance.now();
      setShown((now) => Math.min(total, now + slice.current));
    }, 0);
    return () => clearTimeout(timer);
  }, [shown, total, key]);

  return Math.min(shown, total);
}

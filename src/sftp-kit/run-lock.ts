/**
 * One tab drives the deployment. The run lives in IndexedDB, shared by every tab of the kit, and each step checks
 * before it creates; two tabs stepping the same run at once could still both create before either recorded it.
 * So the tab that opens first holds a Web Lock for as long as it is open; another kit tab waits for it, says so,
 * and takes over (reading the run afresh) when the first one closes. The browser releases a closed tab's lock.
 */
const LOCK_NAME = 'keyhole-sftp-kit-run';

export type RunLockState = 'held' | 'waiting';

export interface RunLocks {
  request(
    name: string,
    options: { ifAvailable?: boolean; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<unknown>,
  ): Promise<unknown>;
}

/** Holds the lock until `release` (or the page closes); `onState` hears 'waiting', then 'held' when it is ours. */
export function holdRunLock(
  onState: (state: RunLockState) => void,
  locks: RunLocks | null = (globalThis.navigator as { locks?: RunLocks } | undefined)?.locks ?? null,
): () => void {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const waiting = new AbortController();
  // Without Web Locks (not in any browser Keyhole supports), the tab drives on its own, as before.
  if (!locks) {
    onState('held');
    return release;
  }
  const hold = async () => {
    onState('held');
    await released;
  };
  void locks
    .request(LOCK_NAME, { ifAvailable: true }, async (lock) => {
      if (lock) return hold();
      onState('waiting');
      // Queued behind the other tab; given up if this page releases first.
      return locks.request(LOCK_NAME, { signal: waiting.signal }, hold).catch(() => undefined);
    })
    .catch(() => undefined);
  return () => {
    waiting.abort();
    release();
  };
}

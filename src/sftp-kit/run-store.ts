/**
 * The provisioning run survives a reload and the worker being stopped: it lives in the page's IndexedDB
 * (idb-keyval), as `RunState` — ids, names, ports and statuses only. Passwords and the host key are never in it.
 */
import { createStore, del, get, set } from 'idb-keyval';
import type { RunState } from '../core/sftp/provision-plan.ts';

const store = createStore('keyhole-sftp-kit', 'runs');
const KEY = 'current';

export async function loadRun(): Promise<RunState | null> {
  const run = (await get(KEY, store)) as RunState | undefined;
  return run?.version === 1 ? run : null;
}

export function saveRun(run: RunState): Promise<void> {
  return set(KEY, structuredClone(run), store);
}

export function forgetRun(): Promise<void> {
  return del(KEY, store);
}

import { browser } from './extension-api.ts';

/**
 * storage.local as the worker reads it on every call (the active profile, its session, its clock offset), with a
 * copy in this worker run's memory: each storage read is a round trip through the browser process, and three of
 * them were most of a call's cost outside the network (issue 22). Only non-secret records live in storage.local.
 *
 * The copy stays true: the worker's own writes go through here and update it; any change from elsewhere (a page,
 * another worker run, the user clearing data) arrives by storage.onChanged, which drops the key. A read that was
 * under way while anything changed is not kept, since it may predate the change. Callers get a copy of the
 * value, so no one can change the cached record by mutating what they were given.
 */

const cache = new Map<string, unknown>();
/** Bumped by every change: a read that saw another generation at its end does not fill the cache. */
let generation = 0;

function forget(keys: readonly string[]): void {
  generation++;
  for (const key of keys) cache.delete(key);
}

// At the top of the worker's first run of this module, so no change can arrive unheard.
browser.storage.onChanged.addListener((changes, area) => {
  if (area === 'local') forget(Object.keys(changes));
});

/** Reads under way, by key: a second reader of the same key (a woken worker's warm-up, then its first call) joins. */
const pending = new Map<string, { generation: number; value: Promise<unknown> }>();

export async function readLocal<T>(key: string): Promise<T | undefined> {
  if (cache.has(key)) return structuredClone(cache.get(key)) as T | undefined;
  // A read begun before any change since is as good as a new one; one begun before a change is not joined.
  let read = pending.get(key);
  if (read?.generation !== generation) {
    const started = generation;
    const value = browser.storage.local.get(key).then((items) => {
      const found = items[key];
      if (generation === started) cache.set(key, structuredClone(found));
      return found;
    });
    read = { generation: started, value };
    pending.set(key, read);
    const settled = read;
    const forget = () => {
      if (pending.get(key) === settled) pending.delete(key);
    };
    value.then(forget, forget);
  }
  return structuredClone(await read.value) as T | undefined;
}

export async function writeLocal(items: Record<string, unknown>): Promise<void> {
  forget(Object.keys(items));
  await browser.storage.local.set(items);
  // After the write: a read that started before it would otherwise keep the old value.
  forget(Object.keys(items));
  for (const [key, value] of Object.entries(items)) cache.set(key, structuredClone(value));
}

export async function removeLocal(keys: string | readonly string[]): Promise<void> {
  const list = typeof keys === 'string' ? [keys] : [...keys];
  forget(list);
  await browser.storage.local.remove(list);
  forget(list);
  for (const key of list) cache.set(key, undefined);
}

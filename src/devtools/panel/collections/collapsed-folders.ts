import { useEffect, useState } from 'preact/hooks';
import type { KeyValueStorage } from '../key-value-storage.ts';

/**
 * Which folders of the Saved tree are closed, remembered across reloads and DevTools windows (one list for the
 * whole browser profile, like an editor's explorer). Folders are open unless closed here, so a newly saved
 * request shows where it went.
 */
const KEY = 'keyhole.saved.collapsed';

export function useCollapsedFolders(
  storage: KeyValueStorage,
): [ReadonlySet<string>, (next: ReadonlySet<string>) => void] {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    let live = true;
    storage.get<unknown>(KEY).then(
      (value) => {
        if (live && Array.isArray(value)) setCollapsed(new Set(value.filter((item) => typeof item === 'string')));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [storage]);
  const update = (next: ReadonlySet<string>) => {
    setCollapsed(next);
    // Remembering is a convenience: a failed write leaves the tree as it is on screen.
    storage.set(KEY, [...next]).catch(() => undefined);
  };
  return [collapsed, update];
}

/** The set with `path` toggled. */
export function toggled(set: ReadonlySet<string>, path: string): Set<string> {
  const next = new Set(set);
  if (!next.delete(path)) next.add(path);
  return next;
}

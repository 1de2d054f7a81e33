import { useCallback, useEffect, useState } from 'preact/hooks';
import type { KeyValueStorage } from '../key-value-storage.ts';

/**
 * Whether the side pane (catalog, saved, history, capture) is shown, remembered across reloads. Ctrl+\ (⌘\ on a
 * Mac) toggles it from anywhere, text fields included, as in editors: hidden, the workbench takes its space.
 */
const KEY = 'keyhole.devtools.sidePane';

export function useSidePane(storage: KeyValueStorage): [shown: boolean, setShown: (shown: boolean) => void] {
  const [shown, setState] = useState(true);
  useEffect(() => {
    let live = true;
    storage
      .get<{ shown?: unknown }>(KEY)
      .then((stored) => live && typeof stored?.shown === 'boolean' && setState(stored.shown))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [storage]);
  const setShown = useCallback(
    (next: boolean) => {
      setState(next);
      void storage.set(KEY, { shown: next }).catch(() => undefined);
    },
    [storage],
  );
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      if (event.key !== '\\' && event.code !== 'Backslash') return;
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      setState((current) => {
        void storage.set(KEY, { shown: !current }).catch(() => undefined);
        return !current;
      });
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [storage]);
  return [shown, setShown];
}

import { useRef, useState } from 'preact/hooks';
import { activeTab, isBlankTab, type TabSet } from '../../../core/workbench/request-tabs.ts';
import { type Store, useStore } from '../store.ts';

export type ComposerTab = 'query' | 'headers' | 'body' | 'signing' | 'tests' | 'docs';

/**
 * The composer's selected part (Query, Headers, Body…) for each request tab, as Postman keeps it: back on a tab,
 * its part is where the user left it, and a new blank tab starts on Query (it used to open on whatever part the
 * last tab showed). A tab opened in place of another (the catalog's preview tab, a saved or history request) keeps
 * the part on screen, so reading Docs endpoint after endpoint stays on Docs.
 */
export function usePartTab(tabs: Store<TabSet>): [ComposerTab, (part: ComposerTab) => void] {
  const active = activeTab(useStore(tabs));
  const remembered = useRef(new Map<string, ComposerTab>()).current;
  const shown = useRef<{ id: string; part: ComposerTab }>({ id: active.id, part: 'query' });
  const [, rerender] = useState(0);
  // Worked out while rendering (not in an effect), so a switched tab never draws one frame with the other's part.
  if (shown.current.id !== active.id) {
    remembered.set(shown.current.id, shown.current.part);
    const part = remembered.get(active.id) ?? (isBlankTab(active) ? 'query' : shown.current.part);
    shown.current = { id: active.id, part };
  }
  const select = (part: ComposerTab) => {
    shown.current = { id: active.id, part };
    remembered.set(active.id, part);
    rerender((count) => count + 1);
  };
  return [shown.current.part, select];
}

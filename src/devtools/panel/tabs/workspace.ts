/**
 * The key under which this DevTools window keeps its request tabs. Inside DevTools it is the inspected tab's
 * id: it stays the same when the panel reloads and when DevTools is closed and opened again on that tab, and
 * differs between two DevTools windows. A panel opened as a plain page (no inspected tab) uses an id kept in
 * its sessionStorage, which survives a reload of that page and nothing else.
 */
const SESSION_KEY = 'keyhole.devtools.workspace';

export function workspaceOfThisWindow(
  devtools: { inspectedWindow?: { tabId?: number } } | undefined = (
    globalThis as { chrome?: { devtools?: { inspectedWindow?: { tabId?: number } } } }
  ).chrome?.devtools,
  session: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.sessionStorage,
): string {
  const tabId = devtools?.inspectedWindow?.tabId;
  if (typeof tabId === 'number' && Number.isInteger(tabId) && tabId >= 0) return `devtools-${tabId}`;
  try {
    let id = session?.getItem(SESSION_KEY);
    if (!id) {
      id = Math.random().toString(36).slice(2, 10);
      session?.setItem(SESSION_KEY, id);
    }
    return `page-${id}`;
  } catch {
    return 'default';
  }
}

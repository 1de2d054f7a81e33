/**
 * Chunk groups that let the DevTools panel's first frame load from a few files instead of a dozen.
 *
 * Why: the panel opens cold every time DevTools shows it, and its first frame waits for every module of its entry
 * graph. Rolldown's automatic splitting cuts that graph by which entries *and lazy chunks* share each module, so
 * the panel read 13 files (its entry and 12 common chunks), each answered separately by the browser process (tens
 * of ms apart on a loaded machine: bench/panel-open.ts). A lazy chunk of the panel only ever loads after the panel's
 * entry has run, so for the first frame only the *pages* that share a module matter. The modules of the panel's
 * static graph are grouped by that alone:
 * - `ui-shared`: also in the popup's static graph (preact, ErrorBanner…), which the popup loads anyway, so the
 *   popup's own JS does not grow (its budget: bench/bundle-size.ts);
 * - `pages-shared`: reached by another page (options, SFTP kit, or the popup's lazy parts), statically or not;
 * - `panel-first`: no other page can reach them; the panel's page module is among them, so rolldown makes this
 *   group the panel's entry chunk (`panel-[hash].js`). A chunk holding the panel's entry must never be loaded by
 *   another page (it would draw the panel there): test/e2e/bundle-budget.test.ts checks that no other page reaches
 *   it, and the pruning of the chunked worker (vite-single-file-worker.ts) keeps it because it is an entry.
 * Every module still lives in exactly one chunk (lazy chunks import from these), so no module is duplicated: state
 * such as body-stream's registry or the class behind an `instanceof` stays single. The service worker is bundled
 * on its own (vite-single-file-worker.ts) and imports none of these. Rolldown keeps its runtime helpers (CommonJS
 * interop for webextension-polyfill) in a small chunk of their own.
 */
import { resolve } from 'node:path';
import type { CodeSplittingGroup } from 'rolldown';

type ChunkingContext = Parameters<Extract<CodeSplittingGroup['name'], (...args: never[]) => unknown>>[1];
type PanelChunk = 'ui-shared' | 'pages-shared' | 'panel-first';

/** Every module `entry` imports, directly or not, itself included: statically only, or also by `import()`. */
function moduleGraph(context: ChunkingContext, entry: string, lazy: 'static' | 'with-lazy'): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = context.getModuleInfo(id);
    queue.push(...(info?.importedIds ?? []), ...(lazy === 'with-lazy' ? (info?.dynamicallyImportedIds ?? []) : []));
  }
  return seen;
}

/** The groups for `output.codeSplitting.groups`; entries are the pages' HTML files, as Vite's inputs name them. */
export function panelChunkGroups(entries: { panel: string; popup: string; pages: string[] }): CodeSplittingGroup[] {
  // One chunking pass gives every call the same context: the graphs are walked once per pass.
  const graphs = new WeakMap<object, { panel: Set<string>; popup: Set<string>; pages: Set<string> }>();
  const chunkOf = (id: string, context: ChunkingContext): PanelChunk | null => {
    let found = graphs.get(context);
    if (!found) {
      found = {
        panel: moduleGraph(context, resolve(entries.panel), 'static'),
        popup: moduleGraph(context, resolve(entries.popup), 'static'),
        pages: new Set(
          [entries.popup, ...entries.pages].flatMap((page) => [...moduleGraph(context, resolve(page), 'with-lazy')]),
        ),
      };
      graphs.set(context, found);
    }
    if (!found.panel.has(id)) return null;
    return found.popup.has(id) ? 'ui-shared' : found.pages.has(id) ? 'pages-shared' : 'panel-first';
  };
  // One group per chunk, the shared ones first: a group also takes the dependencies of what it captures, which
  // must stay in the chunk the other pages load.
  const group = (chunk: PanelChunk, priority: number): CodeSplittingGroup => ({
    name: (id, context) => (chunkOf(id, context) === chunk ? chunk : null),
    debugName: chunk,
    priority,
  });
  return [group('ui-shared', 3), group('pages-shared', 2), group('panel-first', 1)];
}

import { isTypingTarget } from './shortcuts.ts';

/**
 * Where Ctrl+F (⌘F) takes the user: the search of what they are looking at, or the browser's find (undefined).
 * - The response's body: its own search (or a live stream's line filter). Its rows are drawn as they scroll into
 *   view, so the browser's find would miss most matches.
 * - A side view (catalog, history, saved): that view's own search. History and Saved draw only the rows in view, and
 *   the catalog's search is the better find anyway; from a field of the view itself it stays the browser's.
 *   A side view without a search of its own leaves it to the browser.
 * - The request's Docs: the browser's find (drawn whole, so it sees every word).
 * - Elsewhere (the composer's fields, the tab line): the response's search when there is a response, as from the
 *   body itself: finding in the answer is what the key is for there.
 */

/** The response's own search: the body's, or a live stream's line filter. */
const RESPONSE_SEARCH = '.kh-response #kh-body-search, .kh-response .kh-stream-filter';
const DOCS = '.kh-composer-panel[data-part="docs"]';

/**
 * The element the user is at: the key's target; for a selected tab, the panel it shows (a click on the Docs tab or
 * the History rail entry focuses the tab, beside what it shows); for the page itself (a click on plain text focuses
 * nothing), where the click left the selection.
 */
function placeOf(target: EventTarget | null): Element | null {
  const element = target instanceof Element ? target : null;
  if (element && element !== document.body && element !== document.documentElement) {
    const shown = element.closest('[role="tab"][aria-selected="true"]')?.getAttribute('aria-controls');
    const panel = shown ? document.getElementById(shown) : null;
    return panel && !panel.hidden ? panel : element;
  }
  const anchor = getSelection()?.anchorNode;
  return anchor instanceof Element ? anchor : (anchor?.parentElement ?? null);
}

/** The search field Ctrl+F should focus for a key pressed at `target`, or undefined for the browser's find. */
export function findFieldFor(target: EventTarget | null): HTMLInputElement | undefined {
  const place = placeOf(target);
  if (place?.closest(DOCS)) return undefined;
  const side = place?.closest('.kh-side');
  if (side) {
    if (isTypingTarget(target)) return undefined;
    return side.querySelector<HTMLInputElement>('input[type="search"]') ?? undefined;
  }
  return document.querySelector<HTMLInputElement>(RESPONSE_SEARCH) ?? undefined;
}

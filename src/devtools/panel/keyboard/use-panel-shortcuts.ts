import { useEffect, useState } from 'preact/hooks';
import { isTypingTarget } from './shortcuts.ts';

/** The response's own search: the body's, or a live stream's line filter. */
const RESPONSE_SEARCH = '.kh-response #kh-body-search, .kh-response .kh-stream-filter';
/** Where Ctrl+F stays the browser's: text the user reads there is all drawn, so the browser's find sees it. */
const READ_HERE = '.kh-side, .kh-composer-panel[data-part="docs"]';

/**
 * Whether the user is reading where the browser's find works: the key's target is there, or is the tab showing it
 * (a click on the Docs tab focuses the tab, beside the Docs it shows), or, when the target is the page itself (a
 * click on plain text focuses nothing), the selection the click left is.
 */
function readingWhereFindWorks(target: EventTarget | null): boolean {
  const element = target instanceof Element ? target : null;
  if (element?.closest(READ_HERE)) return true;
  const shown = element?.closest('[role="tab"][aria-selected="true"]')?.getAttribute('aria-controls');
  const panel = shown ? document.getElementById(shown) : null;
  if (panel && !panel.hidden && panel.matches(READ_HERE)) return true;
  if (element && element !== document.body && element !== document.documentElement) return false;
  const anchor = getSelection()?.anchorNode;
  const anchorElement = anchor instanceof Element ? anchor : anchor?.parentElement;
  return Boolean(anchorElement?.closest(READ_HERE));
}

/**
 * `/` (outside text fields) and Ctrl+K (⌘K; anywhere but a dialog) open the catalog and focus its search with
 * the old query selected, so typing replaces it rather than appending to it; `?` opens the shortcuts overlay.
 * Ctrl+F (⌘F) goes to the response's own search when there is one: the body's rows are drawn as they scroll into
 * view, so the browser's find would miss most matches. Without a response it stays the browser's, and so it does
 * from the side pane or the request's Docs: a user reading the catalog, the history or an endpoint's docs means to
 * find there, not in the response beside it.
 * Returns whether the overlay is open, and its closer.
 */
export function usePanelShortcuts(showCatalog: () => void): [boolean, () => void] {
  const [overlay, setOverlay] = useState(false);
  useEffect(() => {
    const search = () => {
      showCatalog();
      focusWhenThere('#kh-catalog-search');
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || document.querySelector('dialog[open]')) return;
      const command = event.ctrlKey || event.metaKey;
      if (command && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        search();
        return;
      }
      if (command && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'f') {
        if (readingWhereFindWorks(event.target)) return;
        const field = document.querySelector<HTMLInputElement>(RESPONSE_SEARCH);
        if (!field) return;
        event.preventDefault();
        field.focus();
        field.select();
        return;
      }
      if (command || event.altKey || isTypingTarget(event.target)) return;
      if (event.key === '/') {
        event.preventDefault();
        search();
      } else if (event.key === '?') {
        event.preventDefault();
        setOverlay(true);
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [showCatalog]);
  return [overlay, () => setOverlay(false)];
}

/** The catalog loads on first use: wait a few frames for its search box, then select what it holds. */
function focusWhenThere(selector: string, frames = 60): void {
  const element = document.querySelector<HTMLInputElement>(selector);
  if (element) {
    element.focus();
    element.select();
  } else if (frames > 0) requestAnimationFrame(() => focusWhenThere(selector, frames - 1));
}

import { useEffect, useState } from 'preact/hooks';
import { findFieldFor } from './find-target.ts';
import { isTypingTarget } from './shortcuts.ts';

/**
 * `/` (outside text fields) and Ctrl+K (⌘K; anywhere but a dialog) open the catalog and focus its search with
 * the old query selected, so typing replaces it rather than appending to it; `?` opens the shortcuts overlay.
 * Ctrl+F (⌘F) goes to the search of what the user is looking at (find-target.ts says which), or stays the
 * browser's.
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
        const field = findFieldFor(event.target);
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

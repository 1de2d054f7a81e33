import { useEffect, useState } from 'preact/hooks';
import { isTypingTarget } from './shortcuts.ts';

/**
 * `/` opens the catalog and focuses its search; `?` opens the shortcuts overlay. Both only outside text fields
 * and dialogs. Returns whether the overlay is open, and its closer.
 */
export function usePanelShortcuts(showCatalog: () => void): [boolean, () => void] {
  const [overlay, setOverlay] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isTypingTarget(event.target) || document.querySelector('dialog[open]')) return;
      if (event.key === '/') {
        event.preventDefault();
        showCatalog();
        focusWhenThere('#kh-catalog-search');
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

/** The catalog loads on first use: wait a few frames for its search box. */
function focusWhenThere(selector: string, frames = 60): void {
  const element = document.querySelector<HTMLElement>(selector);
  if (element) element.focus();
  else if (frames > 0) requestAnimationFrame(() => focusWhenThere(selector, frames - 1));
}

import { useEffect } from 'preact/hooks';

/**
 * Ctrl+S (⌘S) saves the current request: `save` updates a saved one in place or asks for a name. The browser's
 * own “Save page as…” never opens from the panel, not even with a dialog open (then nothing happens).
 */
export function useSaveShortcut(save: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 's')
        return;
      event.preventDefault();
      if (event.repeat || document.querySelector('dialog[open]')) return;
      save();
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [save]);
}

/**
 * Copies text to the clipboard. DevTools panels often refuse the async Clipboard API (permissions policy of
 * the DevTools frame), so it falls back to execCommand('copy'), which still works there within a click.
 */
export async function copyText(text: string): Promise<void> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return;
    }
  } catch {
    // Fall through to the legacy path.
  }
  if (copyThroughCopyEvent(text) || copyThroughTextarea(text)) return;
  throw new Error('The browser refused to copy. Select the text and press Ctrl+C.');
}

/**
 * The copy command with the text handed to its `copy` event: nothing is added to the page, so nothing is laid out
 * (a hidden textarea holding a 50 MB body took 17 s of layout in Chromium; this, 0.16 s) and the focus stays where
 * it is. Chromium enables the command without a selection only when `beforecopy` is cancelled.
 */
function copyThroughCopyEvent(text: string): boolean {
  let written = false;
  const enable = (event: Event) => event.preventDefault();
  const write = (event: ClipboardEvent) => {
    if (!event.clipboardData) return;
    event.clipboardData.setData('text/plain', text);
    event.preventDefault();
    written = true;
  };
  document.addEventListener('beforecopy', enable, true);
  document.addEventListener('copy', write, true);
  try {
    document.execCommand('copy');
  } finally {
    document.removeEventListener('beforecopy', enable, true);
    document.removeEventListener('copy', write, true);
  }
  return written;
}

/** The last resort: a hidden textarea selected and copied (its layout grows with the text). */
function copyThroughTextarea(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  const previous = document.activeElement as HTMLElement | null;
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  previous?.focus();
  return ok;
}

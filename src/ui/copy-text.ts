/**
 * Copies text to the clipboard. DevTools panels often refuse the async Clipboard API (permissions policy of
 * the DevTools frame), so it falls back to a hidden textarea and execCommand, which still works there.
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
  if (!ok) throw new Error('The browser refused to copy. Select the text and press Ctrl+C.');
}

import browser from 'webextension-polyfill';

/** Revoke the Blob URL at the latest after this, even if the browser never reports the download's end. */
const REVOKE_AFTER_MS = 5 * 60 * 1000;

/**
 * Saves bytes as a file through the browser's downloads (a Blob URL works from an extension page, not from the
 * worker). Resolves once the download has started; the Blob URL is released when it completes or fails.
 */
export async function saveFile(bytes: Uint8Array, filename: string, type: string): Promise<void> {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }));
  if (!browser.downloads?.download) {
    saveWithLink(url, filename);
    return;
  }
  let downloadId: number | undefined;
  const release = () => {
    browser.downloads.onChanged.removeListener(onChanged);
    clearTimeout(timer);
    URL.revokeObjectURL(url);
  };
  const onChanged = (delta: browser.Downloads.OnChangedDownloadDeltaType) => {
    const state = delta.state?.current;
    if (delta.id === downloadId && (state === 'complete' || state === 'interrupted')) release();
  };
  const timer = setTimeout(release, REVOKE_AFTER_MS);
  browser.downloads.onChanged.addListener(onChanged);
  try {
    downloadId = await browser.downloads.download({ url, filename, conflictAction: 'uniquify', saveAs: false });
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Firefox gives DevTools panels no downloads API (only the background and the add-on's tabs have it): a link
 * with a download attribute still saves the file under its name. Nothing reports its end, so the Blob URL is
 * released after a while.
 */
function saveWithLink(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

const extension = vi.hoisted(() => ({ downloads: undefined as unknown }));
vi.mock('webextension-polyfill', () => ({ default: extension }));

const { saveFile } = await import('../../../../src/devtools/invoices/save-file.ts');

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('saving an invoice PDF', () => {
  it('goes through the downloads API where the page has it, keeping the name', async () => {
    const download = vi.fn(async () => 3);
    extension.downloads = { download, onChanged: { addListener: vi.fn(), removeListener: vi.fn() } };
    await saveFile(new Uint8Array([37, 80, 68, 70]), 'Works-2026-001.pdf', 'application/pdf');
    expect(download).toHaveBeenCalledWith(expect.objectContaining({ filename: 'Works-2026-001.pdf', saveAs: false }));
  });

  it('in a Firefox DevTools panel (no downloads API there) saves through a download link, then frees the blob', async () => {
    vi.useFakeTimers();
    extension.downloads = undefined;
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    await saveFile(new Uint8Array([37, 80, 68, 70]), 'Works-2026-001.pdf', 'application/pdf');
    expect(clicked).toEqual([{ href: expect.stringMatching(/^blob:/), download: 'Works-2026-001.pdf' }]);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(5 * 60 * 1000);
    expect(revoke).toHaveBeenCalledWith(clicked[0]!.href);
  });
});

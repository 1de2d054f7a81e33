import { describe, expect, it } from 'vitest';
import {
  fileNameFromContentDisposition,
  sanitizeFileName,
  suggestFileName,
} from '../../../../src/core/http/content-disposition.ts';

describe('download file names', () => {
  it('reads Content-Disposition in its three forms, preferring filename*', () => {
    expect(fileNameFromContentDisposition('attachment; filename="INV 2030-1.pdf"')).toBe('INV 2030-1.pdf');
    expect(fileNameFromContentDisposition('attachment; filename=plain.pdf; size=3')).toBe('plain.pdf');
    expect(
      fileNameFromContentDisposition(
        `attachment; filename="fallback.pdf"; filename*=UTF-8''facture%20%C3%A9t%C3%A9.pdf`,
      ),
    ).toBe('facture été.pdf');
    expect(fileNameFromContentDisposition('attachment; filename="a\\"b.pdf"')).toBe('a"b.pdf');
    expect(fileNameFromContentDisposition('inline')).toBeUndefined();
    expect(fileNameFromContentDisposition(undefined)).toBeUndefined();
  });

  it('cleans names so they cannot escape the downloads folder', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(sanitizeFileName('a<b>:c|d?.pdf')).toBe('a_b__c_d_.pdf');
    expect(sanitizeFileName(`${'x'.repeat(200)}.pdf`)).toMatch(/^x{116}\.pdf$/);
  });

  it('falls back to the last path segment with an extension from the content type', () => {
    expect(
      suggestFileName({ headers: [], path: '/v4/billing/organisations/o/INV-7.pdf', contentType: 'application/pdf' }),
    ).toBe('INV-7.pdf');
    expect(suggestFileName({ headers: [], path: '/v2/self/avatar', contentType: 'image/png' })).toBe('avatar.png');
    expect(suggestFileName({ headers: [], path: '/', contentType: '' })).toBe('response');
    expect(
      suggestFileName({
        headers: [['content-disposition', 'attachment; filename="Invoice.pdf"']],
        path: '/v4/x/1.pdf',
        contentType: 'application/pdf',
      }),
    ).toBe('Invoice.pdf');
  });

  it('trims a megabyte of dots and spaces in one pass', () => {
    // `/[.\s]+$/` scanned the run from each of its characters: ~5·10^11 steps (hours). vitest's timeout is the bound.
    const run = ' .'.repeat(500_000);
    expect(sanitizeFileName(`a${run}b.pdf`)).toBe(`a${run.slice(0, 115)}.pdf`);
    expect(sanitizeFileName(`${run}report.pdf${run}`)).toBe('report.pdf');
  });
});

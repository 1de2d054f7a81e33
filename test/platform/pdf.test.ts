import { describe, expect, it } from 'vitest';
import { buildPdf, escapePdfText } from './pdf.ts';
import { checkPdfStructure } from './support/pdf-check.ts';

describe('pdf', () => {
  it('writes a structurally valid PDF with exact xref offsets', () => {
    const pdf = buildPdf('Test (1)', [{ text: 'Héllo (world) \\ €', x: 50, y: 700, bold: true }]);
    expect(checkPdfStructure(pdf)).toEqual([]);
    expect(pdf.toString('latin1')).toContain('/BaseFont /Helvetica');
  });

  it('escapes PDF string delimiters and replaces non-Latin-1 text', () => {
    expect(escapePdfText('a(b)c\\d€')).toBe('a\\(b\\)c\\\\d?');
  });
});

/** Checks what `qpdf --check` would: header, xref entries pointing at `N 0 obj`, startxref pointing at `xref`. */
export function checkPdfStructure(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const problems: string[] = [];
  if (!text.startsWith('%PDF-1.')) problems.push('no %PDF-1. header');
  if (!text.trimEnd().endsWith('%%EOF')) problems.push('no %%EOF trailer');
  const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)?.[1]);
  if (text.slice(startxref, startxref + 4) !== 'xref') problems.push(`startxref ${startxref} does not point at xref`);
  const table = /xref\n0 (\d+)\n([\s\S]*?)trailer/.exec(text.slice(startxref));
  if (!table) return [...problems, 'no xref table'];
  const entries = table[2]!.match(/.{20}/gs) ?? [];
  if (entries.length !== Number(table[1])) problems.push(`xref has ${entries.length} entries, header says ${table[1]}`);
  entries.slice(1).forEach((entry, index) => {
    const offset = Number(entry.slice(0, 10));
    const expected = `${index + 1} 0 obj`;
    if (text.slice(offset, offset + expected.length) !== expected)
      problems.push(`object ${index + 1} not at ${offset}`);
  });
  const length = /\/Length (\d+) >>\nstream\n/.exec(text);
  if (length) {
    const start = length.index + length[0].length;
    if (text.slice(start + Number(length[1]), start + Number(length[1]) + 10) !== '\nendstream') {
      problems.push('stream /Length does not match');
    }
  }
  return problems;
}

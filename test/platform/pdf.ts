/**
 * A tiny but valid PDF 1.4 writer (one A4 page, Helvetica text, exact xref offsets) and the invoice layout.
 * Latin-1 only: anything else becomes "?".
 */
import type { Invoice, Organisation } from './state.ts';

export interface PdfText {
  text: string;
  x: number;
  y: number;
  size?: number;
  bold?: boolean;
  /** Grey level 0 (black) to 1 (white). */
  grey?: number;
}

export interface PdfRule {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export function buildPdf(title: string, texts: PdfText[], rules: PdfRule[] = [], createdAt = new Date(0)): Buffer {
  const content = [
    ...rules.map((r) => `0.8 G 0.6 w ${r.x1} ${r.y1} m ${r.x2} ${r.y2} l S`),
    ...texts.map(
      (t) =>
        `BT ${t.grey ?? 0} g /${t.bold ? 'F2' : 'F1'} ${t.size ?? 10} Tf ${t.x} ${t.y} Td (${escapePdfText(t.text)}) Tj ET`,
    ),
  ].join('\n');
  const stream = Buffer.from(content, 'latin1');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>',
    Buffer.concat([Buffer.from(`<< /Length ${stream.length} >>\nstream\n`), stream, Buffer.from('\nendstream')]),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title (${escapePdfText(title)}) /Producer (Sandbox Cloud) /CreationDate (${pdfDate(createdAt)}) >>`,
  ];

  // The binary comment line tells tools the file holds 8-bit data.
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(offset);
    const chunk = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(chunk);
    offset += chunk.length;
  });
  // Each xref entry is exactly 20 bytes, ending in space + LF.
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((value) => `${String(value).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

export function escapePdfText(text: string): string {
  return text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);
}

function pdfDate(date: Date): string {
  const iso = date.toISOString();
  return `D:${iso.slice(0, 19).replace(/[-:T]/g, '')}Z`;
}

const money = (amount: number, currency: string) => `${amount.toFixed(2)} ${currency}`;

export function invoicePdf(invoice: Invoice, organisation: Organisation): Buffer {
  const texts: PdfText[] = [
    { text: 'Sandbox Cloud', x: 50, y: 780, size: 22, bold: true },
    { text: 'Simulated hosting platform - not a real invoice', x: 50, y: 762, size: 9, grey: 0.4 },
    { text: invoice.kind === 'CREDITNOTE' ? 'Credit note' : 'Invoice', x: 400, y: 780, size: 16, bold: true },
    { text: `No. ${invoice.invoice_number}`, x: 400, y: 762, size: 10 },
    { text: `Issued ${invoice.emission_date.slice(0, 10)}`, x: 400, y: 748, size: 10 },
    { text: `Status: ${invoice.status}`, x: 400, y: 734, size: 10 },
    { text: 'Billed to', x: 50, y: 720, size: 9, grey: 0.4 },
    { text: organisation.customerFullName || organisation.name, x: 50, y: 706, size: 11, bold: true },
    { text: organisation.address, x: 50, y: 692, size: 10 },
    { text: `${organisation.zipcode} ${organisation.city}`, x: 50, y: 678, size: 10 },
    { text: organisation.country, x: 50, y: 664, size: 10 },
    { text: 'Description', x: 50, y: 620, size: 10, bold: true },
    { text: 'Amount', x: 470, y: 620, size: 10, bold: true },
  ];
  const rules: PdfRule[] = [{ x1: 50, y1: 612, x2: 545, y2: 612 }];
  let y = 594;
  for (const line of invoice.lines) {
    texts.push(
      { text: line.label, x: 50, y, size: 10 },
      { text: money(line.amount, invoice.currency), x: 470, y, size: 10 },
    );
    y -= 18;
  }
  rules.push({ x1: 50, y1: y + 8, x2: 545, y2: y + 8 });
  y -= 10;
  const totals: [string, number][] = [
    ['Total excluding tax', invoice.total_tax_excluded.amount],
    ['VAT (20%)', invoice.total_tax.amount],
    ['Total', Math.round((invoice.total_tax_excluded.amount + invoice.total_tax.amount) * 100) / 100],
  ];
  for (const [label, amount] of totals) {
    const bold = label === 'Total';
    texts.push(
      { text: label, x: 330, y, size: 10, bold },
      { text: money(amount, invoice.currency), x: 470, y, size: 10, bold },
    );
    y -= 16;
  }
  if (invoice.pay_date) texts.push({ text: `Paid on ${invoice.pay_date.slice(0, 10)}`, x: 50, y: y - 20, size: 10 });
  texts.push({
    text: 'Sandbox Cloud, 127.0.0.1 - generated locally by the Keyhole sandbox',
    x: 50,
    y: 40,
    size: 8,
    grey: 0.5,
  });
  return buildPdf(`Invoice ${invoice.invoice_number}`, texts, rules, new Date(invoice.emission_date));
}

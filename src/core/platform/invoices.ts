import { trimEndWhile, trimStartWhile } from '../format/trim-run.ts';
/**
 * Invoices of an organisation (platform-notes.md): the list body, amounts with their currency, the PDF's paths
 * (the spec's first, the console's on 404) and the file name it is saved under.
 */
import { readPlatformDateIso } from './platform-date.ts';

export interface Money {
  amount: number;
  currency: string;
}

export interface InvoiceItem {
  number: string;
  kind?: string;
  /** PENDING, PAID, CANCELED... as sent. */
  status?: string;
  /** Canonical ISO in UTC (see platform-date.ts), so the list sorts as text. */
  emissionDate?: string;
  payDate?: string;
  /** Tax included: the platform sends the tax (`total_tax`) and the amount before tax apart. */
  total?: Money;
  totalTaxExcluded?: Money;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function amountOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return undefined;
}

function moneyOf(value: unknown, fallbackCurrency: string | undefined): Money | undefined {
  const amount = isObject(value) ? amountOf(value.amount) : amountOf(value);
  const currency = (isObject(value) ? text(value.currency) : undefined) ?? fallbackCurrency;
  return amount === undefined || !currency ? undefined : { amount, currency: currency.toUpperCase() };
}

function parseInvoice(value: unknown): InvoiceItem | undefined {
  if (!isObject(value)) return undefined;
  const number = text(value.invoice_number) ?? text(value.invoiceNumber) ?? text(value.number);
  if (!number) return undefined;
  const currency = text(value.currency);
  const invoice: InvoiceItem = { number };
  const kind = text(value.kind);
  const status = text(value.status);
  const emissionDate = readPlatformDateIso(value.emission_date ?? value.emissionDate ?? value.emittedAt);
  const payDate = readPlatformDateIso(value.pay_date ?? value.payDate ?? value.paidAt);
  const excluded = moneyOf(value.total_tax_excluded ?? value.totalTaxExcluded, currency);
  const tax = moneyOf(value.total_tax ?? value.totalTax, currency);
  if (kind) invoice.kind = kind;
  if (status) invoice.status = status.toUpperCase();
  if (emissionDate) invoice.emissionDate = emissionDate;
  if (payDate) invoice.payDate = payDate;
  if (excluded) invoice.totalTaxExcluded = excluded;
  // Like the platform's console: total = tax + amount before tax, when both are in the same currency.
  if (excluded && tax && tax.currency === excluded.currency)
    invoice.total = { amount: Math.round((excluded.amount + tax.amount) * 100) / 100, currency: excluded.currency };
  return invoice;
}

/** The list, newest first; undefined when the body is not a list at all. */
export function parseInvoiceList(body: unknown): InvoiceItem[] | undefined {
  const list = Array.isArray(body) ? body : isObject(body) && Array.isArray(body.invoices) ? body.invoices : undefined;
  if (!list) return undefined;
  return list
    .map(parseInvoice)
    .filter((invoice): invoice is InvoiceItem => invoice !== undefined)
    .sort((a, b) => (b.emissionDate ?? '').localeCompare(a.emissionDate ?? ''));
}

/** "€1,234.50" in the user's locale; an unknown currency code falls back to "1,234.50 XYZ" rather than failing. */
export function formatMoney(money: Money, locale?: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency }).format(money.amount);
  } catch {
    const plain = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      money.amount,
    );
    return `${plain} ${money.currency}`;
  }
}

/** "Paid", "Pending", "Canceled": the platform's capitals, worded for people. */
export function formatInvoiceStatus(status: string | undefined): string {
  if (!status) return 'Unknown';
  const words = status.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The two places the PDF may be: the spec's `/v4/billing/organisations/{id}/{number}.pdf` first, then the console's
 * `/invoices/{number}.pdf`, tried when the first answers 404.
 */
export function invoicePdfPaths(organisationId: string, invoiceNumber: string): [string, string] {
  const org = encodeURIComponent(organisationId);
  const number = encodeURIComponent(invoiceNumber);
  return [`/v4/billing/organisations/${org}/${number}.pdf`, `/v4/billing/organisations/${org}/invoices/${number}.pdf`];
}

export function invoiceListPath(organisationId: string): string {
  return `/v4/billing/organisations/${encodeURIComponent(organisationId)}/invoices`;
}

/** Characters that no common file system accepts, plus controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what we strip
const UNSAFE = /[<>:"/\\|?*\u0000-\u001f\u007f]+/g;

function sanitisePart(part: string): string {
  const cleaned = part.normalize('NFC').replace(UNSAFE, '-').replace(/\s+/g, '-').replace(/-{2,}/g, '-');
  // Trimmed in one pass: `/[-.]+$/` is quadratic on a long `.-.-…` run in a server's invoice number.
  const edge = (char: string) => char === '-' || char === '.';
  return trimEndWhile(trimStartWhile(cleaned, edge), edge).slice(0, 80);
}

/**
 * `<organisation>-<number>.pdf`, safe for every file system and for `downloads.download` (which refuses path
 * separators, `..` and leading dots). Spaces become dashes; an empty part falls back to "invoice".
 */
export function invoicePdfFileName(organisationName: string, invoiceNumber: string): string {
  const org = sanitisePart(organisationName) || 'organisation';
  const number = sanitisePart(invoiceNumber) || 'invoice';
  return `${org}-${number}.pdf`;
}

/** A PDF starts with `%PDF-`; anything else (an HTML error page with a 200) is not saved as one. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return bytes.length >= 5 && String.fromCharCode(...bytes.subarray(0, 5)) === '%PDF-';
}

/** The organisation a route preselects: `#invoices?org=<id>` (the popup links there). */
export function organisationFromHash(hash: string): string | undefined {
  const query = hash.indexOf('?');
  if (query === -1) return undefined;
  const org = new URLSearchParams(hash.slice(query + 1)).get('org');
  return org?.trim() ? org.trim() : undefined;
}

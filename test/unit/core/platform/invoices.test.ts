import { describe, expect, it } from 'vitest';
import {
  formatInvoiceStatus,
  formatMoney,
  invoiceListPath,
  invoicePdfFileName,
  invoicePdfPaths,
  looksLikePdf,
  organisationFromHash,
  parseInvoiceList,
} from '../../../../src/core/platform/invoices.ts';

describe('parseInvoiceList', () => {
  it('reads the real shape: total = tax + amount before tax, newest first', () => {
    const list = parseInvoiceList([
      {
        invoice_number: 'ENG202510-1234',
        kind: 'INVOICE',
        status: 'PAID',
        emission_date: '2025-10-01T06:00:00.000Z',
        pay_date: '2025-10-04T06:00:00.000Z',
        currency: 'EUR',
        total_tax: { amount: 20.02, currency: 'EUR' },
        total_tax_excluded: { amount: 100.1, currency: 'EUR' },
      },
      {
        invoice_number: 'ENG202512-9999',
        status: 'pending',
        emission_date: '2025-12-01T06:00:00.000Z',
        pay_date: null,
        currency: 'usd',
        total_tax: '1.5',
        total_tax_excluded: '10',
      },
    ]);
    expect(list).toEqual([
      {
        number: 'ENG202512-9999',
        status: 'PENDING',
        emissionDate: '2025-12-01T06:00:00.000Z',
        totalTaxExcluded: { amount: 10, currency: 'USD' },
        total: { amount: 11.5, currency: 'USD' },
      },
      {
        number: 'ENG202510-1234',
        kind: 'INVOICE',
        status: 'PAID',
        emissionDate: '2025-10-01T06:00:00.000Z',
        payDate: '2025-10-04T06:00:00.000Z',
        totalTaxExcluded: { amount: 100.1, currency: 'EUR' },
        total: { amount: 120.12, currency: 'EUR' },
      },
    ]);
  });

  it('reads records as the real API sends them: [UTC] dates, extra fields, nulls', () => {
    // Two records in the list's real shape (fields the official client reads, abridged values). Before: every
    // '…Z[UTC]' date was dropped (Date.parse gives NaN), so the table showed no dates and sorted at random.
    const real = [
      {
        invoice_number: 'ENG202511-0001',
        kind: 'INVOICE',
        category: 'SUBSCRIPTION',
        address: { address_id: 'addr_1', name: 'Ada', company: 'Analytical Engines', country_alpha2: 'FR' },
        emission_date: '2025-11-01T06:00:00.000Z[UTC]',
        pay_date: '2025-11-03T10:15:30Z[UTC]',
        status: 'PAID',
        currency: 'EUR',
        kpi_compute_months: 1,
        price_factor: 1,
        discount: 0,
        vat_percent: 20,
        total_tax_excluded: { amount: 42.5, currency: 'EUR' },
        total_tax: { amount: 8.5, currency: 'EUR' },
        payment_provider: 'STRIPE_SEPA',
        transaction_id: null,
        customer_order_id: null,
        invoice_day_plan: 'FIRST_OF_MONTH',
      },
      {
        invoice_number: 'ENG202512-0002',
        kind: 'INVOICE',
        emission_date: '2025-12-01T06:00:00Z[UTC]',
        pay_date: null,
        status: 'PENDING',
        currency: 'EUR',
        total_tax_excluded: { amount: 10, currency: 'EUR' },
        total_tax: { amount: 2, currency: 'EUR' },
      },
      { invoice_number: 'ENG202510-0003', status: 'CANCELED', emission_date: '2025-10-01T06:00:00.000Z' },
    ];
    expect(parseInvoiceList(real)).toEqual([
      {
        number: 'ENG202512-0002',
        kind: 'INVOICE',
        status: 'PENDING',
        emissionDate: '2025-12-01T06:00:00.000Z',
        totalTaxExcluded: { amount: 10, currency: 'EUR' },
        total: { amount: 12, currency: 'EUR' },
      },
      {
        number: 'ENG202511-0001',
        kind: 'INVOICE',
        status: 'PAID',
        emissionDate: '2025-11-01T06:00:00.000Z',
        payDate: '2025-11-03T10:15:30.000Z',
        totalTaxExcluded: { amount: 42.5, currency: 'EUR' },
        total: { amount: 51, currency: 'EUR' },
      },
      { number: 'ENG202510-0003', status: 'CANCELED', emissionDate: '2025-10-01T06:00:00.000Z' },
    ]);
  });

  it('sorts by the instant, not by how the date was written', () => {
    const list = parseInvoiceList([
      { invoice_number: 'early', emission_date: '2025-12-01T08:00:00+03:00[Europe/Moscow]' },
      { invoice_number: 'late', emission_date: '2025-12-01T06:00:00Z[UTC]' },
    ]);
    expect(list?.map((invoice) => invoice.number)).toEqual(['late', 'early']);
  });

  it('reads the client library shape and skips items without a number', () => {
    expect(
      parseInvoiceList({
        invoices: [
          {
            invoiceNumber: 'X1',
            emittedAt: 1_700_000_000_000,
            totalTax: { amount: 0, currency: 'EUR' },
            totalTaxExcluded: { amount: 5, currency: 'EUR' },
          },
          { status: 'PAID' },
        ],
      }),
    ).toEqual([
      {
        number: 'X1',
        emissionDate: '2023-11-14T22:13:20.000Z',
        totalTaxExcluded: { amount: 5, currency: 'EUR' },
        total: { amount: 5, currency: 'EUR' },
      },
    ]);
  });

  it('leaves the total out when the currencies differ or the tax is missing', () => {
    const [invoice] = parseInvoiceList([
      {
        invoice_number: 'A',
        total_tax: { amount: 1, currency: 'USD' },
        total_tax_excluded: { amount: 5, currency: 'EUR' },
      },
    ])!;
    expect(invoice!.total).toBeUndefined();
    expect(invoice!.totalTaxExcluded).toEqual({ amount: 5, currency: 'EUR' });
  });

  it('is undefined when the body is not a list', () => {
    expect(parseInvoiceList({ message: 'nope' })).toBeUndefined();
    expect(parseInvoiceList('x')).toBeUndefined();
  });
});

describe('formatMoney', () => {
  it('formats with the currency', () => {
    expect(formatMoney({ amount: 1234.5, currency: 'EUR' }, 'en-GB')).toBe('€1,234.50');
    expect(formatMoney({ amount: 1234.5, currency: 'EUR' }, 'fr-FR')).toMatch(/^1\s234,50\s€$/);
    expect(formatMoney({ amount: 9, currency: 'USD' }, 'en-US')).toBe('$9.00');
  });
  it('falls back to the code when Intl does not know the currency', () => {
    expect(formatMoney({ amount: 3, currency: 'NOT-A-CODE' }, 'en-GB')).toBe('3.00 NOT-A-CODE');
  });
});

describe('formatInvoiceStatus', () => {
  it('words the capitals', () => {
    expect(formatInvoiceStatus('PAID')).toBe('Paid');
    expect(formatInvoiceStatus('PAYMENT_HELD')).toBe('Payment held');
    expect(formatInvoiceStatus(undefined)).toBe('Unknown');
  });
});

describe('PDF paths and names', () => {
  it('tries the spec path, then the console path', () => {
    expect(invoicePdfPaths('orga_1', 'ENG2025-1')).toEqual([
      '/v4/billing/organisations/orga_1/ENG2025-1.pdf',
      '/v4/billing/organisations/orga_1/invoices/ENG2025-1.pdf',
    ]);
    expect(invoiceListPath('orga_1')).toBe('/v4/billing/organisations/orga_1/invoices');
  });

  it('encodes what could escape the path', () => {
    expect(invoicePdfPaths('a/b', '../x')[0]).toBe('/v4/billing/organisations/a%2Fb/..%2Fx.pdf');
  });

  it('names the file <organisation>-<number>.pdf, safely', () => {
    expect(invoicePdfFileName('Analytical Engines Ltd', 'ENG202512-4242')).toBe(
      'Analytical-Engines-Ltd-ENG202512-4242.pdf',
    );
    expect(invoicePdfFileName('A/B: "C" <D>', '../2025|01')).toBe('A-B-C-D-2025-01.pdf');
    expect(invoicePdfFileName('...', '')).toBe('organisation-invoice.pdf');
    expect(invoicePdfFileName('Café Lumière', 'N°1')).toBe('Café-Lumière-N°1.pdf');
    expect(invoicePdfFileName('x'.repeat(200), '1').length).toBeLessThanOrEqual(80 + 1 + 1 + 4);
  });

  it('recognises a PDF by its first bytes', () => {
    expect(looksLikePdf(new TextEncoder().encode('%PDF-1.4\n'))).toBe(true);
    expect(looksLikePdf(new TextEncoder().encode('<html>'))).toBe(false);
    expect(looksLikePdf(new Uint8Array())).toBe(false);
  });
});

describe('organisationFromHash', () => {
  it('reads ?org= from the route', () => {
    expect(organisationFromHash('#invoices?org=orga_1')).toBe('orga_1');
    expect(organisationFromHash('#invoices?org=user%3A1&x=2')).toBe('user:1');
    expect(organisationFromHash('#invoices')).toBeUndefined();
    expect(organisationFromHash('#invoices?org=')).toBeUndefined();
  });

  it('trims a megabyte of dots and dashes in a server’s invoice number in one pass', () => {
    // `/[-.]+$/` scanned the run from each of its characters (~5·10^11 steps). vitest's timeout is the bound.
    expect(invoicePdfFileName('Acme', `${'.-'.repeat(500_000)}42x${'.-'.repeat(500_000)}`)).toBe('Acme-42x.pdf');
    // A run in the middle is where `$` made the old pattern retry from every character.
    expect(invoicePdfFileName('Acme', `42${'.-'.repeat(500_000)}x`)).toBe(`Acme-42${'.-'.repeat(39)}.pdf`);
  });
});

/**
 * Invoices as the platform returns them: the fields of the notes (number, kind, status, dates, totals) plus what the
 * official client reads without checking (`address`, the three money fields, consumption dates), and the dates in
 * the platform's `…Z[UTC]` form. Also the HTML rendering of `…/invoices/{number}.html`.
 */
import { platformDate, platformDateOrNull } from './dates.ts';
import { escapeHtml } from './http-util.ts';
import type { Invoice, Organisation } from './state.ts';

const COUNTRY_CODES: Record<string, string> = { 'UNITED KINGDOM': 'GB', 'UNITED STATES': 'US', FRANCE: 'FR' };

function money(amount: number, currency: string) {
  return { amount, currency };
}

function consumptionStart(emission: number): number {
  const date = new Date(emission);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1);
}

export function invoiceView(invoice: Invoice, org: Organisation): Record<string, unknown> {
  const emission = Date.parse(invoice.emission_date);
  const paid = invoice.pay_date === null ? null : Date.parse(invoice.pay_date);
  return {
    invoice_number: invoice.invoice_number,
    kind: invoice.kind,
    status: invoice.status,
    emission_date: platformDate(emission),
    pay_date: platformDateOrNull(paid),
    currency: invoice.currency,
    total_tax: { ...invoice.total_tax },
    total_tax_excluded: { ...invoice.total_tax_excluded },
    category: 'STANDARD',
    origin: 'CONSUMPTION',
    address: {
      address_id: `address_${org.id.replace(/^(orga|user)_/, '')}`,
      name: org.customerFullName,
      company: org.company,
      address: org.address,
      city: org.city,
      zipcode: org.zipcode,
      country_alpha2: COUNTRY_CODES[org.country] ?? 'FR',
      vat_number: org.VAT,
      vat_percent: 20,
      customer_cost_center: null,
      customer_purchase_order: null,
    },
    consumption_begin_date: platformDate(consumptionStart(emission)),
    consumption_end_date: platformDate(emission),
    kpi_compute_months: 1,
    price_factor: 1,
    discount: 0,
    vat_percent: 20,
    credit_balance_at_emission: money(0, invoice.currency),
    total_pending_upfront_before_emission: money(0, invoice.currency),
    upfront_credit_amount: money(0, invoice.currency),
    classic: invoice.lines.map((line, index) => ({
      item_id: `${invoice.invoice_number}-${index + 1}`,
      unit_price: money(line.amount, invoice.currency),
      quantity: 1,
      price_factor: 1,
      discount: 0,
      description: line.label,
      owner_id: org.id,
    })),
    payment_provider: invoice.status === 'PAID' ? 'STRIPE' : null,
    customer_order_id: null,
    // The rest of what the official client reads (its invoice transforms): the sandbox bills no uptimes, countables
    // or vendor consumption apart from the lines above, and keeps no payment provider's records.
    uptimes: [],
    countables: [],
    vendor_consumption: [],
    unusable: [],
    free_credits_available_this_period: [],
    free_credits_available_next_period: [],
    invoice_day_plan: null,
    transaction_id: null,
    payment_method_id: null,
    provider_transaction_id: null,
    provider_last_response: null,
    vat_declaration_id: null,
    wannabe_invoice_id: null,
  };
}

export function invoiceHtml(invoice: Invoice, org: Organisation): string {
  const rows = invoice.lines
    .map((line) => `<tr><td>${escapeHtml(line.label)}</td><td>${line.amount.toFixed(2)} ${invoice.currency}</td></tr>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Invoice ${escapeHtml(invoice.invoice_number)}</title></head>
<body><h1>Invoice ${escapeHtml(invoice.invoice_number)}</h1>
<p>${escapeHtml(org.customerFullName)}, ${escapeHtml(org.address)}, ${escapeHtml(org.city)}</p>
<p>Issued ${invoice.emission_date.slice(0, 10)}. Status: ${invoice.status}.</p>
<table><tbody>${rows}</tbody></table>
<p>Total excluding tax: ${invoice.total_tax_excluded.amount.toFixed(2)} ${invoice.currency}</p>
</body></html>
`;
}

/**
 * Invoices (list, unpaid, one, PDF at the spec's path and the console's, HTML) and the credits summary. Links to the
 * PDF and HTML may carry their credentials as `?authorization=<base64>` (see credentials.ts).
 */
import { HttpError } from './http-util.ts';
import { invoiceHtml, invoiceView } from './invoice-view.ts';
import { invoicePdf } from './pdf.ts';
import { organisationOf } from './resource-helpers.ts';
import type { Reply, ResourceRequest, Route } from './router.ts';
import type { Invoice } from './state.ts';

const BILLS = 'access_organisations_bills';

function invoicesOf(request: ResourceRequest): Invoice[] {
  const org = organisationOf(request);
  return request.state.invoices.filter((invoice) => invoice.ownerId === org.id);
}

function findInvoice(request: ResourceRequest): Invoice {
  const invoice = invoicesOf(request).find((candidate) => candidate.invoice_number === request.params.number);
  if (!invoice) throw new HttpError(404, `Invoice ${request.params.number} not found`);
  return invoice;
}

function listReply(request: ResourceRequest, invoices: Invoice[]): Reply {
  const org = organisationOf(request);
  return { status: 200, json: invoices.map((invoice) => invoiceView(invoice, org)) };
}

/** `since`, `until` (dates) and `limit` narrow the list, newest first when limited. */
function filterByQuery(request: ResourceRequest, invoices: Invoice[]): Invoice[] {
  const bound = (name: string) => {
    const value = request.query.get(name);
    if (value === null) return undefined;
    const ms = Date.parse(value.replace(/\[UTC]$/, ''));
    if (Number.isNaN(ms)) throw new HttpError(400, `Query parameter ${name} is not a date: ${value}`);
    return ms;
  };
  const since = bound('since');
  const until = bound('until');
  let found = invoices.filter((invoice) => {
    const at = Date.parse(invoice.emission_date);
    return (since === undefined || at >= since) && (until === undefined || at < until);
  });
  const limit = request.query.get('limit');
  if (limit !== null) {
    if (!/^\d{1,4}$/.test(limit)) throw new HttpError(400, `Query parameter limit must be a whole number: ${limit}`);
    found = [...found].sort((a, b) => b.emission_date.localeCompare(a.emission_date)).slice(0, Number(limit));
  }
  return found;
}

function pdfReply(request: ResourceRequest): Reply {
  const invoice = findInvoice(request);
  const org = organisationOf(request);
  return {
    status: 200,
    raw: invoicePdf(invoice, org),
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="invoice-${invoice.invoice_number}.pdf"`,
    },
  };
}

export const billingRoutes: Route[] = [
  {
    method: 'GET',
    pattern: '/v4/billing/organisations/:orgId/invoices',
    right: BILLS,
    handle: (request) => {
      const invoices = invoicesOf(request);
      // Like the real API: an organisation without invoices answers 404.
      if (invoices.length === 0) throw new HttpError(404, 'No invoices for this organisation');
      return listReply(request, filterByQuery(request, invoices));
    },
  },
  {
    // Before `invoices/{number}`: "unpaid" is not an invoice number.
    method: 'GET',
    pattern: '/v4/billing/organisations/:orgId/invoices/unpaid',
    right: BILLS,
    handle: (request) =>
      listReply(
        request,
        invoicesOf(request).filter((invoice) => invoice.status === 'PENDING'),
      ),
  },
  {
    method: 'GET',
    pattern: '/v4/billing/organisations/:orgId/invoices/:number.pdf',
    right: BILLS,
    handle: pdfReply,
  },
  {
    method: 'GET',
    pattern: '/v4/billing/organisations/:orgId/invoices/:number.html',
    right: BILLS,
    handle: (request) => ({
      status: 200,
      raw: Buffer.from(invoiceHtml(findInvoice(request), organisationOf(request))),
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    }),
  },
  {
    method: 'GET',
    pattern: '/v4/billing/organisations/:orgId/invoices/:number',
    right: BILLS,
    handle: (request) => ({ status: 200, json: invoiceView(findInvoice(request), organisationOf(request)) }),
  },
  {
    method: 'GET',
    pattern: '/v4/billing/organisations/:orgId/:number.pdf',
    right: BILLS,
    handle: (request) => {
      if (!request.state.settings.specPdfPath) {
        throw new HttpError(404, `Not Found: no endpoint GET ${request.pathname}`);
      }
      return pdfReply(request);
    },
  },
  {
    method: 'GET',
    pattern: '/v4/billing/organisations/:orgId/credits/summary',
    right: 'access_organisations_credit_count',
    handle: (request) => {
      const org = organisationOf(request);
      // Seeded, stable amounts: a personal space has a little free credit, a company prepaid credit.
      return {
        status: 200,
        json: org.personal
          ? { prepaidCredit: 0, freeCredit: 20, currency: 'EUR' }
          : { prepaidCredit: 250, freeCredit: 0, currency: 'EUR' },
      };
    },
  },
];

/** Invoices: the JSON list and real PDF documents at both the spec's path and the console's path. */
import { HttpError } from './http-util.ts';
import { invoicePdf } from './pdf.ts';
import { organisationOf } from './resource-helpers.ts';
import type { Reply, ResourceRequest, Route } from './router.ts';
import type { Invoice } from './state.ts';

function invoiceView(invoice: Invoice): Record<string, unknown> {
  const { ownerId: _ownerId, lines: _lines, ...view } = invoice;
  return view;
}

function invoicesOf(request: ResourceRequest): Invoice[] {
  const org = organisationOf(request);
  return request.state.invoices.filter((invoice) => invoice.ownerId === org.id);
}

function findInvoice(request: ResourceRequest): Invoice {
  const invoice = invoicesOf(request).find((candidate) => candidate.invoice_number === request.params.number);
  if (!invoice) throw new HttpError(404, `Invoice ${request.params.number} not found`);
  return invoice;
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
    right: 'access_organisations_bills',
    handle: (request) => {
      const invoices = invoicesOf(request);
      // Like the real API: an organisation without invoices answers 404.
      if (invoices.length === 0) throw new HttpError(404, 'No invoices for this organisation');
      return { status: 200, json: invoices.map(invoiceView) };
    },
  },
  {
    method: 'GET',
    pattern: '/v4/billing/organisations/:orgId/invoices/:number.pdf',
    right: 'access_organisations_bills',
    handle: pdfReply,
  },
  {
    method: 'GET',
    pattern: '/v4/billing/organisations/:orgId/invoices/:number',
    right: 'access_organisations_bills',
    handle: (request) => ({ status: 200, json: invoiceView(findInvoice(request)) }),
  },
  {
    method: 'GET',
    pattern: '/v4/billing/organisations/:orgId/:number.pdf',
    right: 'access_organisations_bills',
    handle: (request) => {
      if (!request.state.settings.specPdfPath) {
        throw new HttpError(404, `Not Found: no endpoint GET ${request.pathname}`);
      }
      return pdfReply(request);
    },
  },
];

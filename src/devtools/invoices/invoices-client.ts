import { KeyholeError } from '../../core/errors.ts';
import { errorFromResponse, isSuccess, readJsonBody } from '../../core/http/failed-response.ts';
import { base64ToBytes } from '../../core/http/response-body.ts';
import { type AccountSpace, parseAccountSummary } from '../../core/platform/account-summary.ts';
import {
  type InvoiceItem,
  invoiceListPath,
  invoicePdfPaths,
  looksLikePdf,
  parseInvoiceList,
} from '../../core/platform/invoices.ts';
import { send } from '../../ui/send.ts';

/** The invoices view's calls, all signed by the worker through `request/send`. */

const MISSING_BILLS_RIGHT = {
  code: 'permission-missing' as const,
  message:
    'Keyhole’s consumer may not read invoices: it needs the access_organisations_bills right (and your role must ' +
    'allow billing). Add the right to the consumer, then sign in again and tick it on the consent page.',
};

export async function loadSpaces(): Promise<AccountSpace[]> {
  const action = 'list your organisations';
  const response = await send('request/send', { target: 'api', method: 'GET', path: '/v2/summary' });
  if (!isSuccess(response)) throw errorFromResponse(response, { action });
  return parseAccountSummary(readJsonBody(response, action)).spaces;
}

/** The invoices, newest first; an empty list when the platform says 404 (its way of saying "none yet"). */
export async function listInvoices(organisationId: string): Promise<InvoiceItem[]> {
  const action = 'list the invoices';
  const response = await send('request/send', { target: 'api', method: 'GET', path: invoiceListPath(organisationId) });
  if (response.status === 404) return [];
  if (!isSuccess(response)) throw errorFromResponse(response, { action, byStatus: { 403: MISSING_BILLS_RIGHT } });
  const invoices = parseInvoiceList(readJsonBody(response, action));
  if (!invoices)
    throw new KeyholeError(
      'malformed-response',
      'The platform answered the invoice list with something that is not a list.',
    );
  return invoices;
}

/** The PDF's bytes: the spec's path first, the console's path when that one answers 404. */
export async function fetchInvoicePdf(organisationId: string, invoiceNumber: string): Promise<Uint8Array> {
  const action = `download invoice ${invoiceNumber}`;
  const [specPath, consolePath] = invoicePdfPaths(organisationId, invoiceNumber);
  const get = (path: string) =>
    send('request/send', { target: 'api', method: 'GET', path, headers: [['Accept', 'application/pdf']] });
  let response = await get(specPath);
  if (response.status === 404) response = await get(consolePath);
  if (!isSuccess(response))
    throw errorFromResponse(response, {
      action,
      byStatus: {
        403: MISSING_BILLS_RIGHT,
        404: {
          code: 'not-found',
          message: `The platform has no PDF for invoice ${invoiceNumber} at either known path.`,
        },
      },
    });
  if (response.body.truncated)
    throw new KeyholeError('too-large', `Invoice ${invoiceNumber} is too large to download.`);
  const bytes =
    response.body.kind === 'bytes' ? base64ToBytes(response.body.base64) : new TextEncoder().encode(response.body.text);
  if (!looksLikePdf(bytes))
    throw new KeyholeError('malformed-response', `The platform’s answer for invoice ${invoiceNumber} is not a PDF.`, {
      detail: `Content-Type: ${response.contentType || 'none'}`,
    });
  return bytes;
}

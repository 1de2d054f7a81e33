import type { KeyholeErrorData } from '../../core/errors.ts';
import { formatDate } from '../../core/format/format-date.ts';
import { formatInvoiceStatus, formatMoney, type InvoiceItem } from '../../core/platform/invoices.ts';

export type DownloadState =
  | { state: 'busy' }
  | { state: 'done'; filename: string }
  | { state: 'error'; error: KeyholeErrorData };

function StatusChip({ status }: { status: string | undefined }) {
  const tone = status === 'PAID' ? 'ok' : status === 'PENDING' ? 'warn' : status === 'CANCELED' ? 'danger' : 'muted';
  return <span class={`kh-pill kh-pill--${tone}`}>{formatInvoiceStatus(status)}</span>;
}

export function InvoiceTable({
  invoices,
  downloads,
  onDownload,
}: {
  invoices: InvoiceItem[];
  downloads: Record<string, DownloadState>;
  onDownload: (invoice: InvoiceItem) => void;
}) {
  return (
    <div class="kh-table-wrap">
      <table class="kh-table ki-table">
        <caption class="kh-visually-hidden">Invoices</caption>
        <thead>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Date</th>
            <th scope="col">Status</th>
            <th scope="col" class="ki-amount">
              Amount
            </th>
            <th scope="col">
              <span class="kh-visually-hidden">PDF</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => {
            const download = downloads[invoice.number];
            return (
              <tr key={invoice.number} data-invoice={invoice.number}>
                <th scope="row">
                  {invoice.number}
                  {invoice.kind && invoice.kind !== 'INVOICE' ? (
                    <div class="kh-muted kh-small">{formatInvoiceStatus(invoice.kind)}</div>
                  ) : null}
                </th>
                <td>
                  {formatDate(invoice.emissionDate)}
                  {invoice.payDate ? <div class="kh-muted kh-small">Paid {formatDate(invoice.payDate)}</div> : null}
                </td>
                <td>
                  <StatusChip status={invoice.status} />
                </td>
                <td class="ki-amount">
                  <span>{invoice.total ? formatMoney(invoice.total) : '—'}</span>
                  {invoice.totalTaxExcluded ? (
                    <div class="kh-muted kh-small">{formatMoney(invoice.totalTaxExcluded)} before tax</div>
                  ) : null}
                </td>
                <td>
                  <div class="ki-download">
                    <button
                      type="button"
                      class="kh-button"
                      onClick={() => onDownload(invoice)}
                      disabled={download?.state === 'busy'}
                      aria-label={`Download PDF of invoice ${invoice.number}`}
                    >
                      {download?.state === 'busy' ? 'Downloading…' : 'Download PDF'}
                    </button>
                    <span role="status" class={download?.state === 'error' ? 'kh-field-error' : 'kh-muted kh-small'}>
                      {download?.state === 'done'
                        ? `Saved as ${download.filename}`
                        : download?.state === 'error'
                          ? download.error.message
                          : ''}
                    </span>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

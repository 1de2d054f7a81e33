import { useEffect, useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../../core/errors.ts';
import type { AccountSpace } from '../../core/platform/account-summary.ts';
import { type InvoiceItem, invoicePdfFileName, organisationFromHash } from '../../core/platform/invoices.ts';
import { ErrorBanner } from '../../ui/ErrorBanner.tsx';
import { type DownloadState, InvoiceTable } from './InvoiceTable.tsx';
import { fetchInvoicePdf, listInvoices, loadSpaces } from './invoices-client.ts';
import { saveFile } from './save-file.ts';
import '../../ui/views.css';
import './invoices.css';

type SpacesState =
  | { state: 'loading' }
  | { state: 'ready'; spaces: AccountSpace[] }
  | { state: 'error'; error: KeyholeErrorData };
type ListState =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; invoices: InvoiceItem[] }
  | { state: 'error'; error: KeyholeErrorData };

function spaceLabel(space: AccountSpace): string {
  return space.personal ? `Personal space (${space.name})` : space.name;
}

/** Invoices per organisation, with their PDFs. `#invoices?org=<id>` preselects one (the popup links there). */
export default function InvoicesView() {
  const [spaces, setSpaces] = useState<SpacesState>({ state: 'loading' });
  const [selected, setSelected] = useState<string | undefined>(() => organisationFromHash(location.hash));
  const [list, setList] = useState<ListState>({ state: 'idle' });
  const [downloads, setDownloads] = useState<Record<string, DownloadState>>({});
  const [reload, setReload] = useState(0);

  useEffect(() => {
    const onHash = () => {
      const org = organisationFromHash(location.hash);
      if (org) setSelected(org);
    };
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);

  useEffect(() => {
    loadSpaces().then(
      (found) => {
        setSpaces({ state: 'ready', spaces: found });
        setSelected((current) => current ?? found[0]?.id);
      },
      (error) => setSpaces({ state: 'error', error: toErrorData(error) }),
    );
  }, []);

  useEffect(() => {
    if (!selected) return;
    let current = true;
    setList({ state: 'loading' });
    setDownloads({});
    listInvoices(selected).then(
      (invoices) => current && setList({ state: 'ready', invoices }),
      (error) => current && setList({ state: 'error', error: toErrorData(error) }),
    );
    return () => {
      current = false;
    };
  }, [selected, reload]);

  const known = spaces.state === 'ready' ? spaces.spaces : [];
  const selectedSpace = known.find((space) => space.id === selected);
  const organisationName = selectedSpace?.name ?? selected ?? 'organisation';

  const download = async (invoice: InvoiceItem) => {
    if (!selected) return;
    const setState = (state: DownloadState) => setDownloads((previous) => ({ ...previous, [invoice.number]: state }));
    setState({ state: 'busy' });
    try {
      const bytes = await fetchInvoicePdf(selected, invoice.number);
      const filename = invoicePdfFileName(organisationName, invoice.number);
      await saveFile(bytes, filename, 'application/pdf');
      setState({ state: 'done', filename });
    } catch (error) {
      setState({ state: 'error', error: toErrorData(error) });
    }
  };

  const choose = (id: string) => {
    setSelected(id);
    // Keep the route in step so reloading or sharing the panel URL shows the same organisation.
    const base = location.hash.split('?')[0] || '#invoices';
    history.replaceState(null, '', `${base}?org=${encodeURIComponent(id)}`);
  };

  return (
    <div class="kh-view kh-view--grid">
      <header>
        <h2>Invoices</h2>
        <p class="kh-muted kh-small" style={{ margin: '2px 0 0' }}>
          Each organisation’s invoices, with their PDFs saved to your downloads folder.
        </p>
      </header>

      <div class="ki-toolbar">
        <div class="ki-field">
          <label for="ki-organisation">Organisation</label>
          <select
            id="ki-organisation"
            class="kh-input"
            value={selected ?? ''}
            onChange={(event) => choose(event.currentTarget.value)}
            disabled={!selected && known.length === 0}
          >
            {!selected ? <option value="">{spaces.state === 'loading' ? 'Loading…' : 'No organisation'}</option> : null}
            {known.map((space) => (
              <option key={space.id} value={space.id}>
                {spaceLabel(space)}
              </option>
            ))}
            {selected && !selectedSpace ? <option value={selected}>{selected}</option> : null}
          </select>
        </div>
        <button type="button" class="kh-button" onClick={() => setReload(reload + 1)} disabled={!selected}>
          Refresh
        </button>
      </div>

      {spaces.state === 'error' ? <ErrorBanner error={spaces.error} /> : null}

      <section aria-label={`Invoices of ${organisationName}`} aria-busy={list.state === 'loading'}>
        {list.state === 'loading' ? <p class="kh-muted kh-small">Loading invoices…</p> : null}
        {list.state === 'error' ? <ErrorBanner error={list.error} onRetry={() => setReload(reload + 1)} /> : null}
        {list.state === 'ready' && list.invoices.length === 0 ? (
          <p class="ki-empty">No invoices for {organisationName} yet.</p>
        ) : null}
        {list.state === 'ready' && list.invoices.length > 0 ? (
          <InvoiceTable invoices={list.invoices} downloads={downloads} onDownload={download} />
        ) : null}
      </section>
    </div>
  );
}

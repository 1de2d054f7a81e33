import { useEffect, useState } from 'preact/hooks';
import browser from 'webextension-polyfill';
import { type KeyholeErrorData, toErrorData } from '../../core/errors.ts';
import { kindLabel } from '../../core/storage/kind-labels.ts';
import { STORAGE_STATUS_KEY } from '../../core/storage/record-kinds.ts';
import {
  describeStorageChanges,
  describeStorageStatus,
  reviveStorageStatus,
  type StorageStatus,
} from '../../core/storage/storage-status.ts';
import { ErrorBanner } from '../../ui/ErrorBanner.tsx';
import { watchStoredState } from '../extension.ts';
import { applyImport, exportAll, type PreparedImport, prepareImport } from './backup-data.ts';

async function readStatus(): Promise<StorageStatus | undefined> {
  return reviveStorageStatus((await browser.storage.local.get(STORAGE_STATUS_KEY))[STORAGE_STATUS_KEY]);
}

function saveText(text: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Settings → Your data: what the last update did to stored data (records it could not read are listed, kept
 * aside), and Export all / Import all. An import is shown as a plan first and only adds.
 */
export function DataSection() {
  const [status, setStatus] = useState<StorageStatus | undefined>();
  const [error, setError] = useState<KeyholeErrorData | null>(null);
  const [pending, setPending] = useState<PreparedImport | null>(null);
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const load = () => void readStatus().then(setStatus, () => undefined);
    load();
    return watchStoredState(load);
  }, []);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNotice('');
    try {
      await action();
    } catch (reason) {
      setError(toErrorData(reason));
    } finally {
      setBusy(false);
    }
  };

  const onExport = () =>
    run(async () => {
      saveText(await exportAll(), `keyhole-backup-${new Date().toISOString().slice(0, 10)}.json`);
      setNotice('Backup saved. It holds no secret: consumer secrets and tokens are typed again after an import.');
    });

  const onPick = (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (file) void run(async () => setPending(await prepareImport(await file.text())));
  };

  const onImport = () =>
    run(async () => {
      if (!pending) return;
      await applyImport(pending);
      setPending(null);
      setNotice('Imported. Type the consumer secret of each new profile (Edit), then sign in.');
    });

  const problem = status && status.state !== 'current';
  const changes = status ? describeStorageChanges(status) : [];
  return (
    <section id="data" class="opt-section" aria-labelledby="data-title">
      <h2 id="data-title">Your data</h2>
      {status && (problem || status.setAside.length > 0 || changes.length > 0) ? (
        <div class={`kh-banner ${problem ? 'kh-banner--error' : ''}`} role={problem ? 'alert' : 'status'}>
          <p>{describeStorageStatus(status)}</p>
          {status.setAside.length > 0 ? (
            <ul class="opt-set-aside" aria-label="Records kept aside">
              {status.setAside.map((item) => (
                <li key={`${item.kind}/${item.version}/${item.key}`}>
                  <strong>{kindLabel(item.kind)}</strong> <span class="kh-mono">{item.key}</span>: {item.reason} (
                  {item.at.slice(0, 10)})
                </li>
              ))}
            </ul>
          ) : null}
          {changes.length > 0 ? (
            <>
              <p>The update of {status.at.slice(0, 10)} changed saved records:</p>
              <ul class="opt-set-aside" aria-label="Records the update changed">
                {changes.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
      <div class="opt-card">
        <p>
          <strong>Export all</strong> saves your profiles (without secrets), saved requests, environments, contexts and
          the SFTP kit’s run in one file. <strong>Import all</strong> adds a backup’s records to this browser; it never
          replaces one of yours.
        </p>
        <div class="opt-copy-row">
          <button type="button" class="kh-button" disabled={busy} onClick={() => void onExport()}>
            Export all
          </button>
          <label class="kh-button">
            Import all…
            <input
              type="file"
              accept=".json,application/json"
              class="kh-visually-hidden"
              disabled={busy}
              onChange={onPick}
            />
          </label>
        </div>
        <p role="status" class="opt-notice">
          {notice}
        </p>
        {error ? <ErrorBanner error={error} /> : null}
        {pending ? (
          <section class="opt-import-plan" aria-labelledby="import-plan-title">
            <h3 id="import-plan-title">Import this backup?</h3>
            <ul>
              {pending.plan.notices.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <div class="opt-copy-row">
              <button
                type="button"
                class="kh-button kh-button--primary"
                disabled={busy}
                onClick={() => void onImport()}
              >
                Import
              </button>
              <button type="button" class="kh-button" disabled={busy} onClick={() => setPending(null)}>
                Cancel
              </button>
            </div>
          </section>
        ) : null}
      </div>
    </section>
  );
}

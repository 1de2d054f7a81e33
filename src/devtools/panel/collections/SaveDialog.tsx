import { useEffect, useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../../../core/errors.ts';
import { activeTab, suggestedSaveName } from '../../../core/workbench/request-tabs.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorBanner } from '../../../ui/ErrorBanner.tsx';
import type { Workbench } from '../workbench.ts';
import { saveActiveTab } from './saved-actions.ts';

/**
 * Saves the active tab under a name and a folder (`Apps/Deploy`). A tab opened from a saved request updates it;
 * “Save as new” keeps the original. Credential headers and secret-looking values are not saved.
 */
export default function SaveDialog({ workbench, onClose }: { workbench: Workbench; onClose: () => void }) {
  const tab = activeTab(workbench.tabs.get());
  const [name, setName] = useState(suggestedSaveName(tab));
  const [folder, setFolder] = useState('');
  const [folders, setFolders] = useState<string[]>([]);
  const [error, setError] = useState<KeyholeErrorData>();

  useEffect(() => {
    void workbench.saved.list().then((list) => {
      setFolders([...new Set(list.map((item) => item.folder).filter(Boolean))].sort());
      const existing = list.find((item) => item.id === tab.savedId);
      if (existing) setFolder(existing.folder);
    });
  }, []);

  const save = (asNew: boolean) => {
    saveActiveTab(workbench, workbench.saved, { name, folder, asNew }).then(onClose, (reason: unknown) =>
      setError(toErrorData(reason)),
    );
  };

  return (
    <Dialog title={tab.savedId ? 'Save request' : 'Save request as'} onClose={onClose} size="narrow">
      <form
        class="kh-dialog-body"
        onSubmit={(event) => {
          event.preventDefault();
          save(false);
        }}
      >
        <label class="kh-field">
          <span>Name</span>
          <input
            class="kh-input"
            value={name}
            autoFocus
            required
            onInput={(event) => setName((event.currentTarget as HTMLInputElement).value)}
          />
        </label>
        <label class="kh-field">
          <span>Folder (optional, / for sub-folders)</span>
          <input
            class="kh-input"
            value={folder}
            list="kh-save-folders"
            placeholder="Apps/Deploy"
            onInput={(event) => setFolder((event.currentTarget as HTMLInputElement).value)}
          />
          <datalist id="kh-save-folders">
            {folders.map((item) => (
              <option key={item} value={item} />
            ))}
          </datalist>
        </label>
        <p class="kh-hint kh-muted">
          Authorization and other credential headers, and secret-looking values, are not saved.
        </p>
        {error ? <ErrorBanner error={error} /> : null}
        <div class="kh-dialog-actions">
          <button type="button" class="kh-button" onClick={onClose}>
            Cancel
          </button>
          {tab.savedId ? (
            <button type="button" class="kh-button" onClick={() => save(true)}>
              Save as new
            </button>
          ) : null}
          <button type="submit" class="kh-button kh-button--primary" disabled={name.trim() === ''}>
            Save
          </button>
        </div>
      </form>
    </Dialog>
  );
}

import { useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../../../core/errors.ts';
import { nextOrder, normalizeFolder, type SavedRequest } from '../../../core/workbench/saved-requests.ts';
import { listFolders } from '../../../core/workbench/saved-tree.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorBanner } from '../../../ui/ErrorBanner.tsx';
import type { SavedRequestStore } from './saved-store.ts';

/**
 * Renames a saved request or moves it to another folder (at the end of it): F2 and “Rename…” start in the name,
 * “Move to…” (the keyboard's way to do what a drag does) in the folder, with every existing folder offered.
 */
export default function EditSavedDialog({
  item,
  list,
  store,
  focus = 'name',
  onClose,
}: {
  item: SavedRequest;
  list: SavedRequest[];
  store: SavedRequestStore;
  focus?: 'name' | 'folder';
  onClose: () => void;
}) {
  const [name, setName] = useState(item.name);
  const [folder, setFolder] = useState(item.folder);
  const [error, setError] = useState<KeyholeErrorData>();
  const folders = listFolders(list);

  const submit = (event: Event) => {
    event.preventDefault();
    const where = normalizeFolder(folder);
    const moved = where !== item.folder;
    const renamed = name.trim() !== item.name;
    // Only what was changed here, the name or the place: the request may have been saved again, renamed, moved or
    // reordered in another window meanwhile (`item` is as it was when the dialog opened).
    store
      .update([
        {
          id: item.id,
          ...(renamed ? { name: name.trim() } : {}),
          ...(moved ? { folder: where, order: nextOrder(list, where) } : {}),
          updatedAt: Date.now(),
        },
      ])
      .then(onClose, (reason: unknown) => setError(toErrorData(reason)));
  };

  return (
    <Dialog title={`${focus === 'folder' ? 'Move' : 'Edit'} “${item.name}”`} onClose={onClose} size="narrow">
      <form class="kh-dialog-body" onSubmit={submit}>
        <label class="kh-field">
          <span>Name</span>
          <input
            class="kh-input"
            value={name}
            autoFocus={focus === 'name'}
            // Selected on focus, as a rename is in a file manager: what is typed replaces the old name.
            onFocus={(event) => event.currentTarget.select()}
            required
            onInput={(event) => setName((event.currentTarget as HTMLInputElement).value)}
          />
        </label>
        <label class="kh-field">
          <span>Folder (empty for none, / for sub-folders)</span>
          <input
            class="kh-input"
            value={folder}
            autoFocus={focus === 'folder'}
            list="kh-edit-folders"
            onInput={(event) => setFolder((event.currentTarget as HTMLInputElement).value)}
          />
          <datalist id="kh-edit-folders">
            {folders.map((entry) => (
              <option key={entry} value={entry} />
            ))}
          </datalist>
        </label>
        {error ? <ErrorBanner error={error} /> : null}
        <div class="kh-dialog-actions">
          <button type="button" class="kh-button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" class="kh-button kh-button--primary" disabled={name.trim() === ''}>
            Save
          </button>
        </div>
      </form>
    </Dialog>
  );
}

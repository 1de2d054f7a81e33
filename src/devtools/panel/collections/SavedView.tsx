import { useEffect, useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../../../core/errors.ts';
import { exportCollection } from '../../../core/workbench/collection-file.ts';
import { type AddedEnvironment, addImportedEnvironments } from '../../../core/workbench/environment-import.ts';
import {
  duplicate,
  groupByFolder,
  newSavedId,
  reorder,
  type SavedRequest,
} from '../../../core/workbench/saved-requests.ts';
import { listFolders, moveToFolder } from '../../../core/workbench/saved-tree.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorBanner } from '../../../ui/ErrorBanner.tsx';
import { Lazy } from '../../../ui/Lazy.tsx';
import type { ViewProps } from '../view-props.ts';
import { useCollapsedFolders } from './collapsed-folders.ts';
import { ImportedEnvironments } from './ImportedEnvironments.tsx';
import { ImportInputs } from './ImportInputs.tsx';
import { ImportNotice } from './ImportNotice.tsx';
import { importCollectionFiles, pathOf } from './import-collection.ts';
import { SavedTree, type SavedTreeActions } from './SavedTree.tsx';
import { openSaved } from './saved-actions.ts';
import { placements } from './saved-store.ts';
import './collections.css';

/**
 * The Saved view: saved requests as a tree of folders (SavedTree.tsx), filtered as you type. Open one in its own
 * tab; from its “⋯” menu rename, move to another folder, duplicate, move up or down, delete. Export writes
 * Keyhole's collection file (no credential in it); Import reads that, a Postman, Insomnia or Bruno collection, a
 * HAR file or a curl command, and says what it left out.
 */
const loadEdit = () => import('./EditSavedDialog.tsx');

export default function SavedView({ workbench, services, showComposer }: ViewProps) {
  const store = workbench.saved;
  const [list, setList] = useState<SavedRequest[]>();
  const [error, setError] = useState<KeyholeErrorData>();
  const [notices, setNotices] = useState<string[]>([]);
  const [importedEnvironments, setImportedEnvironments] = useState<AddedEnvironment[]>([]);
  const [editing, setEditing] = useState<{ item: SavedRequest; focus: 'name' | 'folder' }>();
  const [confirmDelete, setConfirmDelete] = useState<SavedRequest>();
  const [query, setQuery] = useState('');
  const [collapsed, setCollapsed] = useCollapsedFolders(services.storage);

  useEffect(() => {
    const load = () => store.list().then(setList, (reason: unknown) => setError(toErrorData(reason)));
    void load();
    return store.subscribe(() => void load());
  }, [store]);

  const fail = (reason: unknown) => setError(toErrorData(reason));
  const groups = groupByFolder(list ?? []);

  const exportAll = () => {
    const { environments } = workbench.variables.get();
    const text = exportCollection(
      groups.flatMap((group) => group.requests),
      new Date(),
      environments,
    );
    const what = [
      `${list?.length ?? 0} request${list?.length === 1 ? '' : 's'}`,
      ...(environments.length > 0 ? [`${environments.length} environment${environments.length === 1 ? '' : 's'}`] : []),
    ].join(' and ');
    services
      .download(new Blob([text], { type: 'application/json' }), 'keyhole-collection.json')
      .then(
        () =>
          setNotices([`Exported ${what} to keyhole-collection.json (no credentials; secret-looking values masked).`]),
        fail,
      );
  };

  const importFiles = async (files: File[]) => {
    setError(undefined);
    try {
      const session = workbench.session.get();
      const profile = session.state === 'ready' && 'profile' in session.status ? session.status.profile : undefined;
      const imported = await importCollectionFiles(files, store, profile);
      const count = imported.count;
      // Never into an environment the user has: a new one each, merged only after a review (ImportedEnvironments).
      const { scope, added } = addImportedEnvironments(workbench.variables.get(), imported.environments, newSavedId);
      if (added.length > 0) workbench.variables.set(scope);
      setImportedEnvironments(added);
      setNotices([
        `Imported ${count} request${count === 1 ? '' : 's'} from ${files.length === 1 ? files[0]?.name : `${files.length} files of ${pathOf(files[0] as File).split('/')[0]}`}.`,
        ...(added.length > 0 ? ['Environments are under Variables….'] : []),
        ...imported.notices,
      ]);
    } catch (reason) {
      fail(reason);
    }
  };

  const actions: SavedTreeActions = {
    open(item) {
      openSaved(workbench, item);
      showComposer();
    },
    rename: (item) => setEditing({ item, focus: 'name' }),
    moveTo: (item) => setEditing({ item, focus: 'folder' }),
    remove: (item) => setConfirmDelete(item),
    drop(id, folder, beforeId) {
      if (list) store.update(placements(moveToFolder(list, id, folder, beforeId), id)).catch(fail);
    },
    more: (item) => {
      const siblings = (list ?? []).filter((entry) => entry.folder === item.folder).sort((a, b) => a.order - b.order);
      const at = siblings.findIndex((entry) => entry.id === item.id);
      return [
        {
          label: 'Duplicate',
          run: () => {
            if (!list) return;
            // The copy is new (whole); its siblings only move along (their stored contents stay as they are now).
            const id = newSavedId();
            const changed = duplicate(list, item.id, id, Date.now());
            store
              .put(changed.filter((entry) => entry.id === id))
              .then(() => store.update(placements(changed.filter((entry) => entry.id !== id))))
              .catch(fail);
          },
        },
        {
          label: 'Move up',
          disabled: at <= 0,
          run: () => list && store.update(placements(reorder(list, item.id, -1))).catch(fail),
        },
        {
          label: 'Move down',
          disabled: at < 0 || at >= siblings.length - 1,
          run: () => list && store.update(placements(reorder(list, item.id, 1))).catch(fail),
        },
      ];
    },
  };

  return (
    <section class="kh-side-view kh-saved" aria-label="Saved requests">
      <div class="kh-saved-tools">
        <input
          type="search"
          class="kh-input kh-saved-filter"
          // Short enough for the narrowest side pane (the longer "Filter: name, method, path" was cut to "Filter:
          // name, me" at 900 wide); what it matches is in the title.
          placeholder="Filter"
          title="Filter by name, method or path"
          aria-label="Filter saved requests"
          value={query}
          onInput={(event) => setQuery((event.currentTarget as HTMLInputElement).value)}
          onKeyDown={(event) => {
            // ↓ from the filter goes into the tree, as from the catalog's search into its list.
            if (event.key !== 'ArrowDown') return;
            event.preventDefault();
            document.querySelector<HTMLElement>('.kh-saved [role="tree"]')?.focus();
          }}
        />
        <button
          type="button"
          class="kh-icon-button"
          title="Close every folder"
          aria-label="Close every folder"
          disabled={!list?.length}
          onClick={() => list && setCollapsed(new Set(listFolders(list)))}
        >
          ⊟
        </button>
        <button type="button" class="kh-button kh-button--small" onClick={exportAll} disabled={!list?.length}>
          Export
        </button>
        <ImportInputs onFiles={importFiles} />
      </div>
      {notices.length > 0 ? (
        <ImportNotice
          notices={notices}
          onDismiss={() => {
            setNotices([]);
            setImportedEnvironments([]);
          }}
        >
          {importedEnvironments.length > 0 ? (
            <ImportedEnvironments workbench={workbench} added={importedEnvironments} />
          ) : null}
        </ImportNotice>
      ) : null}
      {error ? <ErrorBanner error={error} /> : null}
      {list === undefined ? (
        <p class="kh-muted kh-side-empty">Loading…</p>
      ) : list.length === 0 ? (
        <p class="kh-muted kh-side-empty">
          No saved request yet: use Save request… above the composer, or import a collection.
        </p>
      ) : (
        <SavedTree list={list} query={query} collapsed={collapsed} onCollapsed={setCollapsed} actions={actions} />
      )}
      {editing && list ? (
        <Lazy
          load={loadEdit}
          props={{ item: editing.item, focus: editing.focus, list, store, onClose: () => setEditing(undefined) }}
          fallback={<span class="kh-muted">Loading…</span>}
        />
      ) : null}
      {confirmDelete ? (
        <Dialog title={`Delete “${confirmDelete.name}”?`} onClose={() => setConfirmDelete(undefined)} size="narrow">
          <div class="kh-dialog-body">
            <p>
              {confirmDelete.draft.method} {confirmDelete.draft.path}
              {confirmDelete.folder ? ` in ${confirmDelete.folder}` : ''}. A tab showing it keeps its draft.
            </p>
            <div class="kh-dialog-actions">
              <button type="button" class="kh-button" autoFocus onClick={() => setConfirmDelete(undefined)}>
                Cancel
              </button>
              <button
                type="button"
                class="kh-button kh-button--danger"
                onClick={() => {
                  const id = confirmDelete.id;
                  setConfirmDelete(undefined);
                  store.remove(id).catch(fail);
                }}
              >
                Delete
              </button>
            </div>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}

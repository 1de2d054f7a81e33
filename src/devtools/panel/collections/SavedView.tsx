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
import { ErrorBanner } from '../../../ui/ErrorBanner.tsx';
import { Lazy } from '../../../ui/Lazy.tsx';
import { MethodBadge } from '../MethodBadge.tsx';
import type { ViewProps } from '../view-props.ts';
import { ImportedEnvironments } from './ImportedEnvironments.tsx';
import { ImportInputs } from './ImportInputs.tsx';
import { importCollectionFiles, pathOf } from './import-collection.ts';
import { openSaved } from './saved-actions.ts';
import './collections.css';

/**
 * The Saved view: saved requests by folder. Open one in its own tab; move it up or down, duplicate, rename or
 * move it to another folder, delete it. Export writes Keyhole's collection file (no credential in it); Import
 * reads that, a Postman, Insomnia or Bruno collection, a HAR file or a curl command, and says what it left out.
 */
const loadEdit = () => import('./EditSavedDialog.tsx');

export default function SavedView({ workbench, services, showComposer }: ViewProps) {
  const store = workbench.saved;
  const [list, setList] = useState<SavedRequest[]>();
  const [error, setError] = useState<KeyholeErrorData>();
  const [notices, setNotices] = useState<string[]>([]);
  const [importedEnvironments, setImportedEnvironments] = useState<AddedEnvironment[]>([]);
  const [editing, setEditing] = useState<SavedRequest>();
  const [confirmDelete, setConfirmDelete] = useState<string>();

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

  return (
    <section class="kh-side-view kh-saved" aria-label="Saved requests">
      <div class="kh-saved-tools">
        <button type="button" class="kh-button kh-button--small" onClick={exportAll} disabled={!list?.length}>
          Export
        </button>
        <ImportInputs onFiles={importFiles} />
      </div>
      {notices.length > 0 ? (
        <div class="kh-banner kh-banner--warn kh-saved-notices" role="status">
          <ul>
            {notices.map((notice) => (
              <li key={notice}>{notice}</li>
            ))}
          </ul>
          {importedEnvironments.length > 0 ? (
            <ImportedEnvironments workbench={workbench} added={importedEnvironments} />
          ) : null}
          <button
            type="button"
            class="kh-button kh-button--small"
            onClick={() => {
              setNotices([]);
              setImportedEnvironments([]);
            }}
          >
            Dismiss
          </button>
        </div>
      ) : null}
      {error ? <ErrorBanner error={error} /> : null}
      <div class="kh-saved-body">
        {list === undefined ? (
          <p class="kh-muted kh-side-empty">Loading…</p>
        ) : list.length === 0 ? (
          <p class="kh-muted kh-side-empty">
            No saved request yet: use Save request… above the composer, or import a collection.
          </p>
        ) : (
          groups.map((group) => (
            <div key={group.folder} class="kh-saved-folder">
              <h3 class="kh-saved-folder-name">{group.folder || 'No folder'}</h3>
              <ul class="kh-saved-list" aria-label={group.folder || 'No folder'}>
                {group.requests.map((item, index) => (
                  <li key={item.id} class="kh-saved-item">
                    <button
                      type="button"
                      class="kh-saved-open"
                      title={`${item.name} — ${item.draft.method} ${item.draft.path}`}
                      onClick={() => {
                        openSaved(workbench, item);
                        showComposer();
                      }}
                    >
                      <MethodBadge method={item.draft.method} />
                      <span class="kh-saved-name">{item.name}</span>
                    </button>
                    <span class="kh-saved-actions">
                      <button
                        type="button"
                        class="kh-icon-button"
                        aria-label={`Move ${item.name} up`}
                        title="Move up"
                        disabled={index === 0}
                        onClick={() => store.put(reorder(list, item.id, -1)).catch(fail)}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        class="kh-icon-button"
                        aria-label={`Move ${item.name} down`}
                        title="Move down"
                        disabled={index === group.requests.length - 1}
                        onClick={() => store.put(reorder(list, item.id, 1)).catch(fail)}
                      >
                        ↓
                      </button>
                      <button
                        type="button"
                        class="kh-icon-button"
                        aria-label={`Duplicate ${item.name}`}
                        title="Duplicate"
                        onClick={() => store.put(duplicate(list, item.id, newSavedId(), Date.now())).catch(fail)}
                      >
                        ❐
                      </button>
                      <button
                        type="button"
                        class="kh-icon-button"
                        aria-label={`Rename or move ${item.name}`}
                        title="Rename or move to a folder"
                        onClick={() => setEditing(item)}
                      >
                        ✎
                      </button>
                      {confirmDelete === item.id ? (
                        <button
                          type="button"
                          class="kh-button kh-button--small kh-button--danger"
                          onClick={() => {
                            setConfirmDelete(undefined);
                            store.remove(item.id).catch(fail);
                          }}
                        >
                          Delete
                        </button>
                      ) : (
                        <button
                          type="button"
                          class="kh-icon-button"
                          aria-label={`Delete ${item.name}`}
                          title="Delete"
                          onClick={() => setConfirmDelete(item.id)}
                        >
                          ×
                        </button>
                      )}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ))
        )}
      </div>
      {editing && list ? (
        <Lazy
          load={loadEdit}
          props={{ item: editing, list, store, onClose: () => setEditing(undefined) }}
          fallback={<span class="kh-muted">Loading…</span>}
        />
      ) : null}
    </section>
  );
}

import type { RunItem } from '../../../core/workbench/run/run-collection.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { MethodBadge } from '../MethodBadge.tsx';

/** Before a run that changes things on a real platform: every write it will send, and an explicit choice. */
export function WritesDialog({
  writes,
  profileName,
  onConfirm,
  onCancel,
}: {
  writes: RunItem[];
  profileName: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog title="This run changes things" onClose={onCancel} closeButton={false}>
      <p>
        {writes.length === 1 ? 'One request writes' : `${writes.length} requests write`} on{' '}
        <strong>{profileName}</strong>, which is not the local sandbox:
      </p>
      <ul class="kh-runner-writes">
        {writes.map((item) => (
          <li key={item.id}>
            <MethodBadge method={item.draft.method} /> <span class="kh-mono">{item.draft.path}</span>{' '}
            <span class="kh-muted">{item.name}</span>
          </li>
        ))}
      </ul>
      <div class="kh-dialog-actions">
        <button type="button" class="kh-button" onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" class="kh-button kh-button--danger" onClick={onConfirm}>
          Run with {writes.length === 1 ? 'this write' : `these ${writes.length} writes`}
        </button>
      </div>
    </Dialog>
  );
}

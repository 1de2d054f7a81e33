import { Dialog } from '../../../ui/Dialog.tsx';
import type { PendingReplace } from '../replace-confirm.ts';
import { useStore } from '../store.ts';
import type { Workbench } from '../workbench.ts';

/**
 * "This PUT replaces all environment variables": asked before such a PUT goes (from Send or a re-send after
 * signing in), with what goes, as read from the server just now; Cancel is the default (focused) answer.
 */
const MAX_NAMES = 30;

function Names({ label, names }: { label: string; names: string[] }) {
  if (names.length === 0) return null;
  const shown = names.slice(0, MAX_NAMES);
  return (
    <li>
      {label} ({names.length}):{' '}
      {shown.map((name, index) => (
        <span key={name}>
          {index > 0 ? ', ' : ''}
          <span class="kh-mono">{name}</span>
        </span>
      ))}
      {names.length > shown.length ? ` and ${names.length - shown.length} more` : ''}
    </li>
  );
}

function Listing({ pending }: { pending: PendingReplace }) {
  const { listing } = pending;
  if (listing.state === 'loading') return <p class="kh-muted">Reading what is there now…</p>;
  if (listing.state === 'unknown')
    return <p>Keyhole could not tell what it replaces ({listing.why}): everything there now is replaced.</p>;
  const { removed, changed, added, unchanged } = listing.replacement;
  return (
    <ul class="kh-replace-list">
      <Names label="Removed" names={removed} />
      <Names label="Changed" names={changed} />
      <Names label="Added" names={added} />
      <li class="kh-muted">{unchanged} unchanged</li>
    </ul>
  );
}

export function ReplaceConfirm({ workbench }: { workbench: Workbench }) {
  const pending = useStore(workbench.pendingReplace);
  if (!pending) return null;
  const { method, path } = pending.request;
  const removes = pending.listing.state === 'ready' && pending.listing.replacement.removed.length > 0;
  return (
    <Dialog title={`Replace ${pending.collection.what}?`} onClose={() => void workbench.answerReplace(false)}>
      <div class="kh-dialog-body">
        <p>
          <span class="kh-mono">
            {method} {path}
          </span>{' '}
          replaces {pending.collection.what} with the body: whatever the body leaves out is deleted.
        </p>
        <Listing pending={pending} />
        <div class="kh-dialog-actions">
          <button type="button" class="kh-button" autoFocus onClick={() => void workbench.answerReplace(false)}>
            Cancel
          </button>
          <button
            type="button"
            class={`kh-button ${removes ? 'kh-button--danger' : 'kh-button--primary'}`}
            disabled={pending.listing.state === 'loading'}
            onClick={() => void workbench.answerReplace(true)}
          >
            Replace
          </button>
        </div>
      </div>
    </Dialog>
  );
}

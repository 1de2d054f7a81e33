import { useEffect, useState } from 'preact/hooks';
import type { CatalogEntry } from '../../../../core/platform/catalog.ts';
import { type FollowCall, type FollowTarget, followCalls, knownParams } from '../../../../core/platform/follow-ids.ts';
import { idKind } from '../../../../core/platform/id-kinds.ts';
import { loadCatalog } from '../../../../core/platform/load-catalog.ts';
import { buildResourceConsoleLink } from '../../../../core/platform/resource-links.ts';
import type { SendRequest } from '../../../../core/protocol.ts';
import { createDraft } from '../../../../core/workbench/request-draft.ts';
import { copyText } from '../../../../ui/copy-text.ts';
import { Dialog } from '../../../../ui/Dialog.tsx';
import { MethodBadge } from '../../MethodBadge.tsx';
import type { Workbench } from '../../workbench.ts';
import { followActionsFor } from './follow-actions.ts';
import './log-stream-actions.ts';

/**
 * What a followed value leads to: the calls it can fill (composed through the workbench's catalog path, so the
 * draft is the one a catalog click would give, with the id filled in), copying it, its console page (an
 * application or add-on whose organisation is known), and actions other features registered. An address that is
 * not the profile's own API or bridge is only copied: it is never fetched or opened.
 */
type Loaded = { state: 'loading' } | { state: 'ready'; calls: FollowCall[]; known: Record<string, string> };

/** Enough to pick from; the catalog's search has the rest. */
const SHOWN_CALLS = 40;

export function composeCall(workbench: Workbench, entry: CatalogEntry, params: Record<string, string>): void {
  workbench.openCatalogEntry(entry);
  workbench.edit((draft) => ({ ...draft, params: { ...draft.params, ...params } }));
}

export default function FollowMenu({
  target,
  workbench,
  request,
  known: given,
  consoleUrl,
  onClose,
}: {
  target: FollowTarget;
  workbench: Workbench;
  /** The call the value came from: its placeholders are known for the next one. */
  request?: SendRequest;
  /** Known placeholders given directly (e.g. the owner, from the popup's link). */
  known?: Record<string, string>;
  consoleUrl?: string;
  onClose: () => void;
}) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [note, setNote] = useState('');

  useEffect(() => {
    if (target.type !== 'id') return;
    let live = true;
    loadCatalog().then(
      (catalog) => {
        if (!live) return;
        const known = { ...(request ? knownParams(catalog.entries, request) : {}), ...given };
        setLoaded({ state: 'ready', known, calls: followCalls(catalog.entries, target, known) });
      },
      () => live && setLoaded({ state: 'ready', known: {}, calls: [] }),
    );
    return () => {
      live = false;
    };
  }, [target]);

  const copy = async (text: string, what: string) => {
    try {
      await copyText(text);
      setNote(`Copied the ${what}.`);
    } catch (error) {
      setNote(error instanceof Error ? error.message : String(error));
    }
  };

  if (target.type !== 'id') {
    const title = target.type === 'call' ? 'Follow this address' : 'An outside address';
    return (
      <Dialog title={title} onClose={onClose} size="medium">
        <div class="kh-dialog-body kh-follow-menu">
          <p class="kh-mono kh-follow-value">{target.url}</p>
          {target.type === 'url' ? (
            <p class="kh-hint kh-muted">
              Not this profile’s API or bridge, so Keyhole neither opens nor fetches it: copy it if you trust it.
            </p>
          ) : null}
          <ul class="kh-follow-list">
            {target.type === 'call' ? (
              <li>
                <button
                  type="button"
                  class="kh-button kh-follow-call"
                  onClick={() => {
                    workbench.open(
                      createDraft({
                        method: 'GET',
                        target: target.target,
                        path: target.path,
                        query: target.query.map(([name, value]) => ({ name, value, enabled: true })),
                      }),
                    );
                    onClose();
                  }}
                >
                  <MethodBadge method="GET" /> <span class="kh-mono">{target.path}</span>
                </button>
              </li>
            ) : null}
            <li>
              <button type="button" class="kh-button" onClick={() => void copy(target.url, 'address')}>
                Copy address
              </button>
            </li>
          </ul>
          <p class="kh-muted" role="status">
            {note}
          </p>
        </div>
      </Dialog>
    );
  }

  const label = idKind(target.kind)?.label ?? target.kind;
  const known = loaded.state === 'ready' ? loaded.known : (given ?? {});
  const owner = known.organisationId;
  const consoleLink =
    owner && (target.kind === 'application' || target.kind === 'addon')
      ? buildResourceConsoleLink(
          consoleUrl,
          { id: owner, personal: owner.startsWith('user_') },
          { kind: target.kind, id: target.value },
        )
      : undefined;
  const extra = followActionsFor(target.kind).filter(
    (action) => action.available?.({ kind: target.kind, value: target.value, known, workbench }) ?? true,
  );
  const calls = loaded.state === 'ready' ? loaded.calls : [];
  return (
    <Dialog title={`Follow ${label}`} onClose={onClose} size="wide">
      <div class="kh-dialog-body kh-follow-menu">
        <p class="kh-mono kh-follow-value">{target.value}</p>
        <div class="kh-follow-actions">
          <button type="button" class="kh-button kh-button--small" onClick={() => void copy(target.value, 'id')}>
            Copy id
          </button>
          {consoleLink ? (
            <a class="kh-button kh-button--small" href={consoleLink} target="_blank" rel="noopener noreferrer">
              Open in console
            </a>
          ) : null}
          {extra.map((action) => (
            <button
              key={action.id}
              type="button"
              class="kh-button kh-button--small"
              onClick={() => {
                void action.run({ kind: target.kind, value: target.value, known, workbench });
                onClose();
              }}
            >
              {action.label}
            </button>
          ))}
        </div>
        <h3 class="kh-follow-heading">Compose the next call</h3>
        {loaded.state === 'loading' ? (
          <p class="kh-muted" role="status">
            Loading the catalog…
          </p>
        ) : calls.length === 0 ? (
          <p class="kh-muted">No endpoint in the catalog takes this {label} with what is known here.</p>
        ) : (
          <ul class="kh-follow-list" aria-label="Calls this id fits">
            {calls.slice(0, SHOWN_CALLS).map((call) => (
              <li key={call.entry.id}>
                <button
                  type="button"
                  class="kh-follow-call"
                  onClick={() => {
                    composeCall(workbench, call.entry, call.params);
                    onClose();
                  }}
                >
                  <MethodBadge method={call.entry.method} />
                  <span class="kh-mono kh-follow-path">{call.entry.pathTemplate}</span>
                  <span class="kh-muted kh-follow-summary">{call.entry.description}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {calls.length > SHOWN_CALLS ? (
          <p class="kh-muted">
            {calls.length - SHOWN_CALLS} more in the catalog: search it for “{label}”.
          </p>
        ) : null}
        <p class="kh-muted" role="status">
          {note}
        </p>
      </div>
    </Dialog>
  );
}

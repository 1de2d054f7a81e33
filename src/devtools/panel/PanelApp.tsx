import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { readLogsRoute } from '../../core/streams/log-route.ts';
import { ErrorBanner } from '../../ui/ErrorBanner.tsx';
import { Lazy } from '../../ui/Lazy.tsx';
import { Tabs, tabPanelProps } from '../../ui/Tabs.tsx';
import { useVaultLock } from '../../ui/use-vault-lock.ts';
import { Composer } from './composer/Composer.tsx';
import { ShortcutsDialog } from './keyboard/ShortcutsDialog.tsx';
import { usePanelShortcuts } from './keyboard/use-panel-shortcuts.ts';
import { RailLabel } from './layout/RailIcon.tsx';
import { Splitter } from './layout/Splitter.tsx';
import { useFirstFrameDrawn } from './layout/use-first-frame-drawn.ts';
import { useSidePane } from './layout/use-side-pane.ts';
import { openLogStream } from './open-log-stream.ts';
import { ResponsePane } from './response/ResponsePane.tsx';
import { SignInButton } from './SignInOffer.tsx';
import type { PanelServices } from './services.ts';
import { useStore } from './store.ts';
import { TabStrip } from './tabs/TabStrip.tsx';
import { ContextBar } from './variables/ContextBar.tsx';
import { views as allViews, type PanelView, viewIdFromHash } from './views.ts';
import { createWorkbench, type Workbench } from './workbench.ts';

/**
 * The DevTools panel: a tab rail of views on the left (each loaded on first use, its id in the URL hash),
 * the composer above the response on the right (side by side when wide). Full-width views take the main
 * area; the draft stays as it was. Ctrl/Cmd+Enter sends from anywhere, Escape cancels a call in flight.
 */
function SessionBanner({ workbench, services }: { workbench: Workbench; services: PanelServices }) {
  const session = useStore(workbench.session);
  if (session.state === 'loading') return null;
  if (session.state === 'error')
    return <ErrorBanner error={session.error} onRetry={() => void workbench.refreshSession()} />;
  const { status } = session;
  if (status.state === 'signed-in' || status.state === 'signing-in') return null;
  const message =
    status.state === 'unconfigured'
      ? 'No profile yet: add one in Keyhole’s options to call the API.'
      : status.state === 'expired'
        ? `Your session on ${status.profile.name} has expired.`
        : `You are signed out of ${status.profile.name}.`;
  return (
    <div class="kh-banner kh-banner--warn kh-session-banner" role="status">
      <span>{message}</span>
      {status.state === 'unconfigured' ? null : (
        <SignInButton services={services} onDone={() => void workbench.refreshSession()} />
      )}
      <button type="button" class="kh-button kh-button--small kh-open-options" onClick={services.openOptions}>
        Open options
      </button>
      <button type="button" class="kh-button kh-button--small" onClick={() => void workbench.refreshSession()}>
        Check again
      </button>
    </div>
  );
}

const loadVaultBanner = () => import('./VaultBanner.tsx');

export function PanelApp({
  services,
  workbench: given,
  views = allViews,
}: {
  services: PanelServices;
  workbench?: Workbench;
  views?: readonly PanelView[];
}) {
  const workbench = useMemo(() => given ?? createWorkbench(services), [given, services]);
  const available = useMemo(() => views.filter((view) => view.available?.(services) ?? true), [views, services]);
  const initial = () => {
    const fromHash = viewIdFromHash(location.hash);
    return available.some((view) => view.id === fromHash) ? fromHash : (available[0]?.id ?? '');
  };
  const [selected, setSelected] = useState(initial);
  const view = available.find((item) => item.id === selected) ?? available[0];
  const gate = services.vaultGate;
  const vault = useVaultLock(gate);
  const firstFrameDrawn = useFirstFrameDrawn();

  useEffect(() => () => workbench.dispose(), [workbench]);

  useEffect(() => {
    const onHash = () => {
      const id = viewIdFromHash(location.hash);
      if (available.some((item) => item.id === id)) setSelected(id);
      // `#catalog?tail=logs&owner=…&app=…` (the popup's Logs links): open that application's stream once.
      const logs = readLogsRoute(location.hash);
      if (logs) {
        history.replaceState(null, '', `#${id}`);
        void openLogStream(workbench, logs);
      }
    };
    onHash();
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, [available]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        // Not from inside a dialog (import curl has its own form).
        if ((event.target as HTMLElement | null)?.closest?.('dialog')) return;
        event.preventDefault();
        void workbench.send();
      } else if (
        event.key === 'Escape' &&
        workbench.run.get().phase === 'sending' &&
        !document.querySelector('dialog[open]')
      ) {
        event.preventDefault();
        void workbench.cancel();
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, [workbench]);

  const [sideShown, setSideShown] = useSidePane(services.storage);
  const select = (id: string) => {
    setSelected(id);
    // Picking a side view from the rail brings a hidden side pane back.
    if (!sideShown && available.find((item) => item.id === id)?.placement === 'side') setSideShown(true);
    // Keep the hash's own options (#invoices?org=…) only when staying on the same view.
    if (viewIdFromHash(location.hash) !== id) history.replaceState(null, '', `#${id}`);
  };

  const [shortcutsShown, closeShortcuts] = usePanelShortcuts(
    useCallback(() => select(available.find((item) => item.id === 'catalog')?.id ?? selected), [available, selected]),
  );

  const showComposer = () => {
    if (view?.placement === 'full') select(available.find((item) => item.placement === 'side')?.id ?? selected);
    requestAnimationFrame(() => document.querySelector<HTMLElement>('.kh-composer [aria-label="Path"]')?.focus());
  };

  const vaultBanner =
    vault.locked && gate ? (
      <Lazy
        load={loadVaultBanner}
        props={{
          status: vault.locked,
          waiting: vault.waiting,
          onUnlock: (passphrase: string) => gate.unlock(passphrase),
        }}
      />
    ) : null;

  const viewProps = { workbench, services, showComposer };
  const full = view?.placement === 'full';
  const viewLoading = <p class="kh-muted kh-side-empty">Loading…</p>;
  const content = view ? (
    <div {...tabPanelProps('kh-view', view.id)} class={full ? 'kh-full-panel' : 'kh-side-panel'}>
      {firstFrameDrawn ? <Lazy key={view.id} load={view.load} props={viewProps} fallback={viewLoading} /> : viewLoading}
    </div>
  ) : null;

  return (
    <div class={`kh-panel${full ? ' kh-panel--full' : sideShown ? '' : ' kh-panel--side-hidden'}`}>
      {shortcutsShown ? <ShortcutsDialog onClose={closeShortcuts} /> : null}
      <nav class="kh-rail" aria-label="Keyhole views">
        <Tabs
          idBase="kh-view"
          label="Views"
          orientation="vertical"
          tabs={available.map((item) => ({ id: item.id, label: <RailLabel id={item.id} label={item.label} /> }))}
          selected={view?.id ?? ''}
          onSelect={select}
        />
        {full ? null : (
          <button
            type="button"
            class="kh-button kh-button--small kh-side-toggle"
            aria-controls="kh-side"
            aria-expanded={sideShown}
            aria-label={sideShown ? 'Hide the side pane' : 'Show the side pane'}
            title={`${sideShown ? 'Hide' : 'Show'} the side pane (Ctrl+\\)`}
            onClick={() => setSideShown(!sideShown)}
          >
            <span aria-hidden="true">{sideShown ? '⇤' : '⇥'}</span>
          </button>
        )}
      </nav>
      {full ? (
        <main class="kh-main kh-full-view">
          {vaultBanner}
          {content}
        </main>
      ) : (
        <>
          <aside id="kh-side" class="kh-side" aria-label={view?.label ?? 'Views'} hidden={!sideShown}>
            {content}
          </aside>
          {sideShown ? <Splitter which="side" storage={services.storage} /> : null}
          <main class="kh-main kh-workbench">
            <div class="kh-workbench-head">
              {/* Locked comes first: nothing that needs a secret works until then. */}
              {vaultBanner ?? <SessionBanner workbench={workbench} services={services} />}
              <div class="kh-workbench-line">
                <TabStrip workbench={workbench} />
                <ContextBar workbench={workbench} />
              </div>
            </div>
            <Composer workbench={workbench} services={services} requestLineOnly={!firstFrameDrawn} />
            {firstFrameDrawn ? (
              <>
                <Splitter which="composer" storage={services.storage} />
                <ResponsePane workbench={workbench} services={services} />
              </>
            ) : null}
          </main>
        </>
      )}
    </div>
  );
}

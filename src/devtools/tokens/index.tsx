import { useCallback, useEffect, useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../../core/errors.ts';
import { formatDateTime } from '../../core/format/format-date.ts';
import type { ApiTokenRecord } from '../../core/platform/api-tokens.ts';
import type { ApiTokenCreated, BridgeTokenView, SessionStatus } from '../../core/protocol.ts';
import { ErrorBanner } from '../../ui/ErrorBanner.tsx';
import { send } from '../../ui/send.ts';
import { CreateTokenForm } from './CreateTokenForm.tsx';
import { NewTokenNotice } from './NewTokenNotice.tsx';
import { PasteTokenDialog } from './PasteTokenDialog.tsx';
import { RenameDialog } from './RenameDialog.tsx';
import { RevokeDialog } from './RevokeDialog.tsx';
import { TokenTable } from './TokenTable.tsx';
import { listApiTokens, revokeApiToken, type TokenList } from './tokens-client.ts';
import '../../ui/views.css';
import './tokens.css';

type ListState =
  | { state: 'loading' }
  | { state: 'ready'; list: TokenList }
  | { state: 'error'; error: KeyholeErrorData };

type DialogState =
  | { kind: 'rename'; record: ApiTokenRecord }
  | { kind: 'revoke'; record: ApiTokenRecord }
  | { kind: 'paste'; record?: ApiTokenRecord };

/** The API tokens view: list, create (value shown once), use for bridge calls, rename, revoke. */
export default function TokensView() {
  const [status, setStatus] = useState<SessionStatus | undefined>();
  const [list, setList] = useState<ListState>({ state: 'loading' });
  const [inUse, setInUse] = useState<BridgeTokenView | undefined>();
  const [created, setCreated] = useState<ApiTokenCreated | undefined>();
  const [creating, setCreating] = useState(false);
  const [dialog, setDialog] = useState<DialogState | undefined>();
  const [showJson, setShowJson] = useState(false);
  const [notice, setNotice] = useState('');
  const [useBusy, setUseBusy] = useState(false);
  const [actionError, setActionError] = useState<KeyholeErrorData | undefined>();

  const refresh = useCallback(async () => {
    setList((previous) => (previous.state === 'ready' ? previous : { state: 'loading' }));
    try {
      setList({ state: 'ready', list: await listApiTokens() });
    } catch (error) {
      setList({ state: 'error', error: toErrorData(error) });
    }
  }, []);

  useEffect(() => {
    send('session/status').then(
      (value) => {
        setStatus(value);
        setInUse(value.state === 'unconfigured' ? undefined : value.bridgeToken);
      },
      () => setStatus(undefined),
    );
    void refresh();
  }, [refresh]);

  const chooseForBridge = (view: BridgeTokenView) => {
    setInUse(view);
    setDialog(undefined);
    setNotice(`Bridge calls now use the API token “${view.name}”.`);
    void refresh();
  };

  const useCreated = async () => {
    if (!created) return;
    setUseBusy(true);
    setActionError(undefined);
    try {
      let view: BridgeTokenView;
      try {
        view = await send('tokens/use-for-bridge', { apiTokenId: created.apiTokenId });
      } catch (error) {
        // The worker forgets a new value after a while or when the browser restarts it; the page still shows it.
        if (toErrorData(error).code !== 'not-found') throw error;
        view = await send('tokens/use-for-bridge', {
          apiTokenId: created.apiTokenId,
          value: created.apiToken,
          name: created.name,
          expirationDate: created.expirationDate,
        });
      }
      chooseForBridge(view);
    } catch (error) {
      setActionError(toErrorData(error));
    } finally {
      setUseBusy(false);
    }
  };

  const stopUsing = async () => {
    setActionError(undefined);
    try {
      await send('tokens/stop-using-for-bridge');
      setInUse(undefined);
      setNotice('Keyhole no longer uses an API token: bridge calls use your session’s OAuth (PLAINTEXT).');
      void refresh();
    } catch (error) {
      setActionError(toErrorData(error));
    }
  };

  const revoke = async (record: ApiTokenRecord) => {
    await revokeApiToken(record.apiTokenId);
    // A revoked token is dead: keeping it for bridge calls would only make them fail.
    if (inUse?.apiTokenId === record.apiTokenId) {
      await send('tokens/stop-using-for-bridge');
      setInUse(undefined);
    }
    if (created?.apiTokenId === record.apiTokenId) setCreated(undefined);
    setDialog(undefined);
    setNotice(`Token “${record.name}” revoked.`);
    await refresh();
  };

  const defaultEmail = status && 'user' in status ? status.user?.email : undefined;
  const signedIn = status?.state === 'signed-in';
  const listError = list.state === 'error' ? list.error : undefined;

  return (
    <div class="kh-view kt-view">
      <header class="kt-row kt-row--between">
        <div>
          <h2>API tokens</h2>
          <p class="kh-muted kh-small" style={{ margin: '2px 0 0' }}>
            Personal tokens for the bridge: they act as you, like a password. Use them in scripts as{' '}
            <code>Authorization: Bearer …</code>.
          </p>
        </div>
        <div class="kt-row">
          <button
            type="button"
            class="kh-button kh-button--primary"
            onClick={() => setCreating(true)}
            disabled={creating}
          >
            New token
          </button>
          <button type="button" class="kh-button" onClick={() => setDialog({ kind: 'paste' })}>
            Use an existing token
          </button>
        </div>
      </header>

      <section class="kt-section" aria-label="Bridge calls">
        <div class="kt-row kt-row--between">
          <div>
            <strong>Bridge calls use: </strong>
            {inUse ? (
              <>
                API token “{inUse.name}”
                {inUse.expirationDate ? (
                  <span class="kh-muted kh-small"> (expires {formatDateTime(inUse.expirationDate)})</span>
                ) : null}
              </>
            ) : signedIn ? (
              'your session’s OAuth (PLAINTEXT), as no API token is chosen'
            ) : (
              <span class="kh-muted kh-small">your session’s OAuth when signed in, or an API token you choose</span>
            )}
          </div>
          {inUse ? (
            <button type="button" class="kh-button" onClick={stopUsing}>
              Stop using this token
            </button>
          ) : null}
        </div>
      </section>

      <div role="status" aria-live="polite" class="kh-muted kh-small kt-notice">
        {notice}
      </div>
      {actionError ? <ErrorBanner error={actionError} /> : null}

      {created ? (
        <NewTokenNotice
          created={created}
          inUse={inUse?.apiTokenId === created.apiTokenId}
          busy={useBusy}
          onUse={useCreated}
          onDone={() => setCreated(undefined)}
        />
      ) : null}

      {creating ? (
        <section class="kt-section">
          <CreateTokenForm
            {...(defaultEmail ? { defaultEmail } : {})}
            onCancel={() => setCreating(false)}
            onCreated={(token) => {
              setCreated(token);
              setCreating(false);
              setNotice('');
              void refresh();
            }}
          />
        </section>
      ) : null}

      <section aria-labelledby="kt-list-title" style={{ display: 'grid', gap: '8px' }}>
        <div class="kt-row kt-row--between">
          <h3 id="kt-list-title">Your tokens</h3>
          <div class="kt-row">
            <button
              type="button"
              class="kh-button"
              aria-pressed={showJson}
              onClick={() => setShowJson(!showJson)}
              disabled={list.state !== 'ready'}
            >
              JSON
            </button>
            <button type="button" class="kh-button" onClick={() => void refresh()}>
              Refresh
            </button>
          </div>
        </div>
        {list.state === 'loading' ? <p class="kh-muted kh-small">Loading your tokens…</p> : null}
        {listError ? (
          <div style={{ display: 'grid', gap: '6px' }}>
            <ErrorBanner error={listError} onRetry={() => void refresh()} />
            {listError.code === 'invalid-credential' ? (
              <div>
                <button type="button" class="kh-button" onClick={stopUsing}>
                  Stop using that token and retry with OAuth
                </button>
              </div>
            ) : null}
          </div>
        ) : null}
        {list.state === 'ready' ? (
          showJson ? (
            // A focusable region so the keyboard can scroll a long answer.
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
            <section class="kt-json" aria-label="API tokens as JSON" tabIndex={0}>
              <pre style={{ margin: 0 }}>{list.list.json}</pre>
            </section>
          ) : (
            <TokenTable
              records={list.list.records}
              inUseId={inUse?.apiTokenId}
              now={new Date()}
              actions={{
                onUse: (record) =>
                  created?.apiTokenId === record.apiTokenId ? void useCreated() : setDialog({ kind: 'paste', record }),
                onStopUsing: stopUsing,
                onRename: (record) => setDialog({ kind: 'rename', record }),
                onRevoke: (record) => setDialog({ kind: 'revoke', record }),
              }}
            />
          )
        ) : null}
      </section>

      {dialog?.kind === 'rename' ? (
        <RenameDialog
          record={dialog.record}
          onClose={() => setDialog(undefined)}
          onRenamed={() => {
            setDialog(undefined);
            setNotice('Token renamed.');
            void refresh();
          }}
        />
      ) : null}
      {dialog?.kind === 'revoke' ? (
        <RevokeDialog
          record={dialog.record}
          inUse={inUse?.apiTokenId === dialog.record.apiTokenId}
          onClose={() => setDialog(undefined)}
          onConfirm={() => revoke(dialog.record)}
        />
      ) : null}
      {dialog?.kind === 'paste' ? (
        <PasteTokenDialog
          {...(dialog.record
            ? {
                token: {
                  apiTokenId: dialog.record.apiTokenId,
                  name: dialog.record.name,
                  ...(dialog.record.expirationDate ? { expirationDate: dialog.record.expirationDate } : {}),
                },
              }
            : {})}
          onClose={() => setDialog(undefined)}
          onUsed={chooseForBridge}
        />
      ) : null}
    </div>
  );
}

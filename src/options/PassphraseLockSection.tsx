import { useEffect, useRef, useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../core/errors.ts';
import type { VaultStatus } from '../core/protocol.ts';
import { DEFAULT_AUTO_LOCK_MINUTES, describeAutoLock } from '../core/vault/passphrase-lock.ts';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { send } from '../ui/send.ts';
import { UnlockForm } from '../ui/UnlockForm.tsx';
import { watchStoredState } from './extension.ts';
import { AutoLockSelect, RemovePassphraseForm, SetPassphraseForm } from './PassphraseForms.tsx';

/**
 * Settings → Passphrase lock: what the lock protects, and set / change / remove it, the idle time, lock now,
 * unlock, and the way out of a forgotten passphrase. The worker tells every page when the lock changes
 * (storage.local), so this section stays true when the popup unlocks or the vault locks itself.
 */
export function PassphraseLockSection() {
  const [status, setStatus] = useState<VaultStatus | null>(null);
  const [error, setError] = useState<KeyholeErrorData | null>(null);
  const [notice, setNotice] = useState('');
  // Every answer carries the number of the request: a late status never overwrites a newer one.
  const sequence = useRef(0);
  const show = (seq: number, next: VaultStatus) => {
    if (seq !== sequence.current) return;
    setStatus(next);
  };

  const reload = async () => {
    const seq = ++sequence.current;
    try {
      show(seq, await send('vault/status'));
      setError(null);
    } catch (reason) {
      if (seq === sequence.current) setError(toErrorData(reason));
    }
  };

  const update = (next: VaultStatus) => show(++sequence.current, next);

  useEffect(() => {
    void reload();
    return watchStoredState(() => void reload());
  }, []);

  const act = async (action: () => Promise<VaultStatus>, done: string) => {
    setError(null);
    setNotice('');
    try {
      update(await action());
      setNotice(done);
    } catch (reason) {
      setError(toErrorData(reason));
    }
  };

  return (
    <section id="passphrase-lock" class="opt-section" aria-labelledby="passphrase-lock-title">
      <h2 id="passphrase-lock-title">Passphrase lock</h2>
      <p class="kh-muted">
        Keyhole always encrypts your consumer secrets, tokens and API tokens. Without a lock, the key sits next to them
        in the browser’s storage: that keeps them out of anything that reads stored values, but not from someone who
        copies your browser’s profile folder, nor from code running as Keyhole. With a passphrase lock, the key comes
        from your passphrase and lives only in Keyhole’s background worker’s memory while unlocked.
      </p>
      <p role="status" class="opt-notice">
        {notice}
      </p>
      {error ? <ErrorBanner error={error} onRetry={status ? undefined : () => void reload()} /> : null}
      <div class="opt-card" data-vault-state={status?.state}>
        {status === null ? <p class="kh-muted">Loading…</p> : null}
        {status?.state === 'off' ? (
          <>
            <p>
              <span class="opt-state">Off</span> Set a passphrase to turn the lock on. Nobody can recover a forgotten
              passphrase, Keyhole included: keep it somewhere safe.
            </p>
            <SetPassphraseForm
              changing={false}
              autoLockMinutes={DEFAULT_AUTO_LOCK_MINUTES}
              onDone={(next) => {
                update(next);
                setNotice(
                  'The passphrase lock is on. Secrets saved before may stay readable in the browser’s database files (it keeps deleted records until it compacts them): to be safe, renew the consumer secret and revoke the old tokens in the console, then sign in again.',
                );
              }}
            />
          </>
        ) : null}
        {status?.state === 'unlocked' ? (
          <Unlocked status={status} act={act} onStatus={update} onNotice={setNotice} />
        ) : null}
        {status?.state === 'locked' ? (
          <Locked status={status} act={act} onStatus={update} onNotice={setNotice} />
        ) : null}
      </div>
    </section>
  );
}

interface StateProps<S extends VaultStatus['state']> {
  status: Extract<VaultStatus, { state: S }>;
  act: (action: () => Promise<VaultStatus>, done: string) => Promise<void>;
  onStatus: (status: VaultStatus) => void;
  onNotice: (notice: string) => void;
}

function Unlocked({ status, act, onStatus, onNotice }: StateProps<'unlocked'>) {
  return (
    <>
      <div class="opt-lock-line">
        <p>
          <span class="opt-state opt-state--ok">On · unlocked</span> Keyhole locks itself after{' '}
          {describeAutoLock(status.autoLockMinutes)} without use and whenever the browser stops its background worker.
        </p>
        <button
          type="button"
          class="kh-button"
          onClick={() => void act(() => send('vault/lock'), 'Keyhole is locked.')}
        >
          Lock now
        </button>
      </div>
      <AutoLockSelect
        value={status.autoLockMinutes}
        onChange={(minutes) =>
          void act(
            () => send('vault/set-auto-lock', { autoLockMinutes: minutes }),
            `Keyhole now locks after ${describeAutoLock(minutes)} without use.`,
          )
        }
      />
      <details class="opt-lock-details">
        <summary>Change the passphrase</summary>
        <SetPassphraseForm
          changing
          autoLockMinutes={status.autoLockMinutes}
          onDone={(next) => {
            onStatus(next);
            onNotice('The passphrase is changed.');
          }}
        />
      </details>
      <details class="opt-lock-details">
        <summary>Turn the passphrase lock off</summary>
        <RemovePassphraseForm
          onDone={(next) => {
            onStatus(next);
            onNotice('The passphrase lock is off.');
          }}
        />
      </details>
    </>
  );
}

function Locked({ status, act, onStatus, onNotice }: StateProps<'locked'>) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <UnlockForm
        status={status}
        heading="h3"
        onUnlock={async (passphrase) => {
          onStatus(await send('vault/unlock', { passphrase }));
          onNotice('Keyhole is unlocked.');
        }}
      />
      <details class="opt-lock-details">
        <summary>Forgot your passphrase?</summary>
        <p>
          Nobody can recover it. Keyhole can forget every stored secret and the lock: your profiles stay, every session
          is signed out, and you enter the consumer secrets and sign in again.
        </p>
        <div class="opt-actions">
          {confirming ? (
            <>
              <button
                type="button"
                class="kh-button kh-button--danger"
                onClick={() =>
                  void act(() => send('vault/reset'), 'Every secret is forgotten and the passphrase lock is off.')
                }
              >
                Forget every secret
              </button>
              <button type="button" class="kh-button" onClick={() => setConfirming(false)}>
                Keep them
              </button>
            </>
          ) : (
            <button type="button" class="kh-button kh-button--danger" onClick={() => setConfirming(true)}>
              Forget all secrets and the lock…
            </button>
          )}
        </div>
      </details>
    </>
  );
}

import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../core/errors.ts';
import { describeLockReason } from '../core/vault/passphrase-lock.ts';
import type { LockedStatus } from './vault-gate.ts';
import './UnlockForm.css';

/**
 * The unlock prompt, the same in the popup, the DevTools panel and the settings page. Unlocking derives the key
 * with 600 000 PBKDF2 rounds in the worker, which takes a moment: the button says so meanwhile.
 */
export function UnlockForm({
  status,
  onUnlock,
  autoFocus = false,
  heading = 'h2',
}: {
  status: LockedStatus;
  onUnlock: (passphrase: string) => Promise<void>;
  autoFocus?: boolean;
  heading?: 'h1' | 'h2' | 'h3';
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [passphrase, setPassphrase] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<KeyholeErrorData | null>(null);

  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    // What the field holds now: Enter right after the last key (fast typing, a password manager) can come before
    // the render that would have put that key into `passphrase`.
    const typed = input.current?.value ?? passphrase;
    if (!typed) {
      setError({ code: 'invalid-input', message: 'Enter your passphrase.' });
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onUnlock(typed);
      // The form usually goes away now; if it stays (another lock came first), do not keep the passphrase.
      setPassphrase('');
    } catch (reason) {
      setError(toErrorData(reason));
      input.current?.select();
    } finally {
      setBusy(false);
    }
  };

  const Heading = heading;
  return (
    <form class="kh-unlock" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <Heading id={`${id}-title`} class="kh-unlock__title">
        Keyhole is locked
      </Heading>
      <p class="kh-unlock__reason">{describeLockReason(status)}</p>
      <label for={`${id}-passphrase`} class="kh-unlock__label">
        Passphrase
      </label>
      <div class="kh-unlock__row">
        <input
          ref={input}
          id={`${id}-passphrase`}
          class="kh-input"
          type="password"
          autocomplete="current-password"
          spellcheck={false}
          value={passphrase}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onInput={(event) => setPassphrase((event.target as HTMLInputElement).value)}
        />
        <button type="submit" class="kh-button kh-button--primary" disabled={busy} aria-busy={busy}>
          {busy ? 'Unlocking…' : 'Unlock'}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} class="kh-field-error" role="alert">
          {error.message}
        </p>
      ) : null}
    </form>
  );
}

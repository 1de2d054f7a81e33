import { useId, useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../core/errors.ts';
import type { VaultStatus } from '../core/protocol.ts';
import { AUTO_LOCK_CHOICES, describeAutoLock, passphraseProblem } from '../core/vault/passphrase-lock.ts';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { send } from '../ui/send.ts';
import { TextField } from './TextField.tsx';

/** The settings page's forms for the passphrase lock: turn on, change, turn off, pick the idle time. */

export function AutoLockSelect(props: { value: number; disabled?: boolean; onChange: (minutes: number) => void }) {
  const id = useId();
  return (
    <div class="opt-field opt-lock-select">
      <label class="opt-label" for={id}>
        Lock after this long without use
      </label>
      <select
        id={id}
        class="kh-input"
        value={String(props.value)}
        disabled={props.disabled}
        onChange={(event) => props.onChange(Number((event.currentTarget as HTMLSelectElement).value))}
      >
        {AUTO_LOCK_CHOICES.map((minutes) => (
          <option key={minutes} value={String(minutes)}>
            {describeAutoLock(minutes)}
          </option>
        ))}
      </select>
    </div>
  );
}

interface FieldErrors {
  current?: string;
  next?: string;
  repeat?: string;
}

/** Sets the first passphrase (`current` absent) or changes it (the current one is asked for). */
export function SetPassphraseForm(props: {
  changing: boolean;
  autoLockMinutes: number;
  onDone: (status: VaultStatus) => void;
}) {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [minutes, setMinutes] = useState(props.autoLockMinutes);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<KeyholeErrorData | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    const found: FieldErrors = {};
    if (props.changing && !current) found.current = 'Enter your current passphrase.';
    const problem = passphraseProblem(next);
    if (problem) found.next = problem;
    else if (repeat !== next) found.repeat = 'The two passphrases differ. Type the same one twice.';
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return focusFirstInvalid(event.currentTarget as HTMLFormElement);
    setBusy(true);
    try {
      const request = { next, autoLockMinutes: minutes, ...(props.changing ? { current } : {}) };
      const status = await send('vault/set-passphrase', request);
      setCurrent('');
      setNext('');
      setRepeat('');
      props.onDone(status);
    } catch (error) {
      const data = toErrorData(error);
      if (data.code === 'wrong-passphrase') setErrors({ current: data.message });
      else setFailure(data);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="opt-form opt-lock-form" onSubmit={submit} noValidate>
      {props.changing ? (
        <TextField
          id={`${id}-current`}
          label="Current passphrase"
          type="password"
          autoComplete="current-password"
          value={current}
          onInput={setCurrent}
          error={errors.current}
        />
      ) : null}
      <div class="opt-grid">
        <TextField
          id={`${id}-next`}
          label={props.changing ? 'New passphrase' : 'Passphrase'}
          type="password"
          autoComplete="new-password"
          value={next}
          onInput={setNext}
          error={errors.next}
          hint="At least 10 characters; a few words you will remember are best."
        />
        <TextField
          id={`${id}-repeat`}
          label={props.changing ? 'Repeat the new passphrase' : 'Repeat the passphrase'}
          type="password"
          autoComplete="new-password"
          value={repeat}
          onInput={setRepeat}
          error={errors.repeat}
        />
      </div>
      {props.changing ? null : <AutoLockSelect value={minutes} onChange={setMinutes} />}
      {failure ? <ErrorBanner error={failure} /> : null}
      <div class="opt-actions">
        <button type="submit" class="kh-button kh-button--primary" disabled={busy}>
          {busy
            ? 'Re-encrypting your secrets…'
            : props.changing
              ? 'Change the passphrase'
              : 'Turn on the passphrase lock'}
        </button>
      </div>
    </form>
  );
}

/** Turns the lock off: the secrets go back under the device key. */
export function RemovePassphraseForm(props: { onDone: (status: VaultStatus) => void }) {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<KeyholeErrorData | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    if (!current) {
      setError('Enter your current passphrase.');
      return focusFirstInvalid(event.currentTarget as HTMLFormElement);
    }
    setError(undefined);
    setBusy(true);
    try {
      const status = await send('vault/remove-passphrase', { current });
      setCurrent('');
      props.onDone(status);
    } catch (caught) {
      const data = toErrorData(caught);
      if (data.code === 'wrong-passphrase') setError(data.message);
      else setFailure(data);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="opt-form opt-lock-form" onSubmit={submit} noValidate>
      <p class="kh-muted">
        Your secrets go back under the key the browser keeps next to them: anyone who copies the browser’s profile
        folder can decrypt them again.
      </p>
      <TextField
        id={`${id}-current`}
        label="Current passphrase"
        type="password"
        autoComplete="current-password"
        value={current}
        onInput={setCurrent}
        error={error}
      />
      {failure ? <ErrorBanner error={failure} /> : null}
      <div class="opt-actions">
        <button type="submit" class="kh-button kh-button--danger" disabled={busy}>
          {busy ? 'Turning the lock off…' : 'Turn the passphrase lock off'}
        </button>
      </div>
    </form>
  );
}

function focusFirstInvalid(form: HTMLFormElement): void {
  // After the errors render: aria-invalid is set by then.
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

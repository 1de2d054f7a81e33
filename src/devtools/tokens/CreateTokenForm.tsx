import { useEffect, useRef, useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../../core/errors.ts';
import {
  computeExpirationDate,
  describeExpiry,
  EXPIRY_PRESET_DAYS,
  type ExpiryChoice,
} from '../../core/platform/api-token-expiry.ts';
import { type CreateField, validateCreateRequest } from '../../core/platform/api-tokens.ts';
import type { ApiTokenCreated, ApiTokenCreateRequest } from '../../core/protocol.ts';
import { ErrorBanner } from '../../ui/ErrorBanner.tsx';
import { send } from '../../ui/send.ts';

type ExpiryMode = { kind: 'days'; days: number } | { kind: 'hours' };

/**
 * Creating a token: name, description, expiry, and the account's email and password (plus a two-factor code when
 * the account has one). The password goes to the worker once, which posts it to the bridge and forgets it; this form
 * keeps it only while the user may retry, and clears it after a success.
 *
 * The expiry changes only when the user changes it (a radio, or typing in the hours box: merely tabbing through
 * the box does not choose it), and the exact date stated under the choice is the date sent.
 */
export function CreateTokenForm({
  defaultEmail,
  onCreated,
  onCancel,
}: {
  defaultEmail?: string;
  onCreated: (created: ApiTokenCreated) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [expiry, setExpiry] = useState<ExpiryMode>({ kind: 'days', days: 90 });
  const [hours, setHours] = useState('24');
  const [email, setEmail] = useState(defaultEmail ?? '');
  const [password, setPassword] = useState('');
  const [mfaCode, setMfaCode] = useState('');
  const [mfaShown, setMfaShown] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<CreateField, string>>>({});
  const [failure, setFailure] = useState<KeyholeErrorData | undefined>();
  const [busy, setBusy] = useState(false);
  const mfaRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  // `autoFocus` is honoured only once per document, and the "New token" button that opened the form is now
  // disabled: without this, a keyboard user's focus falls back to the page's start.
  useEffect(() => nameRef.current?.focus(), []);
  // The stated date follows the clock, so it is still the date sent when the form stays open a while.
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(timer);
  }, []);

  const choice: ExpiryChoice = expiry.kind === 'days' ? expiry : { kind: 'hours', hours };
  const computed = computeExpirationDate(choice, now);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setFailure(undefined);
    const request: ApiTokenCreateRequest = {
      email: email.trim(),
      password,
      name: name.trim(),
      expirationDate: computed.ok ? computed.expirationDate : '',
    };
    if (description.trim()) request.description = description.trim();
    if (mfaShown && mfaCode.trim()) request.mfaCode = mfaCode.trim();
    const found = validateCreateRequest(request, new Date());
    if (!computed.ok) found.expirationDate = computed.error;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    try {
      const created = await send('tokens/create', request);
      setPassword('');
      setMfaCode('');
      onCreated(created);
    } catch (error) {
      const data = toErrorData(error);
      setFailure(data);
      if (data.code === 'invalid-mfa-code') {
        setMfaShown(true);
        setMfaCode('');
        // The field appears with this render; focus it on the next frame.
        setTimeout(() => mfaRef.current?.focus(), 0);
      } else if (data.code === 'invalid-credential') {
        setTimeout(() => passwordRef.current?.select(), 0);
      }
    } finally {
      setBusy(false);
    }
  };

  const fieldProps = (field: CreateField) => ({
    id: `kt-create-${field}`,
    'aria-invalid': errors[field] ? ('true' as const) : undefined,
    'aria-describedby': errors[field] ? `kt-create-${field}-error` : undefined,
  });
  const fieldError = (field: CreateField) =>
    errors[field] ? (
      <div id={`kt-create-${field}-error`} class="kh-field-error">
        {errors[field]}
      </div>
    ) : null;

  return (
    <form ref={formRef} class="kt-form" onSubmit={submit} aria-labelledby="kt-create-title" noValidate>
      <h3 id="kt-create-title" class="kt-wide">
        New API token
      </h3>
      <div class="kt-field kt-half">
        <label for="kt-create-name">Name</label>
        <input
          {...fieldProps('name')}
          ref={nameRef}
          class="kh-input"
          value={name}
          onInput={(event) => setName(event.currentTarget.value)}
          autocomplete="off"
        />
        {fieldError('name')}
      </div>
      <div class="kt-field kt-half">
        <label for="kt-create-description">
          Description <span class="kh-muted kh-small">(optional)</span>
        </label>
        <input
          {...fieldProps('description')}
          class="kh-input"
          value={description}
          onInput={(event) => setDescription(event.currentTarget.value)}
          autocomplete="off"
        />
        {fieldError('description')}
      </div>
      <fieldset class="kt-expiry kt-wide" aria-describedby="kt-create-expiry-result">
        <legend>Expires in</legend>
        {EXPIRY_PRESET_DAYS.map((days) => (
          <label key={days}>
            <input
              type="radio"
              name="kt-expiry"
              checked={expiry.kind === 'days' && expiry.days === days}
              onChange={() => setExpiry({ kind: 'days', days })}
            />
            {days === 365 ? '1 year' : `${days} days`}
          </label>
        ))}
        <label>
          <input
            type="radio"
            name="kt-expiry"
            checked={expiry.kind === 'hours'}
            onChange={() => setExpiry({ kind: 'hours' })}
          />
          Hours:
        </label>
        <input
          type="number"
          class="kh-input"
          min={1}
          max={8760}
          step={1}
          aria-label="Number of hours"
          value={hours}
          onInput={(event) => {
            setHours(event.currentTarget.value);
            setExpiry({ kind: 'hours' });
          }}
        />
        <span
          id="kt-create-expiry-result"
          class={computed.ok && !errors.expirationDate ? 'kt-expiry-result' : 'kh-field-error'}
          data-testid="token-expiry"
          aria-live="polite"
        >
          {computed.ok
            ? (errors.expirationDate ?? `${describeExpiry(choice, computed.expirationDate)}.`)
            : computed.error}
        </span>
      </fieldset>
      <div class="kt-field">
        <label for="kt-create-email">Account email</label>
        <input
          {...fieldProps('email')}
          type="email"
          class="kh-input"
          value={email}
          onInput={(event) => setEmail(event.currentTarget.value)}
          autocomplete="username"
        />
        {fieldError('email')}
      </div>
      <div class="kt-field">
        <label for="kt-create-password">Account password</label>
        <input
          {...fieldProps('password')}
          ref={passwordRef}
          type="password"
          class="kh-input"
          value={password}
          onInput={(event) => setPassword(event.currentTarget.value)}
          autocomplete="current-password"
        />
        {fieldError('password')}
      </div>
      {mfaShown ? (
        <div class="kt-field">
          <label for="kt-create-mfaCode">Two-factor code</label>
          <input
            {...fieldProps('mfaCode')}
            ref={mfaRef}
            class="kh-input"
            inputMode="numeric"
            autocomplete="one-time-code"
            value={mfaCode}
            onInput={(event) => setMfaCode(event.currentTarget.value)}
          />
          {fieldError('mfaCode') ?? <div class="kh-muted kh-small">The 6 digits your authenticator app shows now.</div>}
        </div>
      ) : (
        <div class="kt-field">
          <span aria-hidden="true">&nbsp;</span>
          <button type="button" class="kh-button" onClick={() => setMfaShown(true)}>
            My account uses a two-factor code
          </button>
        </div>
      )}
      <p class="kh-muted kh-small kt-wide" style={{ margin: 0 }}>
        Your password goes to the bridge once to create the token; Keyhole does not keep it.
      </p>
      {failure ? (
        <div class="kt-wide">
          <ErrorBanner error={failure} />
        </div>
      ) : null}
      <div class="kt-row kt-wide">
        <button
          type="submit"
          class="kh-button kh-button--primary"
          disabled={busy}
          aria-describedby="kt-create-expiry-result"
        >
          {busy ? 'Creating…' : 'Create token'}
        </button>
        <button type="button" class="kh-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

import { useEffect, useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../core/errors.ts';
import { formatDateTime } from '../core/format/format-date.ts';
import { computeExpirationDate, EXPIRY_PRESET_DAYS } from '../core/platform/api-token-expiry.ts';
import { type CreateField, validateCreateRequest } from '../core/platform/api-tokens.ts';
import type { ApiTokenCreated, ApiTokenCreateRequest } from '../core/protocol.ts';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { send } from '../ui/send.ts';

export const ONBOARDING_TOKEN_NAME = 'Keyhole onboarding';
const DEFAULT_EXPIRY_DAYS = 30;

/**
 * Creating an API token right in the setup form, with the account's email and password (and a two-factor code once
 * the bridge asks for one). It sits inside the setup form, so it is a group with its own button rather than a nested
 * form; Enter in its fields creates the token. The password is cleared after every attempt.
 */
export function OnboardingTokenCreator(props: {
  /** Why a token cannot be created here now, or undefined when it can. */
  blocker?: string | undefined;
  /** The bridge chosen above: the token is created there, before any profile for it exists. */
  bridgeUrl: string;
  onCreated: (created: ApiTokenCreated) => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [mfaCode, setMfaCode] = useState('');
  const [mfaShown, setMfaShown] = useState(false);
  const [days, setDays] = useState<number>(DEFAULT_EXPIRY_DAYS);
  const [errors, setErrors] = useState<Partial<Record<CreateField, string>>>({});
  const [failure, setFailure] = useState<KeyholeErrorData | null>(null);
  const [busy, setBusy] = useState(false);
  // Focus moves after the render that shows the field (the two-factor input may only now appear).
  const [focusSelector, setFocusSelector] = useState<string | null>(null);

  useEffect(() => {
    if (!focusSelector) return;
    document.querySelector<HTMLElement>(focusSelector)?.focus();
    setFocusSelector(null);
  }, [focusSelector]);

  const expiry = computeExpirationDate({ kind: 'days', days }, new Date());

  const create = async () => {
    if (busy || props.blocker) return;
    setFailure(null);
    const request: ApiTokenCreateRequest = {
      email: email.trim(),
      password,
      name: ONBOARDING_TOKEN_NAME,
      bridgeUrl: props.bridgeUrl,
      expirationDate: expiry.ok ? expiry.expirationDate : '',
    };
    if (mfaShown && mfaCode.trim()) request.mfaCode = mfaCode.trim();
    const found = validateCreateRequest(request, new Date());
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFocusSelector('.onb-creator [aria-invalid="true"]');
      return;
    }
    setBusy(true);
    try {
      const created = await send('tokens/create', request);
      setMfaCode('');
      props.onCreated(created);
    } catch (error) {
      const data = toErrorData(error);
      setFailure(data);
      if (data.code === 'invalid-mfa-code') {
        setMfaShown(true);
        setMfaCode('');
        setFocusSelector('#onboarding-mfa-code');
      } else {
        setFocusSelector('#onboarding-password');
      }
    } finally {
      // Typed once, sent once: a retry asks for it again rather than keeping it in the page.
      setPassword('');
      setBusy(false);
    }
  };

  const createOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    // Enter here means "create the token", not "submit the whole setup form".
    event.preventDefault();
    void create();
  };

  const fieldProps = (field: CreateField, id: string) => ({
    id,
    name: id,
    class: 'kh-input',
    'aria-invalid': errors[field] ? ('true' as const) : undefined,
    'aria-describedby': errors[field] ? `${id}-error` : undefined,
    onKeyDown: createOnEnter,
  });
  const fieldError = (field: CreateField, id: string) =>
    errors[field] ? (
      <div id={`${id}-error`} class="kh-field-error">
        {errors[field]}
      </div>
    ) : null;

  if (props.blocker)
    return (
      <div class="onb-creator kh-banner" data-token-creation="blocked">
        <p>{props.blocker}</p>
        <p class="kh-muted">
          Or create a token with the <code class="kh-mono">clever tokens create &lt;name&gt;</code> command, and paste
          it above.
        </p>
      </div>
    );

  return (
    <fieldset class="opt-fieldset onb-creator" aria-describedby="onboarding-create-note">
      <legend class="kh-visually-hidden">Create an API token</legend>
      <p id="onboarding-create-note" class="opt-hint kh-muted">
        Creates a token named “{ONBOARDING_TOKEN_NAME}” on your account. Your password goes to the bridge once for this;
        Keyhole does not keep it.
      </p>
      <div class="opt-grid">
        <div class="opt-field">
          <label class="opt-label" for="onboarding-email">
            Account email
          </label>
          <input
            {...fieldProps('email', 'onboarding-email')}
            type="email"
            value={email}
            autoComplete="username"
            onInput={(event) => setEmail(event.currentTarget.value)}
          />
          {fieldError('email', 'onboarding-email')}
        </div>
        <div class="opt-field">
          <label class="opt-label" for="onboarding-password">
            Account password
          </label>
          <input
            {...fieldProps('password', 'onboarding-password')}
            type="password"
            value={password}
            autoComplete="current-password"
            onInput={(event) => setPassword(event.currentTarget.value)}
          />
          {fieldError('password', 'onboarding-password')}
        </div>
        {mfaShown ? (
          <div class="opt-field">
            <label class="opt-label" for="onboarding-mfa-code">
              Two-factor code
            </label>
            <input
              {...fieldProps('mfaCode', 'onboarding-mfa-code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={mfaCode}
              onInput={(event) => setMfaCode(event.currentTarget.value)}
            />
            {fieldError('mfaCode', 'onboarding-mfa-code') ?? (
              <div class="opt-hint kh-muted">The 6 digits your authenticator app shows now.</div>
            )}
          </div>
        ) : null}
      </div>
      <fieldset class="opt-fieldset" aria-describedby="onboarding-expiry-result">
        <legend class="opt-label">Token expires in</legend>
        <div class="onb-expiry">
          {EXPIRY_PRESET_DAYS.map((choice) => (
            <label key={choice} class="onb-choice">
              <input type="radio" name="onboarding-expiry" checked={days === choice} onChange={() => setDays(choice)} />
              {choice === 365 ? '1 year' : `${choice} days`}
            </label>
          ))}
        </div>
        <div id="onboarding-expiry-result" class={errors.expirationDate ? 'kh-field-error' : 'opt-hint kh-muted'}>
          {errors.expirationDate ?? (expiry.ok ? `Until ${formatDateTime(expiry.expirationDate)}.` : expiry.error)}
        </div>
      </fieldset>
      {failure ? <ErrorBanner error={failure} /> : null}
      <div class="opt-actions">
        <button type="button" class="kh-button" disabled={busy} onClick={() => void create()}>
          {busy ? 'Creating the token…' : 'Create token'}
        </button>
      </div>
    </fieldset>
  );
}

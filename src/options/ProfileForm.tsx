import { useEffect, useRef, useState } from 'preact/hooks';
import type { KeyholeErrorData } from '../core/errors.ts';
import { toErrorData } from '../core/errors.ts';
import {
  applyPreset,
  emptyProfileForm,
  fieldErrorsFromDetail,
  firstInvalidField,
  type PresetChoice,
  type ProfileFormField,
  type ProfileFormValues,
  profileFormFromView,
  secretRequirement,
  toProfileInput,
  validateProfileForm,
} from '../core/profiles/profile-form.ts';
import type { ProfileFieldErrors } from '../core/profiles/profile-validation.ts';
import type { ProfileInput, ProfileView, SignatureMethod, TokenEndpointVariant } from '../core/protocol.ts';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { RadioGroup, type RadioOption } from './RadioGroup.tsx';
import { TextField } from './TextField.tsx';

const SIGNATURE_OPTIONS: readonly RadioOption<SignatureMethod>[] = [
  {
    value: 'HMAC-SHA512',
    label: 'HMAC-SHA512',
    note: 'Recommended. Requests carry a signature; the secrets never leave Keyhole.',
  },
  { value: 'HMAC-SHA1', label: 'HMAC-SHA1', note: 'For consumers or proxies that only know SHA-1.' },
  {
    value: 'PLAINTEXT',
    label: 'PLAINTEXT',
    note: 'Sends the secrets in clear in every request: only over https.',
  },
];

const TOKEN_ENDPOINT_OPTIONS: readonly RadioOption<TokenEndpointVariant>[] = [
  { value: 'form', label: 'Form body', note: 'OAuth parameters in the POST body of /v2/oauth/request_token.' },
  {
    value: 'query',
    label: 'Query string',
    note: 'The _query endpoints (/v2/oauth/request_token_query), for proxies that drop POST bodies.',
  },
];

const FIELD_IDS: Record<ProfileFormField, string> = {
  name: 'profile-name',
  apiBaseUrl: 'profile-api-base-url',
  bridgeUrl: 'profile-bridge-url',
  consoleUrl: 'profile-console-url',
  consumerKey: 'profile-consumer-key',
  consumerSecret: 'profile-consumer-secret',
  signatureMethod: 'profile-signature-method',
  tokenEndpoint: 'profile-token-endpoint',
};

/** Moves focus to a field; for a radio group, to its checked radio. */
function focusField(field: ProfileFormField) {
  const element = document.getElementById(FIELD_IDS[field]);
  if (!element) return;
  const target = element.tagName === 'FIELDSET' ? element.querySelector<HTMLInputElement>('input:checked') : element;
  (target ?? element).focus();
}

/**
 * Adds or edits a profile. Validation runs on blur (for the field left) and on submit (for all fields); the
 * worker validates again and its errors land on the same fields. Nothing typed is cleared on an error.
 */
export function ProfileForm(props: {
  profile?: ProfileView;
  onSave: (input: ProfileInput) => Promise<void>;
  onCancel: () => void;
  /** Move focus to the form's heading when it opens (not on a first visit, where the page just loaded). */
  focusOnOpen?: boolean;
}) {
  const editing = props.profile;
  const [values, setValues] = useState<ProfileFormValues>(() =>
    editing ? profileFormFromView(editing) : emptyProfileForm(),
  );
  const [errors, setErrors] = useState<ProfileFieldErrors>({});
  const [serverError, setServerError] = useState<KeyholeErrorData | null>(null);
  const [saving, setSaving] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Recomputed on every keystroke: the reason shows as soon as an edited address leaves the secret's origin.
  const secret = secretRequirement(values, editing);

  useEffect(() => {
    if (props.focusOnOpen) headingRef.current?.focus();
  }, []);

  const validate = (next: ProfileFormValues) => validateProfileForm(next, editing);

  const update = <K extends keyof ProfileFormValues>(field: K, value: ProfileFormValues[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // An error shown for this field goes away as soon as the value is right; new errors wait for blur.
    if (field in errors) setErrors({ ...errors, [field]: validate(next)[field as keyof ProfileFieldErrors] });
  };

  const checkField = (field: ProfileFormField) => {
    setErrors({ ...errors, [field]: validate(values)[field] });
  };

  const fillPreset = (choice: PresetChoice) => {
    setValues(applyPreset(values, choice));
    setErrors({});
    setServerError(null);
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    if (saving) return;
    const found = validate(values);
    setErrors(found);
    const first = firstInvalidField(found);
    if (first) {
      focusField(first);
      return;
    }
    setSaving(true);
    setServerError(null);
    try {
      await props.onSave(toProfileInput(values, editing?.id));
    } catch (error) {
      const data = toErrorData(error);
      setServerError(data);
      if (data.code === 'invalid-input') {
        const fromWorker = fieldErrorsFromDetail(data.detail);
        setErrors(fromWorker);
        const firstFromWorker = firstInvalidField(fromWorker);
        if (firstFromWorker) focusField(firstFromWorker);
      }
      setSaving(false);
    }
  };

  const field = (name: ProfileFormField) => ({
    id: FIELD_IDS[name],
    value: values[name],
    error: errors[name],
    onInput: (value: string) => update(name, value),
    onBlur: () => checkField(name),
  });

  const title = editing ? `Edit “${editing.name}”` : 'Add a profile';

  return (
    <form class="opt-card opt-form" aria-labelledby="profile-form-title" noValidate onSubmit={submit}>
      <h3 id="profile-form-title" ref={headingRef} tabIndex={-1}>
        {title}
      </h3>

      {editing ? null : (
        <fieldset class="opt-fieldset opt-presets">
          <legend class="opt-label">Start from</legend>
          <div class="opt-preset-buttons">
            <button
              type="button"
              class="opt-preset"
              aria-pressed={values.preset === 'real'}
              onClick={() => fillPreset('real')}
            >
              <span class="opt-preset-title">Clever Cloud (real platform)</span>
              <span class="opt-preset-note kh-muted">
                Official addresses; you add your own consumer’s key and secret.
              </span>
            </button>
            <button
              type="button"
              class="opt-preset"
              aria-pressed={values.preset === 'sandbox'}
              onClick={() => fillPreset('sandbox')}
            >
              <span class="opt-preset-title">Local sandbox</span>
              <span class="opt-preset-note kh-muted">Simulated platform on 127.0.0.1 with a public test consumer.</span>
            </button>
          </div>
          {values.preset === 'sandbox' ? (
            <p class="kh-banner opt-preset-hint">
              Run <code class="kh-mono">npm run sandbox</code> in the Keyhole checkout first: it serves the API on
              127.0.0.1:8780 and the bridge on 127.0.0.1:8781, with this consumer registered.
            </p>
          ) : null}
        </fieldset>
      )}

      {serverError ? <ErrorBanner error={serverError} /> : null}

      <TextField {...field('name')} label="Name" hint="Shown in the popup and the DevTools panel." />
      <div class="opt-grid">
        <TextField
          {...field('apiBaseUrl')}
          label="API base URL"
          type="url"
          mono
          placeholder="https://api.clever-cloud.com"
        />
        <TextField
          {...field('bridgeUrl')}
          label="Bridge URL"
          type="url"
          mono
          placeholder="https://api-bridge.clever-cloud.com"
        />
      </div>
      {/* A live region present from the start, so the reason is announced the moment an address edit brings it. */}
      <div role="status" class={secret.reason ? undefined : 'kh-visually-hidden'}>
        {secret.reason ? <p class="kh-banner kh-banner--warn">{secret.reason}</p> : null}
      </div>
      <TextField
        {...field('consoleUrl')}
        label="Console URL"
        type="url"
        mono
        optional
        placeholder="https://console.clever-cloud.com"
        hint="Used for “open in console” links."
      />
      <div class="opt-grid">
        <TextField {...field('consumerKey')} label="Consumer key" mono />
        <TextField
          {...field('consumerSecret')}
          label="Consumer secret"
          type="password"
          mono
          autoComplete="new-password"
          placeholder={
            secret.reason
              ? 'Required: the address changed'
              : editing?.hasConsumerSecret
                ? 'Stored — leave empty to keep'
                : undefined
          }
          hint="Kept encrypted by Keyhole’s background worker; never shown again."
        />
      </div>
      <RadioGroup
        id={FIELD_IDS.signatureMethod}
        legend="Signature method"
        value={values.signatureMethod}
        options={SIGNATURE_OPTIONS}
        error={errors.signatureMethod}
        onChange={(value) => update('signatureMethod', value)}
      />
      <RadioGroup
        id={FIELD_IDS.tokenEndpoint}
        legend="Token endpoints"
        value={values.tokenEndpoint}
        options={TOKEN_ENDPOINT_OPTIONS}
        error={errors.tokenEndpoint}
        onChange={(value) => update('tokenEndpoint', value)}
      />

      <div class="opt-actions">
        <button type="submit" class="kh-button kh-button--primary" disabled={saving}>
          {saving ? 'Saving…' : editing ? 'Save changes' : 'Add profile'}
        </button>
        <button type="button" class="kh-button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

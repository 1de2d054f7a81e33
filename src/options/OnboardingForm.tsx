import { useRef, useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../core/errors.ts';
import { formatDateTime } from '../core/format/format-date.ts';
import {
  describeOnboardingFailure,
  firstInvalidOnboardingField,
  type OnboardingErrors,
  type OnboardingField,
  type OnboardingFormValues,
  type OnboardingPlatform,
  onboardingAddresses,
  toggleRight,
  tokenCreationBlocker,
  toOnboardingRequest,
  validateOnboarding,
} from '../core/profiles/onboarding-form.ts';
import type { ApiTokenCreated, OnboardingResult } from '../core/protocol.ts';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { send } from '../ui/send.ts';
import { OnboardingRights } from './OnboardingRights.tsx';
import { OnboardingTokenCreator } from './OnboardingTokenCreator.tsx';
import { OnboardingTokenField } from './OnboardingTokenField.tsx';
import { RadioGroup, type RadioOption } from './RadioGroup.tsx';
import { TextField } from './TextField.tsx';

const PLATFORM_OPTIONS: readonly RadioOption<OnboardingPlatform>[] = [
  { value: 'real', label: 'Clever Cloud', note: 'The real platform: api.clever-cloud.com and its bridge.' },
  { value: 'sandbox', label: 'Local sandbox', note: 'The simulated platform on this computer (127.0.0.1).' },
];

const FIELD_IDS: Record<OnboardingField, string> = {
  apiBaseUrl: 'onboarding-api-base-url',
  bridgeUrl: 'onboarding-bridge-url',
  apiToken: 'onboarding-api-token',
  rights: 'onboarding-rights',
  organisationId: 'onboarding-organisation',
};

function focusField(field: OnboardingField) {
  const element = document.getElementById(FIELD_IDS[field]);
  // For the rights, the first checkbox: a fieldset itself takes no focus.
  const target = element?.tagName === 'FIELDSET' ? element.querySelector<HTMLInputElement>('input') : element;
  target?.focus();
}

/**
 * The setup form: platform, API token (pasted or created here), rights, organisation, whether to keep the token.
 * Its values live in the parent so "Set up again" starts from them; an error keeps every one of them.
 */
export function OnboardingForm(props: {
  values: OnboardingFormValues;
  onChange: (values: OnboardingFormValues) => void;
  onDone: (result: OnboardingResult) => void;
}) {
  const { values } = props;
  const [errors, setErrors] = useState<OnboardingErrors>({});
  const [failure, setFailure] = useState<KeyholeErrorData | null>(null);
  const [busy, setBusy] = useState(false);
  const [creatorOpen, setCreatorOpen] = useState(false);
  const [tokenNotice, setTokenNotice] = useState('');
  const tokenRef = useRef<HTMLInputElement>(null);

  const update = (next: OnboardingFormValues) => {
    props.onChange(next);
    // A shown error goes away as soon as its field is right; new errors wait for blur or submit.
    const found = validateOnboarding(next);
    const kept: OnboardingErrors = {};
    for (const field of Object.keys(errors) as OnboardingField[]) if (found[field]) kept[field] = found[field];
    setErrors(kept);
  };

  const checkField = (field: OnboardingField) => setErrors({ ...errors, [field]: validateOnboarding(values)[field] });

  const submit = async (event?: Event) => {
    event?.preventDefault();
    if (busy) return;
    const found = validateOnboarding(values);
    setErrors(found);
    const first = firstInvalidOnboardingField(found);
    if (first) {
      focusField(first);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const result = await send('onboarding/setup-consumer', toOnboardingRequest(values));
      setTokenNotice('');
      props.onDone(result);
    } catch (error) {
      const data = toErrorData(error);
      setFailure(data);
      if (data.code === 'invalid-credential') tokenRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const tokenCreated = (created: ApiTokenCreated) => {
    update({ ...values, apiToken: created.apiToken });
    setCreatorOpen(false);
    setTokenNotice(
      `Created the token “${created.name}”, valid until ${formatDateTime(created.expirationDate)}. It is in the API token field.`,
    );
    tokenRef.current?.focus();
  };

  const addresses = onboardingAddresses(values);
  const failureHelp = failure ? describeOnboardingFailure(failure) : null;

  return (
    <form class="opt-card opt-form onb-form" aria-labelledby="onboarding-title" noValidate onSubmit={submit}>
      <RadioGroup
        id="onboarding-platform"
        legend="Platform"
        value={values.platform}
        options={PLATFORM_OPTIONS}
        onChange={(platform) => update({ ...values, platform })}
      />

      {values.platform === 'sandbox' ? (
        <fieldset class="opt-fieldset onb-addresses">
          <legend class="opt-label">Addresses</legend>
          <div class="opt-grid">
            <TextField
              id={FIELD_IDS.apiBaseUrl}
              label="API base URL"
              type="url"
              mono
              value={values.sandboxApiBaseUrl}
              error={errors.apiBaseUrl}
              onInput={(value) => update({ ...values, sandboxApiBaseUrl: value })}
              onBlur={() => checkField('apiBaseUrl')}
            />
            <TextField
              id={FIELD_IDS.bridgeUrl}
              label="Bridge URL"
              type="url"
              mono
              value={values.sandboxBridgeUrl}
              error={errors.bridgeUrl}
              onInput={(value) => update({ ...values, sandboxBridgeUrl: value })}
              onBlur={() => checkField('bridgeUrl')}
            />
          </div>
          <p class="opt-hint kh-muted">
            <code class="kh-mono">npm run sandbox</code> serves these by default and prints its API token; a sandbox
            started on other ports prints its own addresses.
          </p>
        </fieldset>
      ) : null}

      <OnboardingTokenField
        id={FIELD_IDS.apiToken}
        inputRef={tokenRef}
        value={values.apiToken}
        error={errors.apiToken}
        onInput={(apiToken) => update({ ...values, apiToken })}
        hint="Keyhole calls the bridge with it to create its consumer. It stays in this page’s memory only, and is cleared once the setup is done."
      />
      <p role="status" class="opt-notice">
        {tokenNotice}
      </p>

      <details
        class="onb-create"
        open={creatorOpen}
        onToggle={(event) => setCreatorOpen((event.currentTarget as HTMLDetailsElement).open)}
      >
        <summary>No token yet? Create one with your email and password</summary>
        <OnboardingTokenCreator
          blocker={tokenCreationBlocker(addresses.bridgeUrl)}
          bridgeUrl={addresses.bridgeUrl}
          onCreated={tokenCreated}
        />
      </details>

      <OnboardingRights
        id={FIELD_IDS.rights}
        rights={values.rights}
        error={errors.rights}
        onToggle={(right, on) => update({ ...values, rights: toggleRight(values.rights, right, on) })}
      />

      <TextField
        id={FIELD_IDS.organisationId}
        label="Create under an organisation"
        optional
        mono
        value={values.organisationId}
        error={errors.organisationId}
        hint="The organisation’s id, which starts with orga_. Leave empty to create the consumer in your personal space."
        onInput={(organisationId) => update({ ...values, organisationId })}
        onBlur={() => checkField('organisationId')}
      />

      <div class="opt-field">
        <label class="onb-check" for="onboarding-keep-token">
          <input
            id="onboarding-keep-token"
            type="checkbox"
            checked={values.keepTokenForBridge}
            aria-describedby="onboarding-keep-token-hint"
            onChange={(event) => update({ ...values, keepTokenForBridge: event.currentTarget.checked })}
          />
          <span class="opt-label">Keep this token for bridge calls</span>
        </label>
        <div id="onboarding-keep-token-hint" class="opt-hint kh-muted onb-check-hint">
          Keyhole then stores it encrypted and uses it for this profile’s bridge calls. Otherwise the token is used only
          for this setup and forgotten.
        </div>
      </div>

      {failure ? (
        <div class="onb-failure">
          <ErrorBanner error={failure} {...(failureHelp?.retry ? { onRetry: () => void submit() } : {})} />
          {failureHelp?.hint ? <p class="opt-hint">{failureHelp.hint}</p> : null}
        </div>
      ) : null}

      <div class="opt-actions">
        <button
          type="submit"
          class="kh-button kh-button--primary"
          disabled={busy}
          aria-describedby="onboarding-submit-note"
        >
          {busy ? 'Creating the consumer…' : 'Create consumer and profile'}
        </button>
        <span id="onboarding-submit-note" class="opt-hint kh-muted">
          Creates Keyhole’s OAuth consumer (or reuses the one it made before) and makes a profile of it, active.
        </span>
      </div>
    </form>
  );
}

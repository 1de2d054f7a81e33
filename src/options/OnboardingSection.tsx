import { useRef, useState } from 'preact/hooks';
import { emptyOnboardingForm, type OnboardingFormValues } from '../core/profiles/onboarding-form.ts';
import type { OnboardingResult, SessionStatus } from '../core/protocol.ts';
import { OnboardingForm } from './OnboardingForm.tsx';
import { OnboardingSuccess } from './OnboardingSuccess.tsx';
import './OnboardingSection.css';

/**
 * "Set up with an API token" (issue 11), beside the manual profile form: with only an API token, Keyhole creates
 * or finds its own OAuth consumer and makes a profile of it; the user then signs in without ever seeing a key or
 * secret. The token is cleared from the form once the setup succeeds.
 */
export function OnboardingSection(props: {
  /** The worker saved and activated a profile: the page reloads its lists. */
  onProfileCreated: (result: OnboardingResult) => void;
  onStatus: (status: SessionStatus) => void;
}) {
  const [values, setValues] = useState<OnboardingFormValues>(emptyOnboardingForm);
  const [outcome, setOutcome] = useState<{ result: OnboardingResult; keptToken: boolean } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const done = (result: OnboardingResult) => {
    setOutcome({ result, keptToken: values.keepTokenForBridge });
    // The worker has what it needs; the page has no reason to hold the token any longer.
    setValues({ ...values, apiToken: '' });
    props.onProfileCreated(result);
  };

  const setUpAgain = () => {
    setOutcome(null);
    headingRef.current?.focus();
  };

  return (
    <section id="onboarding" class="opt-section" aria-labelledby="onboarding-title">
      <h2 id="onboarding-title" ref={headingRef} tabIndex={-1}>
        Set up with an API token
      </h2>
      <p class="kh-muted">
        No consumer key or secret to copy: with an API token, Keyhole creates its own OAuth consumer on your account (or
        reuses the one it made before) and adds a profile for it.
      </p>
      {outcome ? (
        <OnboardingSuccess
          result={outcome.result}
          keptToken={outcome.keptToken}
          onStatus={props.onStatus}
          onSetUpAnother={setUpAgain}
        />
      ) : (
        <OnboardingForm values={values} onChange={setValues} onDone={done} />
      )}
    </section>
  );
}

import { useEffect, useRef, useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../core/errors.ts';
import type { OnboardingResult, SessionStatus } from '../core/protocol.ts';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { send } from '../ui/send.ts';

/**
 * What the setup made: the consumer (new or found again) and the profile now active, with Sign in right here.
 * The heading takes focus when this appears, so keyboard and screen reader users land on the outcome.
 */
export function OnboardingSuccess(props: {
  result: OnboardingResult;
  /** Whether the user asked to keep the API token for bridge calls. */
  keptToken: boolean;
  onStatus: (status: SessionStatus) => void;
  onSetUpAnother: () => void;
}) {
  const { result } = props;
  const { profile } = result;
  const [signingIn, setSigningIn] = useState(false);
  const [status, setStatus] = useState<SessionStatus | null>(null);
  const [error, setError] = useState<KeyholeErrorData | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => headingRef.current?.focus(), []);

  const signIn = async () => {
    setSigningIn(true);
    setError(null);
    try {
      const next = await send('session/sign-in');
      setStatus(next);
      props.onStatus(next);
    } catch (reason) {
      setError(toErrorData(reason));
      // The worker records the failure in the session too: let the Session section show it.
      send('session/status').then(props.onStatus, () => {});
    } finally {
      setSigningIn(false);
    }
  };

  const signedIn = status?.state === 'signed-in' ? status : null;

  return (
    <div class="opt-card onb-success" data-onboarding-outcome={result.reused ? 'reused' : 'created'}>
      <h3 id="onboarding-outcome" ref={headingRef} tabIndex={-1}>
        {result.reused ? (
          'Existing Keyhole consumer reused'
        ) : (
          <>
            Consumer <code class="kh-mono">{result.consumerKey}</code> created
          </>
        )}
      </h3>
      <p>
        {result.reused
          ? `Keyhole found the consumer it made before (key ${result.consumerKey}) and kept its rights as they are.`
          : 'Keyhole registered its own OAuth consumer on your account, with this browser’s redirect URL.'}{' '}
        Its secret is stored encrypted by Keyhole’s background worker.{' '}
        {props.keptToken
          ? 'The API token is kept, encrypted, for bridge calls.'
          : 'The API token was used for this setup only and is forgotten.'}
      </p>
      <dl class="opt-profile-facts onb-facts">
        <div>
          <dt>Active profile</dt>
          <dd>
            <strong>{profile.name}</strong>
          </dd>
        </div>
        <div>
          <dt>API</dt>
          <dd class="kh-mono">{profile.apiBaseUrl}</dd>
        </div>
        <div>
          <dt>Consumer key</dt>
          <dd class="kh-mono">{profile.consumerKey}</dd>
        </div>
      </dl>
      <div role="status" class="onb-signin-state">
        {signingIn ? (
          <p>Signing in… finish in the authorization window.</p>
        ) : signedIn ? (
          <p>
            <span class="opt-state opt-state--ok">Signed in</span> as <strong>{signedIn.user.email}</strong>. Open the
            Keyhole popup or the DevTools panel to explore the API.
          </p>
        ) : (
          <p>Next: sign in, and approve Keyhole’s access in the window the platform opens.</p>
        )}
      </div>
      {error ? <ErrorBanner error={error} /> : null}
      <div class="opt-actions">
        {signedIn ? null : (
          <button type="button" class="kh-button kh-button--primary" disabled={signingIn} onClick={() => void signIn()}>
            {signingIn ? 'Signing in…' : 'Sign in'}
          </button>
        )}
        <button type="button" class="kh-button" disabled={signingIn} onClick={props.onSetUpAnother}>
          Set up again
        </button>
      </div>
    </div>
  );
}

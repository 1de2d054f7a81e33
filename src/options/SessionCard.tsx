import { useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../core/errors.ts';
import { formatDateTime } from '../core/format/format-date.ts';
import { describeSessionExpiry } from '../core/profiles/session-expiry.ts';
import type { SessionStatus } from '../core/protocol.ts';
import { forgetMirroredAccount } from '../popup/account-mirror.ts';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { send } from '../ui/send.ts';

const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The active profile's session: who is signed in and until when, or why not, with Sign in / Sign out.
 * Sign-in keeps its promise pending for the whole authorize window, so "Signing in…" shows until it settles.
 */
export function SessionCard(props: { status: SessionStatus | null; onStatus: (status: SessionStatus) => void }) {
  const [pending, setPending] = useState<'sign-in' | 'sign-out' | null>(null);
  const [error, setError] = useState<KeyholeErrorData | null>(null);
  const { status } = props;

  const run = async (action: 'sign-in' | 'sign-out') => {
    setPending(action);
    setError(null);
    try {
      const next = await send(action === 'sign-in' ? 'session/sign-in' : 'session/sign-out');
      // Signed out: the popup's mirror of the account goes too (the worker clears only its IndexedDB copy).
      if (action === 'sign-out') forgetMirroredAccount();
      props.onStatus(next);
    } catch (reason) {
      setError(toErrorData(reason));
      // The worker records the failure in the session state too; show the rest of that state.
      send('session/status').then(props.onStatus, () => {});
    } finally {
      setPending(null);
    }
  };

  if (!status) return <p class="kh-muted">Loading the session…</p>;
  if (status.state === 'unconfigured')
    return (
      <p>
        No profile yet. <a href="#profiles">Add a profile</a> to sign in.
      </p>
    );

  const profile = status.profile;
  // Show one error: the one the last click produced, else the one the worker recorded.
  // (An expired session's own "session expired" error only repeats the line above it.)
  const recorded = 'lastError' in status ? status.lastError : undefined;
  const shownError = error ?? (recorded?.code === 'session-expired' ? undefined : recorded);
  const signingIn = pending === 'sign-in' || status.state === 'signing-in';
  const canSignIn = profile.hasConsumerSecret;

  return (
    <div class="opt-session" data-session-state={status.state}>
      <p class="opt-session-line">
        <span class="kh-muted">Profile</span> <strong>{profile.name}</strong>
      </p>
      <div role="status" class="opt-session-state">
        {signingIn ? (
          <p>Signing in… finish in the authorization window.</p>
        ) : status.state === 'signed-in' ? (
          <SignedIn email={status.user.email} name={status.user.name} expiresAt={status.expiresAt} />
        ) : status.state === 'expired' ? (
          <p>
            <span class="opt-state opt-state--warn">Session expired</span>
            {status.user ? ` for ${status.user.email}` : ''}. Sign in again to continue.
          </p>
        ) : (
          <p>
            <span class="opt-state">Signed out</span> Sign in to call the API from the popup and the DevTools panel.
          </p>
        )}
      </div>
      {status.bridgeToken ? (
        <p class="kh-muted">
          Bridge calls use the API token “{status.bridgeToken.name}”
          {status.bridgeToken.expirationDate ? ` (until ${formatDateTime(status.bridgeToken.expirationDate)})` : ''}.{' '}
          {status.state === 'signed-in'
            ? 'Signing out stops that; the token itself stays valid on the platform until it expires or is revoked.'
            : 'It does not need the OAuth session: stop using it in the DevTools panel’s API tokens view.'}
        </p>
      ) : null}
      {shownError && !signingIn ? <ErrorBanner error={shownError} /> : null}
      {!canSignIn && status.state !== 'signed-in' ? (
        <p class="kh-banner kh-banner--warn">
          This profile has no consumer secret yet: <a href="#profiles">edit the profile</a> to add it.
        </p>
      ) : null}
      <div class="opt-actions">
        {status.state === 'signed-in' ? (
          <button type="button" class="kh-button" disabled={pending !== null} onClick={() => run('sign-out')}>
            {pending === 'sign-out' ? 'Signing out…' : 'Sign out'}
          </button>
        ) : (
          <button
            type="button"
            class="kh-button kh-button--primary"
            disabled={signingIn || pending !== null || !canSignIn}
            onClick={() => run('sign-in')}
          >
            {signingIn ? 'Signing in…' : 'Sign in'}
          </button>
        )}
      </div>
    </div>
  );
}

function SignedIn(props: { email: string; name?: string | undefined; expiresAt: string }) {
  const expiry = describeSessionExpiry(props.expiresAt, Date.now());
  return (
    <p>
      <span class="opt-state opt-state--ok">Signed in</span> as <strong>{props.email}</strong>
      {props.name ? ` (${props.name})` : ''}
      {expiry.at ? ` until ${DATE_FORMAT.format(expiry.at)}` : ''}.{' '}
      <span class={expiry.tone === 'warn' ? 'opt-warn-text' : 'kh-muted'}>{expiry.text}.</span>
    </p>
  );
}

/** The popup's screens for every state but "signed in": each says where the user is and offers the next step. */
import type { ComponentChildren } from 'preact';
import type { KeyholeErrorData } from '../core/errors.ts';
import type { ProfileView, SessionUser } from '../core/protocol.ts';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { Icon, type IconName } from './Icon.tsx';

function Screen({
  icon,
  title,
  children,
  busy,
}: {
  icon?: IconName;
  title: string;
  children?: ComponentChildren;
  busy?: boolean;
}) {
  return (
    <main class="kp-main kp-screen" aria-busy={busy}>
      {busy ? (
        <span class="kp-spinner" aria-hidden="true" />
      ) : icon ? (
        <span class="kp-screen__icon" aria-hidden="true">
          <Icon name={icon} />
        </span>
      ) : null}
      <h1 class="kp-screen__title">{title}</h1>
      {children}
    </main>
  );
}

export function FailedScreen({ error, onRetry }: { error: KeyholeErrorData; onRetry: () => void }) {
  return (
    <Screen icon="alert" title="Keyhole could not load your account">
      <ErrorBanner error={error} onRetry={onRetry} />
    </Screen>
  );
}

export function UnconfiguredScreen({ onOpenOptions }: { onOpenOptions: () => void }) {
  return (
    <Screen icon="gear" title="Set up Keyhole">
      <ol class="kp-steps">
        <li>Create an OAuth consumer in the platform's console (Profile → OAuth consumers).</li>
        <li>Use this extension's redirect address as its base URL.</li>
        <li>Enter its key and secret in Keyhole's settings, then sign in here.</li>
      </ol>
      <button type="button" class="kh-button kh-button--primary kp-wide" onClick={onOpenOptions}>
        Open settings
      </button>
    </Screen>
  );
}

function SignInButton({ onSignIn, label }: { onSignIn: () => void; label: string }) {
  return (
    <button type="button" class="kh-button kh-button--primary kp-wide" onClick={onSignIn}>
      {label}
    </button>
  );
}

export function SignedOutScreen({
  profile,
  error,
  onSignIn,
}: {
  profile: ProfileView;
  error: KeyholeErrorData | undefined;
  onSignIn: () => void;
}) {
  return (
    <Screen icon="key" title="You are signed out">
      <p class="kp-screen__text">
        Sign in to <strong>{profile.name}</strong> to see your account and call the API. A window of the platform opens
        to log in and grant access.
      </p>
      {error ? <ErrorBanner error={error} /> : null}
      <SignInButton onSignIn={onSignIn} label="Sign in" />
    </Screen>
  );
}

export function SigningInScreen({ profile }: { profile: ProfileView }) {
  return (
    <Screen title="Signing in…" busy>
      <p class="kp-screen__text" role="status">
        Finish logging in to <strong>{profile.name}</strong> in the platform's window. This popup updates by itself.
      </p>
    </Screen>
  );
}

export function ExpiredScreen({
  profile,
  user,
  error,
  onSignIn,
}: {
  profile: ProfileView;
  user: SessionUser | undefined;
  error: KeyholeErrorData | undefined;
  onSignIn: () => void;
}) {
  return (
    <Screen icon="clock" title="Session expired — sign in again">
      <p class="kp-screen__text">
        {user ? (
          <>
            The session of <strong>{user.name || user.email}</strong> on <strong>{profile.name}</strong> has ended.
          </>
        ) : (
          <>
            Your session on <strong>{profile.name}</strong> has ended.
          </>
        )}{' '}
        Sign in again to keep using the API.
      </p>
      {/* The title already says the session expired; only another cause is worth a banner. */}
      {error && error.code !== 'session-expired' ? <ErrorBanner error={error} /> : null}
      <SignInButton onSignIn={onSignIn} label="Sign in again" />
    </Screen>
  );
}

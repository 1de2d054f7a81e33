import { useEffect } from 'preact/hooks';
import type { ProfileView } from '../core/protocol.ts';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { AccountView } from './AccountView.tsx';
import type { PopupController, PopupView } from './popup-controller.ts';
import {
  ExpiredScreen,
  FailedScreen,
  LoadingScreen,
  SignedOutScreen,
  SigningInScreen,
  UnconfiguredScreen,
} from './StatusScreens.tsx';
import type { PopupServices } from './services.ts';
import { TopBar } from './TopBar.tsx';
import { useControllerState } from './use-controller-state.ts';
import { useNow } from './use-now.ts';

function profileOf(view: PopupView): ProfileView | undefined {
  if (view.kind === 'account') return view.account.snapshot.profile;
  return 'profile' in view ? view.profile : undefined;
}

/** The toolbar popup: one screen per session state, the account when signed in. */
export function Popup({ controller, services }: { controller: PopupController; services: PopupServices }) {
  const state = useControllerState(controller);
  const now = useNow(services.now);
  useEffect(() => {
    void controller.start();
    return () => controller.dispose();
  }, [controller]);

  const { view } = state;
  const retry = () => void controller.retry();
  const signIn = () => void controller.signIn();
  return (
    <div class="kp-popup">
      <TopBar
        choice={state.profiles}
        current={profileOf(view)}
        busy={state.busy !== undefined}
        onSwitch={(id) => void controller.switchProfile(id)}
      />
      {state.notice ? (
        <div class="kp-notice">
          <ErrorBanner error={state.notice} />
        </div>
      ) : null}
      {view.kind === 'loading' ? <LoadingScreen /> : null}
      {view.kind === 'failed' ? <FailedScreen error={view.error} onRetry={retry} /> : null}
      {view.kind === 'unconfigured' ? <UnconfiguredScreen onOpenOptions={() => void controller.openOptions()} /> : null}
      {view.kind === 'signed-out' ? (
        <SignedOutScreen profile={view.profile} error={view.error} onSignIn={signIn} />
      ) : null}
      {view.kind === 'signing-in' ? <SigningInScreen profile={view.profile} /> : null}
      {view.kind === 'expired' ? (
        <ExpiredScreen profile={view.profile} user={view.user} error={view.error} onSignIn={signIn} />
      ) : null}
      {view.kind === 'account' ? (
        <AccountView
          account={view.account}
          now={now}
          signingOut={state.busy === 'sign-out'}
          actions={{
            retry,
            signOut: () => void controller.signOut(),
            copyText: services.copyText,
            extensionUrl: services.extensionUrl,
          }}
        />
      ) : null}
    </div>
  );
}

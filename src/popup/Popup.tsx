import { useEffect, useReducer } from 'preact/hooks';
import type { ProfileView } from '../core/protocol.ts';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { AccountView } from './AccountView.tsx';
import { LoadingScreen } from './LoadingScreen.tsx';
import type { PopupController, PopupView } from './popup-controller.ts';
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

  const { vault } = services;
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  useEffect(() => vault?.subscribe(() => rerender(undefined)), [vault]);
  const locked = vault?.locked;
  const Unlock = vault?.Screen;

  const { view } = state;
  const retry = () => void controller.retry();
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
      {locked && Unlock ? (
        // Calls refused as locked wait in the gate and carry on once this form unlocks the vault.
        <Unlock status={locked} onUnlock={(passphrase) => vault.gate!.unlock(passphrase)} />
      ) : null}
      {!locked && view.kind === 'loading' ? <LoadingScreen /> : null}
      {locked ? null : <StatusScreen view={view} controller={controller} />}
      {!locked && view.kind === 'account' ? (
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

// The other screens are not needed to paint a signed-in account: fetched at once, in parallel, never awaited by
// the first paint (they are ready long before the worker's answer can ask for one).
let screens: typeof import('./StatusScreens.tsx') | undefined;
const screensLoaded = import('./StatusScreens.tsx').then((module) => {
  screens = module;
});

/** The screen for a state other than loading or signed in. */
function StatusScreen({ view, controller }: { view: PopupView; controller: PopupController }) {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  if (view.kind === 'loading' || view.kind === 'account') return null;
  if (!screens) {
    void screensLoaded.then(() => rerender(undefined));
    return null;
  }
  const { ExpiredScreen, FailedScreen, SignedOutScreen, SigningInScreen, UnconfiguredScreen } = screens;
  const signIn = () => void controller.signIn();
  switch (view.kind) {
    case 'failed':
      return <FailedScreen error={view.error} onRetry={() => void controller.retry()} />;
    case 'unconfigured':
      return <UnconfiguredScreen onOpenOptions={() => void controller.openOptions()} />;
    case 'signed-out':
      return <SignedOutScreen profile={view.profile} error={view.error} onSignIn={signIn} />;
    case 'signing-in':
      return <SigningInScreen profile={view.profile} />;
    case 'expired':
      return <ExpiredScreen profile={view.profile} user={view.user} error={view.error} onSignIn={signIn} />;
    default:
      return null;
  }
}

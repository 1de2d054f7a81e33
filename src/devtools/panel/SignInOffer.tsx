import { useState } from 'preact/hooks';
import { toErrorData } from '../../core/errors.ts';
import type { PanelServices } from './services.ts';

/**
 * "Sign in" where the panel found the session gone: the worker runs the OAuth dance (its window opens beside
 * DevTools) and the panel re-reads the session when it ends, so the next Send works without leaving the panel.
 */
export function SignInButton({ services, onDone }: { services: PanelServices; onDone: () => void }) {
  const [state, setState] = useState<{ busy: boolean; problem?: string }>({ busy: false });
  const signIn = async () => {
    setState({ busy: true });
    try {
      const status = await services.send('session/sign-in');
      setState(
        status.state === 'signed-in'
          ? { busy: false }
          : { busy: false, problem: ('lastError' in status && status.lastError?.message) || 'Not signed in.' },
      );
    } catch (error) {
      setState({ busy: false, problem: toErrorData(error).message });
    }
    onDone();
  };
  return (
    <>
      <button
        type="button"
        class="kh-button kh-button--small kh-button--primary"
        disabled={state.busy}
        onClick={() => void signIn()}
      >
        {state.busy ? 'Signing in…' : 'Sign in'}
      </button>
      {state.problem ? (
        <span class="kh-muted" role="status">
          {state.problem}
        </span>
      ) : null}
    </>
  );
}

/** A call refused because the session expired: Sign in right here, and the platform's 401 as it came. */
export function ExpiredSessionHelp({
  detail,
  earlier = false,
  services,
  onDone,
}: {
  detail?: string;
  /** The 401 came to an earlier call (which ended the session), not to this one, refused before it was sent. */
  earlier?: boolean;
  services: PanelServices;
  onDone: () => void;
}) {
  return (
    <div class="kh-expired-help">
      <div class="kh-row">
        <SignInButton services={services} onDone={onDone} />
        <span class="kh-muted">then send again.</span>
      </div>
      {detail ? (
        <figure class="kh-expired-body">
          <figcaption class="kh-muted">
            {earlier ? 'The platform’s answer to the earlier call that ended the session' : 'The platform’s answer'}
          </figcaption>
          <pre class="kh-mono">{detail}</pre>
        </figure>
      ) : null}
    </div>
  );
}

import { useEffect, useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../../../core/errors.ts';
import type { CurlCredential } from '../../../core/protocol.ts';
import { buildCleverCurl } from '../../../core/workbench/clever-curl.ts';
import { describeMissingValues } from '../../../core/workbench/variables.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorBanner } from '../../../ui/ErrorBanner.tsx';
import type { PanelServices } from '../services.ts';
import type { Workbench } from '../workbench.ts';

/**
 * The current request as a command. "curl" is signed afresh by the worker. An HMAC signature stays masked
 * unless the user reveals it (then it works once, within a few minutes); PLAINTEXT secrets and API tokens are
 * never revealed: the command reads them from shell variables, and the hint names them. "clever curl" carries
 * no credential: the platform CLI signs it with its own login.
 */
type State =
  | { state: 'loading' }
  | { state: 'ready'; command: string; masked: boolean; credential?: CurlCredential }
  | { state: 'error'; error: KeyholeErrorData };

const Variable = ({ name }: { name: string }) => <span class="kh-mono">${name}</span>;

/** What the copied command needs and how long it works: true for the credential the worker chose. */
function CurlHint({ state }: { state: State }) {
  const credential = state.state === 'ready' ? state.credential : undefined;
  if (credential?.kind === 'variables' && credential.scheme === 'bearer')
    return (
      <p class="kh-hint kh-muted">
        An API token stays valid until it expires or is revoked, so Keyhole never puts it in a command: this one reads
        it from <Variable name={credential.variables[0] ?? 'CLEVER_API_TOKEN'} />. Export it in your shell first
        (Keyhole showed the token’s value once, when it was created).
      </p>
    );
  if (credential?.kind === 'variables') {
    const [consumerSecret, token, tokenSecret] = credential.variables;
    return (
      <p class="kh-hint kh-muted">
        With PLAINTEXT the signature is the secrets themselves, so the command holds none: it reads{' '}
        <Variable name={consumerSecret ?? ''} /> (this profile’s consumer secret), <Variable name={token ?? ''} /> and{' '}
        <Variable name={tokenSecret ?? ''} /> (an access token of this consumer that you hold; Keyhole never shows its
        own) from your shell. Letters, digits and - . _ ~ go in as they are; percent-encode anything else, the token
        once and the secrets twice. It runs once, within a few minutes (its nonce and timestamp). To use the CLI’s login
        instead, copy as clever curl.
      </p>
    );
  }
  if (state.state === 'ready' && !state.masked)
    return (
      <p class="kh-hint kh-muted">
        This HMAC signature works for one run within a few minutes: the platform refuses a reused nonce or an old
        timestamp. Copy again for another run.
      </p>
    );
  return (
    <p class="kh-hint kh-muted">
      Freshly signed by Keyhole. The Authorization header is masked; reveal it only to run the command yourself: an HMAC
      signature works once, within a few minutes (its nonce and timestamp are single-use).
    </p>
  );
}

export default function CurlExportDialog({
  workbench,
  services,
  flavour,
  onClose,
}: {
  workbench: Workbench;
  services: PanelServices;
  flavour: 'curl' | 'clever';
  onClose: () => void;
}) {
  const [state, setState] = useState<State>({ state: 'loading' });
  const [copied, setCopied] = useState('');

  const build = async (reveal: boolean) => {
    setState({ state: 'loading' });
    setCopied('');
    // Variables resolved as Send resolves them: the command is the request Send would sign.
    const check = workbench.prepare();
    if (!check.ok) {
      setState({
        state: 'error',
        error: {
          code: 'invalid-input',
          message: `Fix the request first: ${
            check.issues[0]?.message ??
            (check.unresolved.length > 0 ? describeMissingValues(check.unresolved) : 'it is not valid.')
          }`,
        },
      });
      return;
    }
    try {
      if (flavour === 'clever') {
        const session = workbench.session.get();
        const profile = session.state === 'ready' && 'profile' in session.status ? session.status.profile : undefined;
        const command = buildCleverCurl(check.request, profile?.apiBaseUrl ?? 'https://api.clever-cloud.com');
        setState({ state: 'ready', command, masked: false });
      } else {
        const result = await services.send('request/curl', { request: check.request, reveal });
        setState({ state: 'ready', command: result.command, masked: result.masked, credential: result.credential });
      }
    } catch (error) {
      setState({ state: 'error', error: toErrorData(error) });
    }
  };

  useEffect(() => {
    void build(false);
  }, []);

  const copy = async () => {
    if (state.state !== 'ready') return;
    try {
      await services.copy(state.command);
      setCopied('Copied to the clipboard.');
    } catch (error) {
      setCopied(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Dialog title={flavour === 'clever' ? 'Copy as clever curl' : 'Copy as curl'} onClose={onClose} size="wide">
      <div class="kh-dialog-body">
        {flavour === 'clever' ? (
          <p class="kh-hint kh-muted">
            The platform CLI signs <span class="kh-mono">clever curl</span> with the account logged in to it, so this
            command holds no credential and can be shared.
          </p>
        ) : (
          <CurlHint state={state} />
        )}
        {state.state === 'error' ? <ErrorBanner error={state.error} /> : null}
        <label for="kh-curl-export" class="kh-visually-hidden">
          Command
        </label>
        <textarea
          id="kh-curl-export"
          class="kh-input kh-mono kh-code"
          rows={8}
          readOnly
          spellcheck={false}
          value={state.state === 'ready' ? state.command : state.state === 'loading' ? 'Building…' : ''}
          onFocus={(event) => (event.currentTarget as HTMLTextAreaElement).select()}
        />
        <p class="kh-muted" role="status">
          {copied}
        </p>
        <div class="kh-dialog-actions">
          {flavour === 'curl' && state.state === 'ready' && state.masked ? (
            <button type="button" class="kh-button kh-button--danger" onClick={() => void build(true)}>
              Reveal Authorization
            </button>
          ) : null}
          <button type="button" class="kh-button" onClick={onClose}>
            Close
          </button>
          <button
            type="button"
            class="kh-button kh-button--primary"
            disabled={state.state !== 'ready'}
            onClick={() => void copy()}
          >
            Copy
          </button>
        </div>
      </div>
    </Dialog>
  );
}

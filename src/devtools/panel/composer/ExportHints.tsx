import type { CurlCredential } from '../../../core/protocol.ts';
import { SNIPPET_VARIABLES, type Snippet } from '../../../core/workbench/code-export/index.ts';
import { VARIABLE_SOURCES } from '../../../core/workbench/code-export/variable-sources.ts';

/** What a copied command or snippet needs to run and how long it works: true for the credential chosen. */

const Variable = ({ name }: { name: string }) => <span class="kh-mono">${name}</span>;

export type CurlHintState =
  | { state: 'loading' }
  | { state: 'ready'; masked: boolean; credential?: CurlCredential }
  | { state: 'error' };

export function CurlHint({ state }: { state: CurlHintState }) {
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
        <Variable name={consumerSecret ?? ''} /> ({VARIABLE_SOURCES[consumerSecret ?? '']}),{' '}
        <Variable name={token ?? ''} /> ({VARIABLE_SOURCES[token ?? '']}) and <Variable name={tokenSecret ?? ''} /> (
        {VARIABLE_SOURCES[tokenSecret ?? '']}) from your shell. Letters, digits and - . _ ~ go in as they are;
        percent-encode anything else, the token once and the secrets twice. It runs once, within a few minutes (its
        nonce and timestamp). To use the CLI’s login instead, copy as clever curl.
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

/** A snippet holds no credential: it names the environment variables to export, and how it signs. */
export function SnippetHint({ snippet }: { snippet?: Snippet }) {
  if (!snippet)
    return <p class="kh-hint kh-muted">Snippets hold no credential: they read them from environment variables.</p>;
  return (
    <div class="kh-hint kh-muted">
      <p>
        Holds no credential: export{' '}
        {snippet.variables.map((name, index) => (
          <span key={name}>
            {index > 0 ? (index === snippet.variables.length - 1 ? ' and ' : ', ') : ''}
            <Variable name={name} /> ({VARIABLE_SOURCES[name] ?? 'a credential'})
          </span>
        ))}{' '}
        first; Keyhole never shows its own secrets. It runs as often as you like while they are valid.
      </p>
      {snippet.variables.includes(SNIPPET_VARIABLES.token) ? (
        <p>
          No OAuth consumer and access token of your own? Choose “API token” credentials: the code then sends{' '}
          <Variable name={SNIPPET_VARIABLES.apiToken} /> to the bridge, and the Tokens view creates one.
        </p>
      ) : null}
      {snippet.notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
    </div>
  );
}

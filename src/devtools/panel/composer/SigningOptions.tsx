import { useId } from 'preact/hooks';
import { SIGNATURE_METHODS, type SignatureMethod } from '../../../core/oauth1/types.ts';
import type { BridgeAuth } from '../../../core/protocol.ts';
import type { RequestDraft } from '../../../core/workbench/request-draft.ts';
import type { SessionState } from '../workbench.ts';

/** How this request is authenticated: the OAuth signature method for the API, Bearer token or PLAINTEXT on the bridge. */
export function SigningOptions({
  draft,
  session,
  onChange,
}: {
  draft: RequestDraft;
  session: SessionState;
  onChange: (patch: Partial<RequestDraft>) => void;
}) {
  const id = useId();
  const status = session.state === 'ready' ? session.status : undefined;
  const profileMethod = status && 'profile' in status ? status.profile.signatureMethod : undefined;
  // The worker names the token in every state: bridge calls use it whether or not the OAuth session is live.
  const bridgeToken = status && 'profile' in status ? status.bridgeToken : undefined;
  if (draft.target === 'api') {
    return (
      <div class="kh-signing">
        <label class="kh-field" for={`${id}-method`}>
          <span>OAuth signature method</span>
        </label>
        <select
          id={`${id}-method`}
          class="kh-input"
          value={draft.signatureMethod}
          onChange={(event) =>
            onChange({ signatureMethod: (event.currentTarget as HTMLSelectElement).value as SignatureMethod | '' })
          }
        >
          <option value="">Profile default{profileMethod ? ` (${profileMethod})` : ''}</option>
          {SIGNATURE_METHODS.map((method) => (
            <option key={method} value={method}>
              {method}
            </option>
          ))}
        </select>
        <p class="kh-hint kh-muted">
          Keyhole signs with your session’s access token. The Signature tab of the response shows the base string and
          parameters to compare with your own implementation.
        </p>
        {(draft.signatureMethod || profileMethod) === 'PLAINTEXT' ? (
          <p class="kh-hint kh-muted">
            PLAINTEXT sends your consumer and token secrets as the signature, so Keyhole uses it only over https or to
            this machine (127.0.0.1, localhost), and “Copy as curl” reads them from shell variables.
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <fieldset class="kh-signing">
      <legend>Bridge authentication</legend>
      {(
        [
          [
            '',
            `Automatic: ${bridgeToken ? `the API token “${bridgeToken.name}”` : 'your OAuth session (no API token is chosen)'}`,
          ],
          ['token', `API token (Bearer)${bridgeToken ? ` — ${bridgeToken.name}` : ''}`],
          ['oauth-plaintext', 'Your OAuth session, signed with PLAINTEXT (the bridge accepts only that method)'],
        ] as [BridgeAuth | '', string][]
      ).map(([value, label]) => (
        <label key={value} class="kh-radio kh-radio--block">
          <input
            type="radio"
            name={`${id}-bridge`}
            value={value || 'auto'}
            checked={draft.bridgeAuth === value}
            onChange={() => onChange({ bridgeAuth: value })}
          />
          {label}
        </label>
      ))}
      {draft.bridgeAuth === 'token' && !bridgeToken ? (
        <p class="kh-hint kh-muted">
          No API token is chosen for the bridge yet: pick one in the Tokens view or use your OAuth session.
        </p>
      ) : null}
    </fieldset>
  );
}

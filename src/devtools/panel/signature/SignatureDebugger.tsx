import { useMemo, useState } from 'preact/hooks';
import type { SignatureDebug } from '../../../core/oauth1/types.ts';
import { type BaseStringDifference, compareBaseStrings } from '../../../core/workbench/base-string-diff.ts';
import { KeyValueTable } from '../../../ui/KeyValueTable.tsx';
import type { PanelServices } from '../services.ts';

/**
 * What Keyhole signed for the last request: every parameter in signing order, the normalised parameter string,
 * the base string and the (masked) Authorization header. An integrator pastes their own base string to see
 * exactly which part differs.
 */
function describeDifference(difference: BaseStringDifference): string {
  switch (difference.kind) {
    case 'malformed':
    case 'order':
      return difference.message;
    case 'method':
      return `Method: Keyhole signed “${difference.ours}”, yours has “${difference.theirs}” (uppercase, as sent).`;
    case 'uri':
      return `URL: Keyhole signed “${difference.ours}”, yours has “${difference.theirs}” (lowercase scheme and host, no default port, no query).`;
    case 'missing':
      return `Your base string lacks ${difference.key}=${difference.value}.`;
    case 'extra':
      return `Your base string has ${difference.key}=${difference.value}, which Keyhole did not sign.`;
    case 'value':
      return `${difference.key}: Keyhole signed “${difference.ours}”, yours has “${difference.theirs}”.`;
  }
}

const VOLATILE = new Set(['oauth_nonce', 'oauth_timestamp']);

function CopyButton({ text, label, services }: { text: string; label: string; services: PanelServices }) {
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      class="kh-button kh-button--small"
      onClick={() =>
        void services.copy(text).then(
          () => setDone(true),
          () => setDone(false),
        )
      }
    >
      {done ? 'Copied' : label}
    </button>
  );
}

export default function SignatureDebugger({
  signature,
  services,
}: {
  signature: SignatureDebug;
  services: PanelServices;
}) {
  const [theirs, setTheirs] = useState('');
  const differences = useMemo(
    () => (theirs.trim() === '' ? undefined : compareBaseStrings(signature.baseString, theirs)),
    [theirs, signature.baseString],
  );
  const real = differences?.filter((difference) => !('key' in difference && VOLATILE.has(difference.key))) ?? [];
  const volatileOnly = differences !== undefined && differences.length > 0 && real.length === 0;

  return (
    <div class="kh-signature">
      <dl class="kh-facts">
        <dt>Signature method</dt>
        <dd class="kh-mono">{signature.signatureMethod}</dd>
        <dt>HTTP method</dt>
        <dd class="kh-mono">{signature.method}</dd>
        <dt>Base string URI</dt>
        <dd class="kh-mono">{signature.baseStringUri}</dd>
      </dl>

      <h3 class="kh-section-title">Signed parameters</h3>
      <KeyValueTable
        caption="Signed parameters, percent-encoded, in signing order"
        columns={['Name', 'Value (encoded)', 'From']}
        rows={signature.parameters.map((parameter) => [parameter.key, parameter.value] as const)}
        extra={(index) => signature.parameters[index]?.source}
      />

      <div class="kh-signature-block">
        <h3 class="kh-section-title">Normalised parameters</h3>
        <CopyButton text={signature.normalizedParameters} label="Copy" services={services} />
      </div>
      <pre class="kh-mono kh-pre">{signature.normalizedParameters}</pre>

      <div class="kh-signature-block">
        <h3 class="kh-section-title">Base string</h3>
        <CopyButton text={signature.baseString} label="Copy" services={services} />
      </div>
      <pre class="kh-mono kh-pre" data-testid="base-string">
        {signature.baseString}
      </pre>

      <h3 class="kh-section-title">Authorization header (signature masked)</h3>
      <pre class="kh-mono kh-pre">{signature.maskedAuthorizationHeader}</pre>

      <h3 class="kh-section-title">
        <label for="kh-their-base-string">Compare with your base string</label>
      </h3>
      <textarea
        id="kh-their-base-string"
        class="kh-input kh-mono kh-code"
        rows={4}
        spellcheck={false}
        placeholder="Paste the base string your code signs for the same request"
        value={theirs}
        onInput={(event) => setTheirs((event.currentTarget as HTMLTextAreaElement).value)}
      />
      <div role="status" class="kh-compare">
        {differences === undefined ? null : differences.length === 0 ? (
          <p class="kh-ok">
            Identical: if your signature still differs, compare the signing key (secrets joined by &).
          </p>
        ) : volatileOnly ? (
          <p class="kh-ok">Same request: only the nonce and timestamp differ, as they should between two signings.</p>
        ) : (
          <ul class="kh-differences">
            {real.map((difference) => (
              <li key={describeDifference(difference)}>{describeDifference(difference)}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

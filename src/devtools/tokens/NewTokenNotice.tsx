import { useEffect, useRef } from 'preact/hooks';
import { formatDateTime } from '../../core/format/format-date.ts';
import type { ApiTokenCreated } from '../../core/protocol.ts';
import { CopyButton } from '../../ui/CopyButton.tsx';

/**
 * The one time a token's value is visible. It lives in this component's memory only: "Done" drops it, and nothing
 * writes it to storage or history.
 */
export function NewTokenNotice({
  created,
  inUse,
  busy,
  onUse,
  onDone,
}: {
  created: ApiTokenCreated;
  inUse: boolean;
  busy: boolean;
  onUse: () => void;
  onDone: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section class="kt-secret" aria-labelledby="kt-new-token-title">
      <h3 id="kt-new-token-title" ref={headingRef} tabIndex={-1}>
        Token “{created.name}” created
      </h3>
      <p style={{ margin: 0 }}>
        <strong>Copy it now: you won’t see it again.</strong> The bridge shows a token’s value only once, and Keyhole
        keeps it only if you use it for bridge calls.
      </p>
      <div class="kt-field">
        <label for="kt-new-token-value">Token value</label>
        <div class="kt-row" style={{ flexWrap: 'nowrap' }}>
          <input
            id="kt-new-token-value"
            class="kh-input"
            readOnly
            value={created.apiToken}
            spellcheck={false}
            autocomplete="off"
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton value={created.apiToken} label="Copy" />
        </div>
        <div class="kh-muted kh-small">
          Expires {formatDateTime(created.expirationDate)}. Use it as <code>Authorization: Bearer …</code> on the
          bridge.
        </div>
      </div>
      <div class="kt-row">
        {inUse ? (
          <span class="kh-pill kh-pill--accent">Used for bridge calls</span>
        ) : (
          <button type="button" class="kh-button kh-button--primary" onClick={onUse} disabled={busy}>
            {busy ? 'Saving…' : 'Use for bridge calls'}
          </button>
        )}
        <button type="button" class="kh-button" onClick={onDone}>
          Done, I copied it
        </button>
      </div>
    </section>
  );
}

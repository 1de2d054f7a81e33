import type { KeyholeErrorData } from '../core/errors.ts';

/** Shows an error as data: the message as is, the technical detail folded away. */
export function ErrorBanner({ error, onRetry }: { error: KeyholeErrorData; onRetry?: () => void }) {
  return (
    <div class="kh-banner kh-banner--error" role="alert" data-error-code={error.code}>
      <div>{error.message}</div>
      {error.detail ? (
        <details>
          <summary class="kh-muted">Details</summary>
          <pre class="kh-mono kh-banner-detail">{error.detail}</pre>
        </details>
      ) : null}
      {onRetry ? (
        <button type="button" class="kh-button kh-banner-retry" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </div>
  );
}

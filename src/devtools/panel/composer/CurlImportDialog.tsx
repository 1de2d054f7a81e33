import { useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../../../core/errors.ts';
import { importCurlCommand } from '../../../core/workbench/curl.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorBanner } from '../../../ui/ErrorBanner.tsx';
import type { Workbench } from '../workbench.ts';

/**
 * Paste a curl command (docs, Chrome's Copy as cURL, a colleague) and get it in the composer. Credentials in it
 * are dropped: the notices say what was left out.
 */
export default function CurlImportDialog({ workbench, onClose }: { workbench: Workbench; onClose: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<KeyholeErrorData>();
  const session = workbench.session.get();
  const profile = session.state === 'ready' && 'profile' in session.status ? session.status.profile : undefined;

  const submit = (event: Event) => {
    event.preventDefault();
    try {
      const { draft, notices } = importCurlCommand(text, profile);
      workbench.open(draft, notices);
      onClose();
    } catch (caught) {
      setError(toErrorData(caught));
    }
  };

  return (
    <Dialog title="Import a curl command" onClose={onClose} size="wide">
      <form onSubmit={submit} class="kh-dialog-body">
        <label for="kh-curl-import" class="kh-field">
          <span>curl command</span>
        </label>
        <textarea
          id="kh-curl-import"
          class="kh-input kh-mono kh-code"
          rows={10}
          spellcheck={false}
          autoFocus
          value={text}
          placeholder={
            "curl -X POST 'https://api.clever-cloud.com/v2/…' \\\n  -H 'Content-Type: application/json' \\\n  --data-raw '{\"name\":\"x\"}'"
          }
          aria-describedby="kh-curl-import-hint"
          onInput={(event) => {
            setText((event.currentTarget as HTMLTextAreaElement).value);
            setError(undefined);
          }}
        />
        <p id="kh-curl-import-hint" class="kh-hint kh-muted">
          Method, URL, query, headers and -d/--data/--data-raw/--data-urlencode/--json bodies are read. Authorization
          and Cookie headers are dropped: Keyhole signs with your session.
        </p>
        {error ? <ErrorBanner error={error} /> : null}
        <div class="kh-dialog-actions">
          <button type="button" class="kh-button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" class="kh-button kh-button--primary" disabled={text.trim() === ''}>
            Import
          </button>
        </div>
      </form>
    </Dialog>
  );
}

import { useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../../core/errors.ts';
import type { ApiTokenRecord } from '../../core/platform/api-tokens.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { ErrorBanner } from '../../ui/ErrorBanner.tsx';

/** Revoking cannot be undone, so it is confirmed, with Cancel focused first. */
export function RevokeDialog({
  record,
  inUse,
  onClose,
  onConfirm,
}: {
  record: ApiTokenRecord;
  inUse: boolean;
  onClose: () => void;
  onConfirm: () => Promise<void>;
}) {
  const [failure, setFailure] = useState<KeyholeErrorData | undefined>();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await onConfirm();
    } catch (error) {
      setFailure(toErrorData(error));
      setBusy(false);
    }
  };
  return (
    <Dialog title={`Revoke “${record.name}”?`} onClose={onClose} size="narrow" closeButton={false}>
      <form
        class="kt-dialog-form"
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <p style={{ margin: 0 }}>
          Scripts and tools using this token stop working at once. This cannot be undone.
          {inUse ? ' Keyhole uses it for bridge calls: it will stop using it.' : ''}
        </p>
        <p class="kt-id" style={{ margin: 0 }}>
          {record.apiTokenId}
        </p>
        {failure ? <ErrorBanner error={failure} /> : null}
        <div class="kt-row">
          <button type="button" class="kh-button" onClick={onClose} autoFocus>
            Cancel
          </button>
          <button type="submit" class="kh-button kt-button-danger-solid" disabled={busy}>
            {busy ? 'Revoking…' : 'Revoke token'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

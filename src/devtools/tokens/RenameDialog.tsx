import { useState } from 'preact/hooks';
import type { ApiTokenRecord } from '../../core/api-tokens.ts';
import { type KeyholeErrorData, toErrorData } from '../../core/errors.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { ErrorBanner } from '../../ui/ErrorBanner.tsx';
import { renameApiToken } from './tokens-client.ts';

export function RenameDialog({
  record,
  onClose,
  onRenamed,
}: {
  record: ApiTokenRecord;
  onClose: () => void;
  onRenamed: () => void;
}) {
  const [name, setName] = useState(record.name);
  const [description, setDescription] = useState(record.description ?? '');
  const [nameError, setNameError] = useState<string | undefined>();
  const [failure, setFailure] = useState<KeyholeErrorData | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError('A token needs a name.');
      return;
    }
    setNameError(undefined);
    setBusy(true);
    setFailure(undefined);
    try {
      await renameApiToken(record.apiTokenId, name, description);
      onRenamed();
    } catch (error) {
      setFailure(toErrorData(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={`Rename “${record.name}”`} onClose={onClose} size="narrow" closeButton={false}>
      <form class="kt-dialog-form" onSubmit={submit} noValidate>
        <div class="kt-field">
          <label for="kt-rename-name">Name</label>
          <input
            id="kt-rename-name"
            class="kh-input"
            value={name}
            autoFocus
            aria-invalid={nameError ? 'true' : undefined}
            aria-describedby={nameError ? 'kt-rename-name-error' : undefined}
            onInput={(event) => setName(event.currentTarget.value)}
          />
          {nameError ? (
            <div id="kt-rename-name-error" class="kh-field-error">
              {nameError}
            </div>
          ) : null}
        </div>
        <div class="kt-field">
          <label for="kt-rename-description">
            Description <span class="kt-hint">(optional)</span>
          </label>
          <input
            id="kt-rename-description"
            class="kh-input"
            value={description}
            onInput={(event) => setDescription(event.currentTarget.value)}
          />
        </div>
        {failure ? <ErrorBanner error={failure} /> : null}
        <div class="kt-row">
          <button type="submit" class="kh-button kh-button--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
          <button type="button" class="kh-button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}

import { useState } from 'preact/hooks';
import type { ApiTokenRecord } from '../../core/platform/api-tokens.ts';
import { FormDialog } from './FormDialog.tsx';
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
  const rename = async () => {
    await renameApiToken(record.apiTokenId, name, description);
    onRenamed();
  };
  const submit = () => {
    if (!name.trim()) {
      setNameError('A token needs a name.');
      return false;
    }
    setNameError(undefined);
    return rename();
  };
  return (
    <FormDialog
      title={`Rename “${record.name}”`}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Save"
      busyLabel="Saving…"
    >
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
          Description <span class="kh-muted kh-small">(optional)</span>
        </label>
        <input
          id="kt-rename-description"
          class="kh-input"
          value={description}
          onInput={(event) => setDescription(event.currentTarget.value)}
        />
      </div>
    </FormDialog>
  );
}

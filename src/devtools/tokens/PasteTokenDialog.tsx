import { useState } from 'preact/hooks';
import type { BridgeTokenView } from '../../core/protocol.ts';
import { send } from '../../ui/send.ts';
import { FormDialog } from './FormDialog.tsx';

/**
 * Using a token whose value Keyhole does not hold (created elsewhere, or earlier): the user pastes it, the worker
 * checks it against the bridge and seals it. The value is sent once and not kept in this page.
 */
export function PasteTokenDialog({
  token,
  onClose,
  onUsed,
}: {
  token?: { apiTokenId: string; name: string; expirationDate?: string };
  onClose: () => void;
  onUsed: (view: BridgeTokenView) => void;
}) {
  const [value, setValue] = useState('');
  const [name, setName] = useState(token?.name ?? '');
  const [shown, setShown] = useState(false);
  const [valueError, setValueError] = useState<string | undefined>();
  const valueProps = {
    id: 'kt-paste-value',
    class: 'kh-input kh-mono',
    value,
    autoFocus: true,
    autocomplete: 'off',
    spellcheck: false,
    'aria-invalid': valueError ? ('true' as const) : undefined,
    'aria-describedby': valueError ? 'kt-paste-value-error' : undefined,
    onInput: (event: Event) => setValue((event.currentTarget as HTMLInputElement).value),
  };
  const sendValue = async () => {
    const view = await send('tokens/use-for-bridge', {
      apiTokenId: token?.apiTokenId ?? 'pasted',
      value,
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(token?.expirationDate ? { expirationDate: token.expirationDate } : {}),
    });
    setValue('');
    onUsed(view);
  };
  const submit = () => {
    if (!value.trim()) {
      setValueError('Paste the token’s value.');
      return false;
    }
    setValueError(undefined);
    return sendValue();
  };
  return (
    <FormDialog
      title={token ? `Use “${token.name}” for bridge calls` : 'Use an existing API token'}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Use for bridge calls"
      busyLabel="Checking…"
    >
      <p class="kh-muted kh-small" style={{ margin: 0 }}>
        Keyhole no longer holds this token’s value. Paste it: Keyhole checks it with the bridge and keeps it encrypted
        for bridge calls.
      </p>
      <div class="kt-field">
        <label for="kt-paste-value">Token value</label>
        <div class="kt-row" style={{ flexWrap: 'nowrap' }}>
          {/* Two branches for the type (the typings want one literal type); Preact reuses the same element. */}
          {shown ? <input type="text" {...valueProps} /> : <input type="password" {...valueProps} />}
          <button type="button" class="kh-button" aria-pressed={shown} onClick={() => setShown(!shown)}>
            {shown ? 'Hide' : 'Show'}
          </button>
        </div>
        {valueError ? (
          <div id="kt-paste-value-error" class="kh-field-error">
            {valueError}
          </div>
        ) : null}
      </div>
      {token ? null : (
        <div class="kt-field">
          <label for="kt-paste-name">
            Label <span class="kh-muted kh-small">(optional)</span>
          </label>
          <input
            id="kt-paste-name"
            class="kh-input"
            value={name}
            onInput={(event) => setName(event.currentTarget.value)}
          />
        </div>
      )}
    </FormDialog>
  );
}

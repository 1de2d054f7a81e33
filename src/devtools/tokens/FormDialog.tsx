import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../../core/errors.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { ErrorBanner } from '../../ui/ErrorBanner.tsx';

/**
 * The tokens view's small form dialogs (rename, paste a value): the fields, then the worker's refusal if any, then
 * the submit button (disabled and relabelled while the work runs) and Cancel. What the user typed stays as typed
 * when the work fails.
 */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  submitLabel,
  busyLabel,
  children,
}: {
  title: string;
  onClose: () => void;
  /** The form's own checks, then the work: returns false when a check failed (nothing is sent). */
  onSubmit: () => Promise<void> | false;
  submitLabel: string;
  busyLabel: string;
  children: ComponentChildren;
}) {
  const [failure, setFailure] = useState<KeyholeErrorData | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const work = onSubmit();
    if (!work) return;
    setFailure(undefined);
    setBusy(true);
    try {
      await work;
    } catch (error) {
      setFailure(toErrorData(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={title} onClose={onClose} size="narrow" closeButton={false}>
      <form class="kt-dialog-form" onSubmit={submit} noValidate>
        {children}
        {failure ? <ErrorBanner error={failure} /> : null}
        <div class="kt-row">
          <button type="submit" class="kh-button kh-button--primary" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </button>
          <button type="button" class="kh-button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}

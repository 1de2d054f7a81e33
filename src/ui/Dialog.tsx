import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';
import './Dialog.css';

/**
 * A modal dialog on the native <dialog>: the browser traps focus and closes it on Escape; focus goes back to
 * the element that opened it.
 */
export function Dialog({
  title,
  onClose,
  children,
  size = 'medium',
  closeButton = true,
}: {
  title: string;
  onClose: () => void;
  children: ComponentChildren;
  /** narrow: a short form (460 px); wide: commands and other long text (860 px). */
  size?: 'narrow' | 'medium' | 'wide';
  /** A × in the title bar; dialogs whose form ends with its own Cancel can leave it out. */
  closeButton?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // Browsers focus [autofocus] on showModal; do it explicitly so every engine starts in the same place.
      dialog.querySelector<HTMLElement>('[autofocus]')?.focus();
    }
    return () => {
      if (dialog?.open && typeof dialog.close === 'function') dialog.close();
      opener?.focus?.();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      class={`kh-dialog${size === 'medium' ? '' : ` kh-dialog--${size}`}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div class="kh-dialog-head">
        <h2 id={titleId} class="kh-dialog-title">
          {title}
        </h2>
        {closeButton ? (
          <button type="button" class="kh-icon-button" aria-label="Close" onClick={onClose}>
            ×
          </button>
        ) : null}
      </div>
      {children}
    </dialog>
  );
}

import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';

/**
 * A modal dialog on the native <dialog>: the browser traps focus, Escape closes it, and focus returns to where it was.
 */
export function Dialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ComponentChildren;
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
      class="kt-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId} style={{ margin: '0 0 10px', fontSize: '15px' }}>
        {title}
      </h2>
      {children}
    </dialog>
  );
}

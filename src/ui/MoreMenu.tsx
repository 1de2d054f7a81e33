import { useId, useRef, useState } from 'preact/hooks';
import { type MenuAction, type MenuPlace, PopupMenu } from './PopupMenu.tsx';
import { useBodyLayer } from './use-body-layer.ts';
import './MoreMenu.css';

/**
 * A "⋯" button opening a menu of secondary actions (WAI-ARIA menu button): Enter, Space or ArrowDown open it on
 * the first item, ArrowUp on the last; the menu itself is PopupMenu's. It is placed below the button, or above it
 * when the panel is too short below, so a toolbar near the bottom never cuts it, and rendered at the end of the
 * body: the panel's size containers (container queries) would otherwise be the box its fixed coordinates are taken
 * from.
 */
export function MoreMenu({ label, items }: { label: string; items: readonly MenuAction[] }) {
  const [open, setOpen] = useState<{ at: MenuPlace; focusLast: boolean }>();
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();

  const show = (focusLast: boolean) => {
    const box = button.current?.getBoundingClientRect();
    if (!box) return;
    setOpen({ at: { x: box.right, y: box.bottom + 2, above: box.top - 2, fromRight: true }, focusLast });
  };

  useBodyLayer(
    open ? (
      <PopupMenu
        id={id}
        label={label}
        actions={items}
        at={open.at}
        focusLast={open.focusLast}
        opener={button}
        onClose={(refocus) => {
          setOpen(undefined);
          if (refocus) button.current?.focus();
        }}
      />
    ) : null,
  );

  return (
    <span class="kh-more">
      <button
        ref={button}
        type="button"
        class="kh-button kh-button--small kh-more-button"
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open !== undefined}
        aria-controls={open ? id : undefined}
        onClick={() => (open ? setOpen(undefined) : show(false))}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          event.preventDefault();
          show(event.key === 'ArrowUp');
        }}
      >
        ⋯
      </button>
    </span>
  );
}

import { useEffect, useRef } from 'preact/hooks';

/**
 * The “⋯” menu of one saved request: a WAI-ARIA menu (↑/↓, Home/End, Enter, Esc) at the row, opened by the row's
 * button, a right click, Shift+F10 or the context-menu key. Closing gives focus back to whoever asked (the tree).
 */
export interface MenuAction {
  label: string;
  /** The key that does the same from the tree, shown beside the label. */
  keys?: string;
  disabled?: boolean;
  danger?: boolean;
  run: () => void;
}

export function SavedRowMenu({
  label,
  actions,
  at,
  onClose,
}: {
  label: string;
  actions: MenuAction[];
  /** Where to draw it (viewport coordinates of the row's bottom right, or the pointer). */
  at: { x: number; y: number };
  onClose: () => void;
}) {
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
    const outside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) onClose();
    };
    addEventListener('pointerdown', outside, true);
    return () => removeEventListener('pointerdown', outside, true);
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => items[(index + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') go(at + 1);
    else if (event.key === 'ArrowUp') go(at - 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(items.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') onClose();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  // Kept inside the window: a menu opened on the last rows opens upwards.
  const style = {
    left: `${Math.max(4, Math.min(at.x, innerWidth - 200))}px`,
    ...(at.y > innerHeight - 240 ? { bottom: `${Math.max(4, innerHeight - at.y)}px` } : { top: `${at.y}px` }),
  };
  return (
    <div ref={menu} class="kh-saved-menu" role="menu" aria-label={label} style={style} onKeyDown={onKeyDown}>
      {actions.map((action) => (
        <button
          key={action.label}
          type="button"
          role="menuitem"
          tabIndex={-1}
          class={`kh-saved-menu-item${action.danger ? ' kh-saved-menu-item--danger' : ''}`}
          aria-disabled={action.disabled ? 'true' : undefined}
          aria-keyshortcuts={action.keys}
          onClick={() => {
            if (action.disabled) return;
            onClose();
            action.run();
          }}
        >
          <span>{action.label}</span>
          {action.keys ? <kbd class="kh-muted">{action.keys}</kbd> : null}
        </button>
      ))}
    </div>
  );
}

import { useEffect, useRef } from 'preact/hooks';
import './PopupMenu.css';

/**
 * A WAI-ARIA menu (↑/↓, Home/End, Enter, Esc) drawn at a point: a saved request's “⋯” menu, the request tabs'
 * list. Its first enabled item takes focus; closing (Esc, Tab, a click elsewhere, a choice) calls `onClose`,
 * which gives focus back to whoever opened it.
 */
export interface MenuAction {
  label: string;
  /** The key that does the same elsewhere, shown beside the label. */
  keys?: string;
  /** The current choice (a menuitemradio, checked), for a menu that picks one of several. */
  checked?: boolean;
  disabled?: boolean;
  danger?: boolean;
  run: () => void;
}

export function PopupMenu({
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
    const items = menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([aria-disabled="true"])');
    const checked = menu.current?.querySelector<HTMLElement>('[aria-checked="true"]');
    (checked ?? items?.[0])?.focus();
    const outside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) onClose();
    };
    addEventListener('pointerdown', outside, true);
    return () => removeEventListener('pointerdown', outside, true);
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
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

  // Kept inside the window: a menu opened low opens upwards, and a long one scrolls.
  const upwards = at.y > innerHeight - 240 && at.y > innerHeight / 2;
  const style = {
    left: `${Math.max(4, Math.min(at.x, innerWidth - 200))}px`,
    ...(upwards ? { bottom: `${Math.max(4, innerHeight - at.y)}px` } : { top: `${at.y}px` }),
    maxHeight: `${Math.max(100, (upwards ? at.y : innerHeight - at.y) - 8)}px`,
  };
  return (
    <div ref={menu} class="kh-popup-menu" role="menu" aria-label={label} style={style} onKeyDown={onKeyDown}>
      {actions.map((action, index) => {
        const props = {
          type: 'button' as const,
          tabIndex: -1,
          class: `kh-popup-menu-item${action.danger ? ' kh-popup-menu-item--danger' : ''}`,
          'aria-disabled': action.disabled ? ('true' as const) : undefined,
          'aria-keyshortcuts': action.keys,
          onClick: () => {
            if (action.disabled) return;
            onClose();
            action.run();
          },
        };
        const content = (
          <>
            <span>
              {action.checked ? '✓ ' : ''}
              {action.label}
            </span>
            {action.keys ? <kbd class="kh-muted">{action.keys}</kbd> : null}
          </>
        );
        // Labels may repeat (two tabs on the same path): the place in the menu is the key.
        return action.checked === undefined ? (
          <button key={index} role="menuitem" {...props}>
            {content}
          </button>
        ) : (
          <button key={index} role="menuitemradio" aria-checked={action.checked} {...props}>
            {content}
          </button>
        );
      })}
    </div>
  );
}

import { useLayoutEffect, useRef } from 'preact/hooks';
import './PopupMenu.css';

/**
 * A WAI-ARIA menu (↑/↓, Home/End, Enter, Esc) drawn at a point: a saved request's “⋯” menu, the request tabs'
 * list, the response toolbar's ⋯ button (MoreMenu). Its first enabled item (or the checked one, or the last when
 * opened with ↑) takes focus; closing (Esc, Tab, a click elsewhere, a choice) calls `onClose`, which gives focus
 * back to whoever opened it (`refocus` is false for a click elsewhere: focus goes where that click put it).
 */
export interface MenuAction {
  label: string;
  /** The key that does the same elsewhere, shown beside the label. */
  keys?: string;
  /** The current choice (a menuitemradio, checked), for a menu that picks one of several. */
  checked?: boolean;
  disabled?: boolean;
  danger?: boolean;
  /** A tooltip (e.g. the file name Save… suggests). */
  title?: string;
  run: () => void;
}

/**
 * Where to draw a menu, in viewport coordinates: `x` is its left edge (its right edge with `fromRight`); it opens
 * down from `y`, or, when the window is short below, up from `above` (a button's top; `y` when not given).
 */
export interface MenuPlace {
  x: number;
  y: number;
  above?: number;
  fromRight?: boolean;
}

export function PopupMenu({
  label,
  actions,
  at,
  onClose,
  id,
  focusLast = false,
  opener,
}: {
  label: string;
  actions: readonly MenuAction[];
  /** Where to draw it (the row's bottom right, the pointer, or below a button). */
  at: MenuPlace;
  onClose: (refocus: boolean) => void;
  id?: string;
  focusLast?: boolean;
  /** The button that toggles the menu: a press on it is its own click's business, not a click elsewhere. */
  opener?: { current: Element | null };
}) {
  const menu = useRef<HTMLDivElement>(null);
  // Focus moves in the frame the menu first shows (a layout effect): the next key pressed goes to the menu.
  useLayoutEffect(() => {
    const items = menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([aria-disabled="true"])');
    const checked = menu.current?.querySelector<HTMLElement>('[aria-checked="true"]');
    (checked ?? (focusLast ? items?.[items.length - 1] : items?.[0]))?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !opener?.current?.contains(target)) onClose(false);
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
    // Escape here only closes the menu (not the panel's own Escape: cancel a call, stop a stream); Tab goes back
    // to the opener rather than on from wherever the menu sits in the page.
    else if (event.key === 'Escape' || event.key === 'Tab') onClose(true);
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  // Kept inside the window: a menu opened low opens upwards, and a long one scrolls.
  const above = at.above ?? at.y;
  const upwards = at.y > innerHeight - 240 && above > innerHeight - at.y;
  const style = {
    ...(at.fromRight
      ? { right: `${Math.max(4, innerWidth - at.x)}px` }
      : { left: `${Math.max(4, Math.min(at.x, innerWidth - 200))}px` }),
    ...(upwards ? { bottom: `${Math.max(4, innerHeight - above)}px` } : { top: `${at.y}px` }),
    maxHeight: `${Math.max(100, (upwards ? above : innerHeight - at.y) - 8)}px`,
  };
  return (
    <div ref={menu} id={id} class="kh-popup-menu" role="menu" aria-label={label} style={style} onKeyDown={onKeyDown}>
      {actions.map((action, index) => {
        const props = {
          type: 'button' as const,
          tabIndex: -1,
          class: `kh-popup-menu-item${action.danger ? ' kh-popup-menu-item--danger' : ''}`,
          'aria-disabled': action.disabled ? ('true' as const) : undefined,
          'aria-keyshortcuts': action.keys,
          title: action.title,
          onClick: () => {
            if (action.disabled) return;
            onClose(true);
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

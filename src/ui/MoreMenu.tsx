import { useEffect, useId, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { useBodyLayer } from './use-body-layer.ts';
import './MoreMenu.css';

/**
 * A "⋯" button opening a menu of secondary actions (WAI-ARIA menu button): Enter, Space or ArrowDown open it on
 * the first item, ArrowUp on the last; arrows, Home and End move; Enter runs an item; Escape or Tab close it and
 * give focus back to the button; a click elsewhere closes it. The menu is placed with fixed coordinates below
 * the button, or above it when the panel is too short below, so a toolbar near the bottom never cuts it. It is
 * rendered at the end of the body: the panel's size containers (container queries) would otherwise be the box
 * its fixed coordinates are taken from.
 */
export interface MoreMenuItem {
  label: string;
  onSelect: () => void;
  disabled?: boolean;
  /** A tooltip (e.g. the file name Save… suggests). */
  title?: string;
}

type Place = { top?: number; bottom?: number; right: number; maxHeight: number };

const px = (value: number | undefined) => (value === undefined ? undefined : `${Math.round(value)}px`);
const placed = (place: Place) => ({
  top: px(place.top),
  bottom: px(place.bottom),
  right: px(place.right),
  maxHeight: px(place.maxHeight),
});

export function MoreMenu({ label, items }: { label: string; items: readonly MoreMenuItem[] }) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const [place, setPlace] = useState<Place>();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const id = useId();

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useLayoutEffect(() => {
    if (!open || !button.current) return;
    const box = button.current.getBoundingClientRect();
    const below = innerHeight - box.bottom - 8;
    const above = box.top - 8;
    const right = Math.max(4, innerWidth - box.right);
    setPlace(
      below >= Math.min(200, above)
        ? { top: box.bottom + 2, right, maxHeight: below }
        : { bottom: innerHeight - box.top + 2, right, maxHeight: above },
    );
  }, [open]);

  useEffect(() => {
    if (!open || !place) return;
    const enabled = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? [])];
    (open === 'last' ? enabled.at(-1) : enabled[0])?.focus();
  }, [open, place]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    addEventListener('pointerdown', onPointer, true);
    return () => removeEventListener('pointerdown', onPointer, true);
  }, [open]);

  const onMenuKey = (event: KeyboardEvent) => {
    const enabled = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? [])];
    const at = enabled.indexOf(document.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    if (event.key === 'ArrowDown') next = enabled[(at + 1) % enabled.length];
    else if (event.key === 'ArrowUp') next = enabled[(at - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') next = enabled[0];
    else if (event.key === 'End') next = enabled.at(-1);
    else if (event.key === 'Escape') {
      // Not the panel's own Escape (cancel a call, stop a stream): this one only closes the menu.
      event.preventDefault();
      event.stopPropagation();
      close(true);
      return;
    } else if (event.key === 'Tab') {
      // The menu sits at the end of the page: Tab goes back to the button rather than out of the panel.
      event.preventDefault();
      close(true);
      return;
    } else return;
    event.preventDefault();
    next?.focus();
  };

  useBodyLayer(
    open ? (
      <div
        ref={menu}
        id={id}
        role="menu"
        aria-label={label}
        class="kh-more-menu"
        style={place ? placed(place) : { visibility: 'hidden' }}
        onKeyDown={onMenuKey}
      >
        {items.map((item) => (
          <button
            key={item.label}
            type="button"
            role="menuitem"
            tabIndex={-1}
            class="kh-more-item"
            disabled={item.disabled}
            title={item.title}
            onClick={() => {
              close(true);
              item.onSelect();
            }}
          >
            {item.label}
          </button>
        ))}
      </div>
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
        aria-expanded={open !== false}
        aria-controls={open ? id : undefined}
        onClick={() => (open ? close(false) : setOpen('first'))}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          event.preventDefault();
          setOpen(event.key === 'ArrowUp' ? 'last' : 'first');
        }}
      >
        ⋯
      </button>
    </span>
  );
}

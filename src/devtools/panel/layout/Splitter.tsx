import { useEffect, useRef, useState } from 'preact/hooks';
import { clampLayoutValue, type PanelLayout, readPanelLayout } from '../../../core/workbench/panel-layout.ts';
import type { KeyValueStorage } from '../key-value-storage.ts';

/**
 * A draggable, keyboard-operable divider (role separator) between the side pane and the workbench ('side'), or
 * the composer and the response ('composer'). Its position lives in CSS custom properties on the root element,
 * which panel.css reads, and is remembered in storage. The side divider works along whichever axis the panes
 * are laid out on (beside each other when wide, one above the other when narrow).
 */
const KEY = 'keyhole.devtools.layout';
const STEP = 16;

const PROPERTIES: Record<keyof PanelLayout, string> = {
  sideWidth: '--kh-side-width',
  sideHeight: '--kh-side-height',
  composerShare: '--kh-composer-share',
};

function apply(layout: PanelLayout): void {
  const style = document.documentElement.style;
  for (const [key, property] of Object.entries(PROPERTIES) as [keyof PanelLayout, string][]) {
    const value = layout[key];
    if (value === undefined) style.removeProperty(property);
    else style.setProperty(property, key === 'composerShare' ? `${(value * 100).toFixed(1)}%` : `${value}px`);
  }
  document.documentElement.dataset.layout = Object.keys(layout).join(' ');
}

let current: PanelLayout = {};
let loaded: Promise<void> | undefined;

function loadLayout(storage: KeyValueStorage): Promise<void> {
  loaded ??= storage
    .get(KEY)
    .then((stored) => {
      current = { ...readPanelLayout(stored), ...current };
      apply(current);
    })
    .catch(() => undefined);
  return loaded;
}

export function Splitter({ which, storage }: { which: 'side' | 'composer'; storage: KeyValueStorage }) {
  const ref = useRef<HTMLDivElement>(null);
  // What a screen reader announces: the pane before the divider, as a share of the space the two panes have.
  const [share, setShare] = useState(50);
  const measureShare = () => {
    const element = ref.current;
    if (!element?.previousElementSibling || !element.parentElement) return;
    const { vertical } = measure();
    const pane = element.previousElementSibling.getBoundingClientRect();
    const whole = element.parentElement.getBoundingClientRect();
    const along = vertical && which === 'side' ? [pane.width, whole.width] : [pane.height, whole.height];
    setShare(Math.round((100 * (along[0] ?? 0)) / (along[1] || 1)));
  };
  useEffect(() => {
    void loadLayout(storage).then(() => requestAnimationFrame(measureShare));
  }, [storage]);

  /** The panes this divider sits between, and the axis it moves along now. */
  const measure = () => {
    const element = ref.current as HTMLDivElement;
    const before = element.previousElementSibling as HTMLElement;
    const parent = element.parentElement as HTMLElement;
    const box = element.getBoundingClientRect();
    const vertical = box.height > box.width; // a vertical line, moved sideways
    return { before, parent, vertical };
  };

  const setSize = (pixels: number) => {
    const { parent, vertical } = measure();
    if (which === 'composer') {
      const height = parent.getBoundingClientRect().height || 1;
      current = { ...current, composerShare: clampLayoutValue('composerShare', pixels / height) };
    } else if (vertical) current = { ...current, sideWidth: clampLayoutValue('sideWidth', pixels) };
    else current = { ...current, sideHeight: clampLayoutValue('sideHeight', pixels) };
    apply(current);
    requestAnimationFrame(measureShare);
  };
  const save = () => void storage.set(KEY, current).catch(() => undefined);

  const sizeNow = () => {
    const { before, vertical } = measure();
    const box = before.getBoundingClientRect();
    return vertical && which === 'side' ? box.width : box.height;
  };

  const onPointerDown = (event: PointerEvent) => {
    const element = ref.current;
    if (!element || event.button !== 0) return;
    event.preventDefault();
    element.setPointerCapture(event.pointerId);
    const { vertical } = measure();
    const start = vertical && which === 'side' ? event.clientX : event.clientY;
    const startSize = sizeNow();
    const onMove = (move: PointerEvent) =>
      setSize(startSize + (vertical && which === 'side' ? move.clientX : move.clientY) - start);
    const onUp = () => {
      element.removeEventListener('pointermove', onMove);
      element.removeEventListener('pointerup', onUp);
      element.removeEventListener('pointercancel', onUp);
      save();
    };
    element.addEventListener('pointermove', onMove);
    element.addEventListener('pointerup', onUp);
    element.addEventListener('pointercancel', onUp);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const { vertical } = measure();
    const grow = vertical && which === 'side' ? 'ArrowRight' : 'ArrowDown';
    const shrink = vertical && which === 'side' ? 'ArrowLeft' : 'ArrowUp';
    if (event.key !== grow && event.key !== shrink) return;
    event.preventDefault();
    setSize(sizeNow() + (event.key === grow ? STEP : -STEP));
    save();
  };

  const label = which === 'side' ? 'Resize the side pane' : 'Resize the composer and the response';
  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable, movable divider is the ARIA separator role; <hr> cannot take focus or keys
    <div
      ref={ref}
      class={`kh-splitter kh-splitter--${which}`}
      role="separator"
      tabIndex={0}
      aria-label={label}
      aria-orientation={which === 'side' ? 'vertical' : 'horizontal'}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={share}
      title={`${label} (drag, or arrow keys)`}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
}

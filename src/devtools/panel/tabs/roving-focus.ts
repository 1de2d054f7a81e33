/**
 * Arrow-key focus inside a group of controls that is a single Tab stop (a roving tabindex, as in the WAI-ARIA
 * toolbar pattern): the controls carry `data-roving="<key>"`, the one whose key is the stop has tabIndex 0,
 * the others -1. ←/→ move to the previous/next control, Home/End to the ends.
 */
export const ROVING = 'data-roving';

/** The control focus moves to on `key` from `from`, or null when the key is not a move. */
export function rovingTarget(group: HTMLElement, from: Element | null, key: string): HTMLElement | null {
  const controls = [...group.querySelectorAll<HTMLElement>(`[${ROVING}]`)];
  if (controls.length === 0) return null;
  const at = controls.indexOf(from as HTMLElement);
  if (key === 'Home') return controls[0] ?? null;
  if (key === 'End') return controls.at(-1) ?? null;
  if (at < 0) return null;
  if (key === 'ArrowRight') return controls[Math.min(at + 1, controls.length - 1)] ?? null;
  if (key === 'ArrowLeft') return controls[Math.max(at - 1, 0)] ?? null;
  return null;
}

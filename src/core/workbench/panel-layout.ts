/**
 * The panel's splitter positions, as remembered in storage: the side pane's size (a width beside the workbench,
 * a height above it when the panel is narrow) and the composer's share of the workbench's height. Stored values
 * are checked and bounded, so a corrupt or outdated record never hides a pane.
 */
export interface PanelLayout {
  /** Side pane width in px (wide panel). */
  sideWidth?: number;
  /** Side pane height in px (narrow panel, side pane above the workbench). */
  sideHeight?: number;
  /** The composer's share of the workbench height, 0.15 to 0.85. */
  composerShare?: number;
}

export const LAYOUT_BOUNDS = {
  sideWidth: [200, 720],
  sideHeight: [80, 900],
  composerShare: [0.15, 0.85],
} as const satisfies Record<keyof PanelLayout, readonly [number, number]>;

export function clampLayoutValue(key: keyof PanelLayout, value: number): number {
  const [low, high] = LAYOUT_BOUNDS[key];
  return Math.min(high, Math.max(low, value));
}

/** Reads a stored record: unknown keys and non-numbers are dropped, numbers bounded. */
export function readPanelLayout(stored: unknown): PanelLayout {
  const layout: PanelLayout = {};
  if (!stored || typeof stored !== 'object') return layout;
  for (const key of Object.keys(LAYOUT_BOUNDS) as (keyof PanelLayout)[]) {
    const value = (stored as Record<string, unknown>)[key];
    if (typeof value === 'number' && Number.isFinite(value)) layout[key] = clampLayoutValue(key, value);
  }
  return layout;
}

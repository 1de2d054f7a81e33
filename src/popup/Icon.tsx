import { ICON_PATHS, type IconName } from './icon-paths.ts';

export type { IconName };

/** A 16px line icon drawn inline (no icon font, no extra request). Decorative: the button names itself. */
export function Icon({ name, class: className }: { name: IconName; class?: string }) {
  return (
    <svg
      class={className ? `kp-icon ${className}` : 'kp-icon'}
      width="16"
      height="16"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      stroke-width="1.5"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICON_PATHS[name]} />
    </svg>
  );
}

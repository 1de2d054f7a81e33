/**
 * The popup's 16px line icons, as SVG path data: drawn by Icon.tsx in the app and by first-paint-dom.ts before the
 * app has loaded, so both draw the same icon. The signed-in screen's are apart: the first paint carries only those.
 */
export const ACCOUNT_ICON_PATHS = {
  chevron: 'M6 4l4 4-4 4',
  copy: 'M5.5 5.5V3.5a1 1 0 0 1 1-1h6a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1h-2M3.5 5.5h6a1 1 0 0 1 1 1v6a1 1 0 0 1-1 1h-6a1 1 0 0 1-1-1v-6a1 1 0 0 1 1-1z',
  external: 'M9 2.5h4.5V7M13.5 2.5L7 9M11.5 9.5v3a1 1 0 0 1-1 1h-7a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1h3',
  receipt: 'M4 1.75h8v12.5l-2-1.25-2 1.25-2-1.25-2 1.25zM6 5.25h4M6 8.25h4',
  signOut: 'M6 13.5H3.5a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1H6M10.5 11l3-3-3-3M13.5 8H6',
  clock: 'M8 14A6 6 0 1 0 8 2a6 6 0 0 0 0 12zM8 4.75V8l2.25 1.5',
  alert: 'M8 1.75l6.5 11.5h-13zM8 6v3.25M8 11.2v.05',
  code: 'M5.5 4.5L2 8l3.5 3.5M10.5 4.5L14 8l-3.5 3.5M9 3l-2 10',
} as const;

export const ICON_PATHS = {
  ...ACCOUNT_ICON_PATHS,
  check: 'M3 8.5l3 3 7-7',
  gear: 'M8 10.25a2.25 2.25 0 1 0 0-4.5 2.25 2.25 0 0 0 0 4.5zM8 1.5v1.75M8 12.75v1.75M1.5 8h1.75M12.75 8h1.75M3.4 3.4l1.25 1.25M11.35 11.35l1.25 1.25M3.4 12.6l1.25-1.25M11.35 4.65l1.25-1.25',
  key: 'M5.5 10.75a3 3 0 1 1 0-6 3 3 0 0 1 0 6zM8.5 7.75h6M12.25 7.75v2.5M14.5 7.75v2',
  lock: 'M4.5 7.25h7a1 1 0 0 1 1 1v5a1 1 0 0 1-1 1h-7a1 1 0 0 1-1-1v-5a1 1 0 0 1 1-1zM5.75 7.25V5a2.25 2.25 0 0 1 4.5 0v2.25',
} as const;

export type IconName = keyof typeof ICON_PATHS;
export type AccountIconName = keyof typeof ACCOUNT_ICON_PATHS;

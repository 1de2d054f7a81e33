/**
 * Follows the DevTools theme when there is one ('dark' or 'default'); outside DevTools the stylesheet's
 * prefers-color-scheme rules apply on their own.
 */
export function applyDevtoolsTheme(themeName: string | undefined, root: HTMLElement = document.documentElement): void {
  if (themeName === 'dark') root.dataset.theme = 'dark';
  else if (themeName === 'default') root.dataset.theme = 'light';
  else delete root.dataset.theme;
}

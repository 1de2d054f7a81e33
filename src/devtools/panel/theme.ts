/**
 * Follows the DevTools theme when there is one: 'dark', or 'default' (DevTools' light theme; with DevTools set to
 * follow the system it already reports the effective theme). Outside DevTools nothing is forced and the
 * stylesheet's prefers-color-scheme rules apply.
 */
export function applyDevtoolsTheme(themeName: string | undefined, root: HTMLElement = document.documentElement): void {
  if (themeName === 'dark') root.dataset.theme = 'dark';
  else if (themeName === 'default') root.dataset.theme = 'light';
  else delete root.dataset.theme;
}

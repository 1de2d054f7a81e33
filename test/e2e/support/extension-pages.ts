/**
 * The extension's own pages as the e2e tests look at them: the size a user sees them at, a color scheme (light
 * unless asked), and their uncaught errors collected into `errors` when given.
 */
import type { Page } from 'playwright-core';
import type { LaunchedExtension } from './launch-extension.ts';

export interface ExtensionPageOptions {
  colorScheme?: 'light' | 'dark';
  errors?: string[];
}

/** The toolbar popup at its size; hosts other than the loopback sandbox (avatars) are refused. */
export function openPopup(ext: LaunchedExtension, options: ExtensionPageOptions = {}): Promise<Page> {
  return ext.openPage('src/popup/index.html', {
    viewport: { width: 360, height: 600 },
    loopbackOnly: true,
    colorScheme: options.colorScheme ?? 'light',
    ...(options.errors ? { errors: options.errors } : {}),
  });
}

/** The settings page, or one of its sections (`#session`, `#onboarding`). */
export function openSettings(ext: LaunchedExtension, hash = '', options: ExtensionPageOptions = {}): Promise<Page> {
  return ext.openPage(`src/options/index.html${hash}`, {
    viewport: { width: 1100, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
    ...(options.errors ? { errors: options.errors } : {}),
  });
}

/** The SFTP kit. */
export function openKit(ext: LaunchedExtension, options: ExtensionPageOptions = {}): Promise<Page> {
  return ext.openPage('src/sftp-kit/index.html', {
    viewport: { width: 1100, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
    ...(options.errors ? { errors: options.errors } : {}),
  });
}

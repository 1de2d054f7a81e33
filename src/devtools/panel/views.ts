import type { ComponentType } from 'preact';
import type { PanelServices } from './services.ts';
import type { ViewProps } from './view-props.ts';

export type { ViewProps };

/**
 * The panel's views, one tab each, loaded on first use. To add a view, add an entry: `side` views sit beside
 * the composer (lists that fill it), `full` views take the panel's main area (the draft is kept meanwhile).
 * The tab id is also the URL hash (`#history`); anything after `?` in the hash is left to the view.
 */
export interface PanelView {
  id: string;
  label: string;
  placement: 'side' | 'full';
  load: () => Promise<{ default: ComponentType<ViewProps> }>;
  /** Hidden when false, e.g. Capture outside DevTools. */
  available?: (services: PanelServices) => boolean;
}

export const views: readonly PanelView[] = [
  { id: 'catalog', label: 'Catalog', placement: 'side', load: () => import('./catalog/CatalogView.tsx') },
  { id: 'saved', label: 'Saved', placement: 'side', load: () => import('./collections/SavedView.tsx') },
  { id: 'history', label: 'History', placement: 'side', load: () => import('./history/HistoryView.tsx') },
  {
    id: 'capture',
    label: 'Capture',
    placement: 'side',
    load: () => import('./capture/CaptureView.tsx'),
    available: (services) => services.devtools?.network !== undefined,
  },
  { id: 'runner', label: 'Runner', placement: 'full', load: () => import('./runner/RunnerView.tsx') },
  // Their own folders (src/devtools/rights, tokens, invoices); they talk to the worker themselves.
  { id: 'rights', label: 'Rights', placement: 'full', load: () => import('../rights/index.tsx') },
  { id: 'tokens', label: 'Tokens', placement: 'full', load: () => import('../tokens/index.tsx') },
  { id: 'invoices', label: 'Invoices', placement: 'full', load: () => import('../invoices/index.tsx') },
];

/** The view id in a hash such as `#invoices?org=orga_1`. */
export function viewIdFromHash(hash: string): string {
  return hash.replace(/^#/, '').split('?')[0] ?? '';
}

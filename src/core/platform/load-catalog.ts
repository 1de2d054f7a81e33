/**
 * Loads the generated description on first use. It is ~39 KB gzipped (responses and their schemas included), so
 * pages import it dynamically and it never weighs on their first paint (the panel's initial-JS budget); later
 * callers share the same promise.
 */
import { type Catalog, catalogFromDescription } from './catalog.ts';
import type { PlatformDescription } from './description-types.ts';

let loading: Promise<Catalog> | undefined;

export function loadPlatformDescription(): Promise<PlatformDescription> {
  return import('./description.json').then((module) => module.default as unknown as PlatformDescription);
}

export function loadCatalog(): Promise<Catalog> {
  loading ??= loadPlatformDescription().then(catalogFromDescription);
  // A failed load (e.g. the extension was updated under the page) may be retried.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

import type { CatalogEntry } from '../../core/platform/catalog.ts';
import { loadCatalog } from '../../core/platform/load-catalog.ts';

/** The one place the rights view reads the endpoint catalog (loaded on first use; entries carry their right). */
export async function loadCatalogEndpoints(): Promise<readonly CatalogEntry[]> {
  return (await loadCatalog()).entries;
}

export type { CatalogEntry };

import { type CatalogEntry, ENDPOINT_CATALOG } from '../../core/endpoint-catalog.ts';

/** The one place the rights view reads the workbench's endpoint catalog (its entries carry the right they need). */
export function catalogEndpoints(): readonly CatalogEntry[] {
  return ENDPOINT_CATALOG;
}

export type { CatalogEntry };

import { useEffect, useMemo, useState } from 'preact/hooks';
import { type Catalog, type CatalogEntry, catalogEntryOfDraft } from '../../../core/platform/catalog.ts';
import { loadCatalog } from '../../../core/platform/load-catalog.ts';
import type { RequestDraft } from '../../../core/workbench/request-draft.ts';

export interface DescribedDraft {
  entry: CatalogEntry;
  schemas: Readonly<Record<string, unknown>>;
  sources: Catalog['sources'];
}

/**
 * The platform description's entry for the draft being composed, once the description has loaded (the catalog
 * view loads it at the same time: one shared promise). Undefined for a path the description does not know.
 */
export function useDescribedEndpoint(
  draft: Pick<RequestDraft, 'method' | 'target' | 'path'>,
): DescribedDraft | undefined {
  const [catalog, setCatalog] = useState<Catalog | undefined>();
  useEffect(() => {
    let live = true;
    loadCatalog().then(
      (loaded) => live && setCatalog(loaded),
      () => undefined, // No description: the composer works as a plain HTTP composer.
    );
    return () => {
      live = false;
    };
  }, []);
  return useMemo(() => {
    if (!catalog) return undefined;
    const entry = catalogEntryOfDraft(catalog.entries, draft);
    return entry ? { entry, schemas: catalog.schemas, sources: catalog.sources } : undefined;
  }, [catalog, draft.method, draft.target, draft.path]);
}

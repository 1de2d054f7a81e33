import { useEffect, useMemo, useState } from 'preact/hooks';
import { type Catalog, type CatalogEntry, catalogEntryOfDraft } from '../../../core/platform/catalog.ts';
import { loadCatalog } from '../../../core/platform/load-catalog.ts';
import type { RequestDraft } from '../../../core/workbench/request-draft.ts';

export interface DescribedDraft {
  entry: CatalogEntry;
  schemas: Readonly<Record<string, unknown>>;
  sources: Catalog['sources'];
}

/** Whether the platform's description is in yet: the Docs tab says which of the three it is. */
export type DescriptionState = 'loading' | 'loaded' | 'missing';

/**
 * The platform description's entry for the draft being composed, once the description has loaded (the catalog
 * view loads it at the same time: one shared promise). `described` is undefined for a path the description does
 * not know, and until it has loaded.
 */
export function useDescribedEndpoint(draft: Pick<RequestDraft, 'method' | 'target' | 'path'>): {
  described: DescribedDraft | undefined;
  description: DescriptionState;
} {
  const [catalog, setCatalog] = useState<Catalog | undefined>();
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    let live = true;
    loadCatalog().then(
      (loaded) => live && setCatalog(loaded),
      // No description: the composer works as a plain HTTP composer.
      () => live && setMissing(true),
    );
    return () => {
      live = false;
    };
  }, []);
  const described = useMemo(() => {
    if (!catalog) return undefined;
    const entry = catalogEntryOfDraft(catalog.entries, draft);
    return entry ? { entry, schemas: catalog.schemas, sources: catalog.sources } : undefined;
  }, [catalog, draft.method, draft.target, draft.path]);
  return { described, description: catalog ? 'loaded' : missing ? 'missing' : 'loading' };
}

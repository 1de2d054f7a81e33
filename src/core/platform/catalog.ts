/**
 * The endpoint catalog the panel shows: the generated platform description (description.json) as a flat list of
 * entries the composer, the search and the rights browser read. Each entry keeps its described endpoint for the
 * details (parameters, sources).
 */

import type { HttpMethod, RequestTarget } from '../protocol.ts';
import { matchPathTemplate } from '../workbench/path-template.ts';
import type {
  DescribedEndpoint,
  DescriptionSource,
  PlatformDescription,
  RightSource,
  SourceId,
} from './description-types.ts';
import { exampleBodyText } from './schema-example.ts';
import {
  buildSearchIndex,
  buildSearchIndexInSlices,
  type SearchFields,
  type SearchIndex,
  searchIndex,
} from './search.ts';

export interface CatalogEntry {
  id: string;
  method: HttpMethod;
  target: RequestTarget;
  pathTemplate: string;
  group: string;
  description: string;
  tags: readonly string[];
  /** The right it needs (curated or inferred, see `rightSource`); absent when it needs none or is unknown. */
  right?: string;
  /** Where the right comes from; absent when nobody knows which right it needs. */
  rightSource?: RightSource;
  bodyExample?: string;
  formExample?: [string, string][];
  endpoint: DescribedEndpoint;
}

export interface Catalog {
  entries: readonly CatalogEntry[];
  groups: readonly { id: string; label: string }[];
  sources: readonly DescriptionSource[];
  /** The description's named schemas, which request and response schemas point into with `$ref`. */
  schemas: Readonly<Record<string, unknown>>;
}

/** `schemas`: the description's named schemas, so that a JSON body example is built valid against its schema. */
export function catalogEntryOf(
  endpoint: DescribedEndpoint,
  schemas: Readonly<Record<string, unknown>> = {},
): CatalogEntry {
  const entry: CatalogEntry = {
    id: endpoint.id,
    method: endpoint.method,
    target: endpoint.target,
    pathTemplate: endpoint.path,
    group: endpoint.group,
    description: endpoint.summary,
    tags: endpoint.tags,
    endpoint,
  };
  if (endpoint.right) {
    entry.rightSource = endpoint.right.source;
    if (endpoint.right.name) entry.right = endpoint.right.name;
  }
  if (endpoint.body?.example !== undefined || (endpoint.body?.schema !== undefined && isJsonType(endpoint.body)))
    entry.bodyExample = exampleBodyText(endpoint.body, schemas);
  if (endpoint.body?.form) entry.formExample = endpoint.body.form;
  return entry;
}

const isJsonType = (body: { contentType: string }) => /[/+]json\b/i.test(body.contentType);

export function catalogFromDescription(description: PlatformDescription): Catalog {
  return {
    entries: description.endpoints.map((endpoint) => catalogEntryOf(endpoint, description.schemas)),
    groups: description.groups,
    sources: description.sources,
    schemas: description.schemas,
  };
}

/** Whether the composer can send it: Keyhole signs only `/v2/…` and `/v4/…` paths (and the bridge's tokens). */
export function isSendable(entry: Pick<CatalogEntry, 'pathTemplate'>): boolean {
  return /^\/(v2|v4)\//.test(entry.pathTemplate) || entry.pathTemplate.startsWith('/api-tokens');
}

const SOURCE_LABELS: Record<SourceId, string> = {
  openapi: 'OpenAPI',
  'client-api': 'client',
  'client-command': 'client',
  'spec-notes': 'spec/notes',
  keyhole: 'Keyhole',
};

/** "OpenAPI · client": who names this endpoint, in the description's words. */
export function describeOrigins(entry: CatalogEntry): string {
  return [...new Set(entry.endpoint.origins.map((origin) => SOURCE_LABELS[origin.source]))].join(' · ');
}

/** The catalog entry a concrete request matches, if any (same method and target, path fits the template). */
export function findCatalogEntry(
  entries: readonly CatalogEntry[],
  method: HttpMethod,
  target: RequestTarget,
  path: string,
): CatalogEntry | undefined {
  // Prefer templates with fewer placeholders: /v2/self/keys before /v2/self/{x}.
  return entries
    .filter(
      (entry) => entry.method === method && entry.target === target && matchPathTemplate(entry.pathTemplate, path),
    )
    .sort((a, b) => (a.pathTemplate.match(/\{/g)?.length ?? 0) - (b.pathTemplate.match(/\{/g)?.length ?? 0))[0];
}

/**
 * The entry a draft is about: the one whose template the draft's path is (as opened from the catalog), else the
 * one its concrete path fits.
 */
export function catalogEntryOfDraft(
  entries: readonly CatalogEntry[],
  draft: { method: HttpMethod; target: RequestTarget; path: string },
): CatalogEntry | undefined {
  return (
    entries.find(
      (entry) => entry.method === draft.method && entry.target === draft.target && entry.pathTemplate === draft.path,
    ) ?? findCatalogEntry(entries, draft.method, draft.target, draft.path)
  );
}

/** What the search reads of an entry. */
export function searchFieldsOf(entry: CatalogEntry): SearchFields {
  return {
    method: entry.method,
    pathTemplate: entry.pathTemplate,
    description: entry.description,
    tags: entry.tags,
    group: entry.group,
    right: entry.right,
    queryNames: entry.endpoint.params.filter((param) => param.in === 'query').map((param) => param.name),
  };
}

export type CatalogSearch = SearchIndex<CatalogEntry>;

export function indexCatalog(entries: readonly CatalogEntry[]): CatalogSearch {
  return buildSearchIndex(entries, searchFieldsOf);
}

/** indexCatalog in slices of their own tasks (`pause` between them): a page's thread is never held long. */
export function indexCatalogInSlices(
  entries: readonly CatalogEntry[],
  pause: () => Promise<void>,
): Promise<CatalogSearch> {
  return buildSearchIndexInSlices(entries, searchFieldsOf, pause);
}

export function searchCatalog(index: CatalogSearch, query: string): CatalogEntry[] {
  return searchIndex(index, query);
}

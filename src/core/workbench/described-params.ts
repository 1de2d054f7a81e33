/**
 * The composer's query and header rows as the platform's description lists them: every described parameter is
 * a row (required ones switched on, optional ones present but off until ticked, defaults filled in), and what the
 * user typed in a row of the same name survives switching endpoints. Plus the docs of a row, for the table.
 */
import type { DescribedEndpoint, EndpointParam } from '../platform/description-types.ts';
import type { KeyValueRow } from './request-draft.ts';

/** Where a described parameter goes; `path` ones are the placeholders (PathParams). */
export type ParamPlace = 'path' | 'query' | 'header';

/** What the table shows beside a row. */
export interface ParamDoc {
  name: string;
  place: ParamPlace;
  type?: string;
  enum?: readonly string[];
  default?: string;
  required: boolean;
  description?: string;
}

const asText = (value: unknown): string | undefined =>
  value === undefined || value === null ? undefined : typeof value === 'string' ? value : JSON.stringify(value);

export function docOfParam(param: EndpointParam): ParamDoc {
  const raw = param;
  const doc: ParamDoc = {
    name: raw.name,
    place: raw.in === 'header' ? 'header' : raw.in === 'query' ? 'query' : 'path',
    required: raw.required === true,
  };
  if (raw.type) doc.type = raw.type;
  if (Array.isArray(raw.enum) && raw.enum.length > 0)
    doc.enum = raw.enum.map((value) => asText(value)).filter((value): value is string => value !== undefined);
  const fallback = asText(raw.default);
  if (fallback !== undefined) doc.default = fallback;
  if (raw.description?.trim()) doc.description = raw.description.trim();
  return doc;
}

/** The described parameters of one place, in the description's order (first of each name only). */
export function paramDocs(endpoint: DescribedEndpoint | undefined, place: ParamPlace): ParamDoc[] {
  if (!endpoint) return [];
  const seen = new Set<string>();
  const docs: ParamDoc[] = [];
  for (const param of endpoint.params) {
    const doc = docOfParam(param);
    const key = place === 'header' ? doc.name.toLowerCase() : doc.name;
    if (doc.place !== place || seen.has(key)) continue;
    seen.add(key);
    docs.push(doc);
  }
  return docs;
}

const sameName = (place: ParamPlace, a: string, b: string) =>
  place === 'header' ? a.trim().toLowerCase() === b.trim().toLowerCase() : a.trim() === b.trim();

/**
 * The rows a newly opened endpoint starts with. A described parameter takes the value the user typed in a row of
 * the same name (and that row's switch), else its default; a required one is always on. Rows the description does
 * not name are not carried over (they belonged to the other endpoint), except into an endpoint that describes
 * nothing for this place, where nothing is lost by keeping none either: the new draft starts clean.
 */
export function describedRows(docs: readonly ParamDoc[], previous: readonly KeyValueRow[]): KeyValueRow[] {
  return docs.map((doc) => {
    const typed = previous.find((row) => sameName(doc.place, row.name, doc.name) && row.value !== '');
    if (typed) return { name: doc.name, value: typed.value, enabled: doc.required || typed.enabled };
    return { name: doc.name, value: doc.default ?? '', enabled: doc.required };
  });
}

/** The doc of each row that has one (by index), for the table. */
export function docsByRow(docs: readonly ParamDoc[], rows: readonly KeyValueRow[]): Map<number, ParamDoc> {
  const map = new Map<number, ParamDoc>();
  rows.forEach((row, index) => {
    const doc = docs.find((item) => sameName(item.place, item.name, row.name));
    if (doc) map.set(index, doc);
  });
  return map;
}

/** "integer · required · default 10": the facts of a parameter on one line. */
export function describeParamFacts(doc: ParamDoc): string {
  const facts: string[] = [];
  if (doc.type) facts.push(doc.type);
  facts.push(doc.required ? 'required' : 'optional');
  if (doc.enum) facts.push(`one of ${doc.enum.join(', ')}`);
  if (doc.default !== undefined) facts.push(`default ${doc.default}`);
  return facts.join(' · ');
}

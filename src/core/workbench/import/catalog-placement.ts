import { dataRecord, ownValue } from '../../data-record.ts';
import type { HttpMethod, RequestTarget } from '../../protocol.ts';
import type { ImportedRequest } from '../collection-file.ts';
import { PLACEHOLDER, placeholderName } from '../path-template.ts';

/**
 * Puts imported requests where the catalog knows them. Other tools name path variables their own way (`:id`,
 * `{{appId}}`) and may keep the API's version prefix in a base URL the import could not read (an environment
 * variable); the catalog's endpoints have Keyhole's names (`{organisationId}`), which the context and the id
 * pickers fill. A request whose path has the shape of one catalog endpoint gets that endpoint's names; one whose
 * path lacks `/v2` or `/v4` gets the prefix when exactly one of them makes it a catalog endpoint.
 */

/** What placement needs of a catalog entry (`CatalogEntry` has it). */
export interface PlacementEntry {
  method: HttpMethod;
  target: RequestTarget;
  pathTemplate: string;
}

export interface Placement {
  requests: ImportedRequest[];
  /** Requests whose path is now a catalog endpoint's (its template, or a concrete path that fits one). */
  recognised: number;
  /** Requests given a `/v2` or `/v4` prefix. */
  prefixed: number;
  /** Imported name → catalog name, each pair once, in order of first use. */
  renamed: [string, string][];
}

const segmentsOf = (path: string) => path.split('/');

/** A segment with its placeholders blanked: `{a}.pdf` and `{b}.pdf` have the same shape. */
const shapeOf = (segment: string) => segment.replace(PLACEHOLDER, '{}');

const namesIn = (segment: string) => [...segment.matchAll(PLACEHOLDER)].map(placeholderName);

/** A literal segment fits a template segment when the template's placeholders can stand for its text. */
function literalFits(template: string, literal: string): boolean {
  if (!template.includes('{')) return template === literal;
  const pattern = template
    .split(PLACEHOLDER)
    .filter((_, index) => index % 3 === 0)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+?');
  return new RegExp(`^${pattern}$`).test(literal);
}

interface Match {
  template: string[];
  /** Literal segments equal in both: the more, the closer. */
  literal: number;
  placeholders: number;
}

/** How an imported path fits a template, segment by segment; undefined when it does not. */
function fitTemplate(template: string[], path: string[]): Match | undefined {
  if (template.length !== path.length) {
    // A trailing slash is the same endpoint.
    if (!(template.length + 1 === path.length && path[path.length - 1] === '')) return undefined;
  }
  let literal = 0;
  let placeholders = 0;
  for (let index = 0; index < template.length; index += 1) {
    const want = template[index] as string;
    const have = path[index] as string;
    const wantsValue = want.includes('{');
    if (wantsValue) placeholders += 1;
    if (have.includes('{')) {
      if (!wantsValue || shapeOf(want) !== shapeOf(have)) return undefined;
    } else if (literalFits(want, have)) {
      if (!wantsValue) literal += 1;
    } else return undefined;
  }
  return { template, literal, placeholders };
}

function bestFit(entries: readonly PlacementEntry[], method: HttpMethod, target: RequestTarget, path: string) {
  const segments = segmentsOf(path);
  let best: Match | undefined;
  for (const entry of entries) {
    if (entry.method !== method || entry.target !== target) continue;
    const match = fitTemplate(segmentsOf(entry.pathTemplate), segments);
    if (
      match &&
      (!best ||
        match.literal > best.literal ||
        (match.literal === best.literal && match.placeholders < best.placeholders))
    )
      best = match;
  }
  return best;
}

const SENDABLE = /^\/(v2|v4)(\/|$)|^\/api-tokens(\/|$)/;

/** Groups entries by method and target once: 800 requests × 1,000 entries is read as 800 × a few dozen. */
function indexEntries(entries: readonly PlacementEntry[]) {
  const index = new Map<string, PlacementEntry[]>();
  for (const entry of entries) {
    const key = `${entry.method} ${entry.target}`;
    const list = index.get(key) ?? [];
    list.push(entry);
    index.set(key, list);
  }
  return (method: HttpMethod, target: RequestTarget) => index.get(`${method} ${target}`) ?? [];
}

export function placeOnCatalog(requests: readonly ImportedRequest[], entries: readonly PlacementEntry[]): Placement {
  const entriesFor = indexEntries(entries);
  const renamed = new Map<string, [string, string]>();
  let recognised = 0;
  let prefixed = 0;
  const placed = requests.map((request): ImportedRequest => {
    const { draft } = request;
    const candidates = entriesFor(draft.method, draft.target);
    let path = draft.path;
    let match = bestFit(candidates, draft.method, draft.target, path);
    if (!match && draft.target === 'api' && !SENDABLE.test(path)) {
      const fits = ['/v2', '/v4']
        .map((prefix) => ({ prefix, match: bestFit(candidates, draft.method, draft.target, `${prefix}${path}`) }))
        .filter((candidate) => candidate.match);
      if (fits.length === 1 && fits[0]) {
        path = `${fits[0].prefix}${path}`;
        match = fits[0].match;
        prefixed += 1;
      }
    }
    if (!match) return path === draft.path ? request : { ...request, draft: { ...draft, path } };
    recognised += 1;
    const params = dataRecord(draft.params);
    const segments = segmentsOf(path).map((segment, index) => {
      const want = match.template[index] ?? segment;
      if (!segment.includes('{')) return segment;
      const from = namesIn(segment);
      const to = namesIn(want);
      from.forEach((name, at) => {
        const target = to[at] as string;
        if (name === target) return;
        if (!renamed.has(`${name} ${target}`)) renamed.set(`${name} ${target}`, [name, target]);
        const value = ownValue(params, name);
        if (value !== undefined) {
          delete params[name];
          if ((ownValue(params, target) ?? '') === '') params[target] = value;
        }
      });
      return want;
    });
    return { ...request, draft: { ...draft, path: segments.join('/'), params } };
  });
  return { requests: placed, recognised, prefixed, renamed: [...renamed.values()] };
}

/** One line for the import notice: how many requests the catalog knows, and the names that changed. */
export function describePlacement(placement: Placement, total: number): string[] {
  const notices: string[] = [];
  if (placement.prefixed > 0)
    notices.push(
      `${placement.prefixed} request path${placement.prefixed === 1 ? '' : 's'} had no API version; /v2 or /v4 was put in front where the catalog has that endpoint.`,
    );
  if (total > 0) {
    const renames = placement.renamed.slice(0, 6).map(([from, to]) => `${from} → ${to}`);
    const more = placement.renamed.length - renames.length;
    notices.push(
      `${placement.recognised} of ${total} requests are catalog endpoints${
        renames.length > 0
          ? `; their path variables now have the catalog's names, which the id pickers fill (${renames.join(', ')}${more > 0 ? `, ${more} more` : ''})`
          : ''
      }.`,
    );
  }
  return notices;
}

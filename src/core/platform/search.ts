/**
 * Typo-tolerant search over the catalog, fast enough to run on every keystroke (`npm run bench` measures it),
 * that reads natural phrasing ("list applications of an organisation", "delete env var", "my ssh keys").
 *
 * Each entry is cut into words once (method, path segments split at camelCase, tags and group, summary, right,
 * query parameter names), folded to one form (search-query.ts: singular, org → organisation…), each word weighted
 * by where it comes from. A query word scores against the set of all words: exact, prefix, substring, or within
 * one or two typos of a word's prefix ("orgnisation" reaches "organisations"). An entry matches when every content
 * word does (one may be missing from a longer query, at a cost); a word counts more the fewer entries have it.
 * Verbs are read as methods; supported, current, organisation-scoped reads rank before v3, live transports and
 * the personal space unless the query asks for them. Scores of a query word are cached, so a keystroke only
 * scores the word being typed. A query word starting with `/` is a path: a concrete path
 * ("/v2/organisations/orga_1/applications") finds its template first.
 */

export interface SearchFields {
  method: string;
  pathTemplate: string;
  description: string;
  tags: readonly string[];
  group: string;
  right?: string | undefined;
  queryNames?: readonly string[];
}

import { foldWord, isStreamPath, normaliseText, partsOf, type QueryReading, readQuery } from './search-query.ts';

interface Doc {
  method: string;
  tokens: Int32Array;
  weights: Float32Array;
  /** Words of the path's literal segments (not its placeholders, version or scope), which a query should name. */
  literals: Int32Array;
  template: string;
  /** The template, lower-cased, for a typed path that is part of it. */
  path: string;
  segments: number;
  /** How the path ranks before any word: supported and current first, live transports and v3 last. */
  kind: { unsupported: boolean; stream: boolean; organisation: boolean; self: boolean; v4: boolean; item: boolean };
  /** Compiled on the first concrete path typed, then kept. */
  matcher?: RegExp;
}

export interface SearchIndex<E> {
  entries: readonly E[];
  vocabulary: string[];
  docs: Doc[];
  cache: Map<string, Float32Array>;
  fields: (entry: E) => SearchFields;
}

const WEIGHTS = { method: 1.2, path: 1, tag: 0.8, summary: 0.6, right: 0.5, query: 0.4 } as const;

/** Words of a text: split at non-alphanumerics and camelCase humps, lower-cased. */
export function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
}

export function buildSearchIndex<E>(entries: readonly E[], fields: (entry: E) => SearchFields): SearchIndex<E> {
  const { vocabulary, docOf } = indexBuilder(fields);
  return { entries, vocabulary, docs: entries.map(docOf), cache: new Map(), fields };
}

/**
 * The same index built in slices of about `sliceMs` each, awaiting `pause` between them (a page passes a
 * timeout), so no one task holds the thread: the catalog's 471 entries take 30-60 ms at once on a loaded machine.
 */
export async function buildSearchIndexInSlices<E>(
  entries: readonly E[],
  fields: (entry: E) => SearchFields,
  pause: () => Promise<void>,
  sliceMs = 8,
): Promise<SearchIndex<E>> {
  const { vocabulary, docOf } = indexBuilder(fields);
  const docs: Doc[] = [];
  let sliceStart = performance.now();
  for (const entry of entries) {
    if (performance.now() - sliceStart > sliceMs) {
      await pause();
      sliceStart = performance.now();
    }
    docs.push(docOf(entry));
  }
  return { entries, vocabulary, docs, cache: new Map(), fields };
}

/** Turns entries into documents one at a time, sharing one vocabulary. */
function indexBuilder<E>(fields: (entry: E) => SearchFields): { vocabulary: string[]; docOf: (entry: E) => Doc } {
  const vocabulary: string[] = [];
  const ids = new Map<string, number>();
  const idOf = (word: string) => {
    let id = ids.get(word);
    if (id === undefined) {
      id = vocabulary.length;
      vocabulary.push(word);
      ids.set(word, id);
    }
    return id;
  };
  // A word's folded forms are worked out once: the catalog's texts repeat the same few hundred words.
  const folded = new Map<string, number[]>();
  const idsOf = (word: string) => {
    let found = folded.get(word);
    if (!found) {
      found = partsOf(word).map((part) => idOf(foldWord(part)));
      folded.set(word, found);
    }
    return found;
  };
  const docOf = (entry: E): Doc => {
    const f = fields(entry);
    const best = new Map<number, number>();
    const add = (text: string, weight: number) => {
      for (const word of wordsOf(normaliseText(text))) {
        for (const id of idsOf(word)) {
          if ((best.get(id) ?? 0) < weight) best.set(id, weight);
        }
      }
    };
    add(f.method, WEIGHTS.method);
    add(f.pathTemplate, WEIGHTS.path);
    for (const tag of [...f.tags, f.group]) add(tag, WEIGHTS.tag);
    add(f.description, WEIGHTS.summary);
    add(f.right ?? '', WEIGHTS.right);
    for (const name of f.queryNames ?? []) add(name, WEIGHTS.query);
    const path = f.pathTemplate;
    const literals = new Set<number>();
    for (const segment of path.split('/')) {
      if (segment.startsWith('{') || /^(v\d|self|organisations)?$/.test(segment)) continue;
      for (const word of wordsOf(normaliseText(segment.replace(/\{[^}]*\}/g, '')))) {
        // A compound names its parts: "addonproviders" is named by "addon" and "provider".
        const ids = idsOf(word);
        for (const id of ids.length > 1 ? ids.slice(1) : ids) literals.add(id);
      }
    }
    return {
      literals: Int32Array.from(literals),
      method: f.method.toUpperCase(),
      kind: {
        unsupported: !/^\/(v2|v4)\//.test(path) && !path.startsWith('/api-tokens'),
        stream: isStreamPath(path),
        organisation: path.includes('/organisations'),
        self: path.startsWith('/v2/self'),
        v4: path.startsWith('/v4/'),
        item: path.endsWith('}'),
      },
      tokens: Int32Array.from(best.keys()),
      weights: Float32Array.from(best.values()),
      template: f.pathTemplate,
      path: f.pathTemplate.toLowerCase(),
      segments: f.pathTemplate.split('/').length,
    };
  };
  return { vocabulary, docOf };
}

function allowedTypos(length: number): number {
  if (length < 4) return 0;
  return length < 8 ? 1 : 2;
}

/** Rows of the distance table, reused across calls: scoring a word allocates nothing. */
let rows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * The smallest number of edits (insert, delete, substitute, swap two neighbours) turning `term` into some prefix
 * of `word`, or `limit + 1` once it is sure to exceed `limit`.
 */
export function prefixDistance(term: string, word: string, limit: number): number {
  const n = word.length;
  if (rows[0].length <= n) rows = [new Int32Array(n + 1), new Int32Array(n + 1), new Int32Array(n + 1)];
  let [before, previous, current] = rows;
  for (let j = 0; j <= n; j += 1) previous[j] = j;
  for (let i = 1; i <= term.length; i += 1) {
    current[0] = i;
    let rowMin = i;
    const t = term.charCodeAt(i - 1);
    const tBefore = i > 1 ? term.charCodeAt(i - 2) : -1;
    for (let j = 1; j <= n; j += 1) {
      const w = word.charCodeAt(j - 1);
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (t === w ? 0 : 1));
      if (j > 1 && t === word.charCodeAt(j - 2) && tBefore === w) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    [before, previous, current] = [previous, current, before];
  }
  let best = limit + 1;
  for (let j = 0; j <= n; j += 1) if (previous[j]! < best) best = previous[j]!;
  return best;
}

/** A template as a regular expression: each placeholder is one segment or part of one (`{n}.pdf`). */
function compileTemplate(template: string): RegExp {
  const pattern = template
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+?');
  return new RegExp(`^${pattern}/?$`);
}

/** How well a query word matches a word of the index, 0 when it does not. */
export function scoreWord(term: string, word: string): number {
  if (word === term) return 1;
  if (word.startsWith(term)) return 0.8;
  if (term.length >= 3 && word.includes(term)) return 0.5;
  const typos = allowedTypos(term.length);
  if (typos === 0 || word.length < term.length - typos) return 0;
  const distance = prefixDistance(term, word, typos);
  return distance <= typos ? 0.6 - 0.2 * distance : 0;
}

function termScores<E>(index: SearchIndex<E>, term: string): Float32Array {
  let scores = index.cache.get(term);
  if (!scores) {
    scores = new Float32Array(index.vocabulary.length);
    index.vocabulary.forEach((word, id) => {
      scores![id] = scoreWord(term, word);
    });
    // Typing produces a new word per keystroke; keep the cache from growing without bound.
    if (index.cache.size > 200) index.cache.clear();
    index.cache.set(term, scores);
  }
  return scores;
}

/** A word's best score in one entry: the best of its forms (as typed and folded) against the entry's words. */
function bestIn(doc: Doc, forms: readonly Float32Array[]): number {
  let best = 0;
  for (const scores of forms) {
    for (let k = 0; k < doc.tokens.length; k += 1) {
      const value = scores[doc.tokens[k]!]! * doc.weights[k]!;
      if (value > best) best = value;
    }
  }
  return best;
}

/** What the path and method add to an entry's score for this query, before any word. */
function rankOf(doc: Doc, reading: QueryReading): number {
  let rank = 0;
  const { kind } = doc;
  if (kind.unsupported) rank -= 1.5;
  if (kind.stream) rank += reading.wantsStream ? 0.5 : -0.8;
  if (reading.wantsSelf) rank += kind.self ? 0.6 : 0;
  else if (kind.organisation) rank += 0.3;
  if (kind.v4) rank += 0.05;
  if (reading.methods.size > 0) rank += reading.methods.has(doc.method) ? 0.8 : -0.8;
  else if (doc.method === 'GET') rank += 0.2;
  if (doc.method === 'GET' && (reading.methods.size === 0 || reading.methods.has('GET'))) {
    if (reading.wantsList) rank += kind.item ? -0.2 : 0.2;
    else if (reading.wantsItem) rank += kind.item ? 0.2 : 0;
  }
  return rank;
}

/** Entries matching every word of the query, best first; the whole list, in order, for an empty query. */
export function searchIndex<E>(index: SearchIndex<E>, query: string): E[] {
  const words = query.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...index.entries];
  const pathWord = words.find((word) => word.startsWith('/'));
  const concrete = pathWord?.split('?')[0];
  const reading = readQuery(
    words.filter((word) => word !== pathWord),
    wordsOf,
  );
  const formsOf = (term: string, typed?: string) =>
    typed && typed !== term ? [termScores(index, term), termScores(index, typed)] : [termScores(index, term)];
  const terms = reading.terms.map((term, k) => formsOf(term, reading.typed[k]));
  const verbs = reading.verbs.map((verb) => formsOf(verb));
  // A query that is only verbs ("delete") searches with them as words.
  const required = terms.length > 0 ? terms : verbs;
  const optional = terms.length > 0 ? verbs : [];
  // One content word of two or more may be missing ("instance flavors"), at the cost of that word.
  const allowedMisses = required.length >= 2 ? 1 : 0;
  const named = [...required, ...optional];

  const candidates: { at: number; bests: number[]; extra: number }[] = [];
  const matchCounts = new Array<number>(required.length).fill(0);
  index.docs.forEach((doc, at) => {
    let extra = 0;
    if (concrete) {
      doc.matcher ??= compileTemplate(doc.template);
      if (doc.matcher.test(concrete)) extra += 100;
      else if (doc.path.includes(concrete.toLowerCase())) extra += 20;
      else return;
    }
    const bests: number[] = [];
    let misses = 0;
    for (const forms of required) {
      const best = bestIn(doc, forms);
      if (best === 0) misses += 1;
      bests.push(best);
    }
    if (misses > allowedMisses || (misses > 0 && misses === required.length)) return;
    bests.forEach((best, k) => {
      if (best > 0) matchCounts[k]! += 1;
    });
    for (const forms of optional) extra += 0.3 * bestIn(doc, forms);
    // Each word of the path that the query does not name makes the entry less likely the one meant.
    for (let k = 0; k < doc.literals.length; k += 1) {
      const id = doc.literals[k]!;
      if (!named.some((forms) => forms.some((scores) => scores[id]! >= 0.5))) extra -= 0.3;
    }
    candidates.push({ at, bests, extra: extra + (concrete || required.length > 0 ? rankOf(doc, reading) : 0) });
  });
  // A word counts more the fewer entries have it: "flavor" says more than "instance".
  const total = index.docs.length;
  const weights = matchCounts.map((count) => 0.5 + Math.log((total + 1) / (count + 1)) / Math.log(total + 1));
  const scored = candidates.map(({ at, bests, extra }) => {
    let score = extra;
    bests.forEach((best, k) => {
      score += best > 0 ? best * weights[k]! : -weights[k]!;
    });
    return { index: at, score, segments: index.docs[at]!.segments };
  });
  // Equal scores: the shorter path (the collection before its items), then catalog order.
  scored.sort((a, b) => b.score - a.score || a.segments - b.segments || a.index - b.index);
  return scored.map((item) => index.entries[item.index] as E);
}

/** The anchor of the bench: every word must appear, as typed, somewhere in the entry's text. */
export function filterBySubstring<E>(entries: readonly E[], fields: (entry: E) => SearchFields, query: string): E[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((entry) => {
    const f = fields(entry);
    const text = [f.method, f.pathTemplate, f.description, ...f.tags, f.group, f.right ?? ''].join(' ').toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

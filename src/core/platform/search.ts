/**
 * Typo-tolerant search over the catalog, fast enough to run on every keystroke (`npm run bench` measures it).
 *
 * Each entry is cut into words once (method, path segments split at camelCase, tags and group, summary, right,
 * query parameter names), each word weighted by where it comes from. A query word scores against the set of all
 * words: exact, prefix, substring, or within one or two typos of a word's prefix ("orgnisation" reaches
 * "organisations"). An entry matches when every query word does; its score is the sum of each word's best match.
 * Scores of a query word are cached, so a keystroke only scores the word being typed. A query word starting
 * with `/` is a path: a concrete path ("/v2/organisations/orga_1/applications") finds its template first.
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

interface Doc {
  tokens: Int32Array;
  weights: Float32Array;
  template: string;
  /** The template, lower-cased, for a typed path that is part of it. */
  path: string;
  segments: number;
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
  const docs = entries.map((entry): Doc => {
    const f = fields(entry);
    const best = new Map<number, number>();
    const add = (text: string, weight: number) => {
      for (const word of wordsOf(text)) {
        const id = idOf(word);
        if ((best.get(id) ?? 0) < weight) best.set(id, weight);
      }
    };
    add(f.method, WEIGHTS.method);
    add(f.pathTemplate, WEIGHTS.path);
    for (const tag of [...f.tags, f.group]) add(tag, WEIGHTS.tag);
    add(f.description, WEIGHTS.summary);
    add(f.right ?? '', WEIGHTS.right);
    for (const name of f.queryNames ?? []) add(name, WEIGHTS.query);
    return {
      tokens: Int32Array.from(best.keys()),
      weights: Float32Array.from(best.values()),
      template: f.pathTemplate,
      path: f.pathTemplate.toLowerCase(),
      segments: f.pathTemplate.split('/').length,
    };
  });
  return { entries, vocabulary, docs, cache: new Map(), fields };
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

/** Entries matching every word of the query, best first; the whole list, in order, for an empty query. */
export function searchIndex<E>(index: SearchIndex<E>, query: string): E[] {
  const words = query.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...index.entries];
  const pathWord = words.find((word) => word.startsWith('/'));
  const concrete = pathWord?.split('?')[0];
  const terms = words
    .filter((word) => word !== pathWord)
    .flatMap((word) => wordsOf(word))
    .map((term) => termScores(index, term));
  const scored: { index: number; score: number; segments: number }[] = [];
  index.docs.forEach((doc, at) => {
    let score = 0;
    if (concrete) {
      doc.matcher ??= compileTemplate(doc.template);
      if (doc.matcher.test(concrete)) score += 100;
      else if (doc.path.includes(concrete.toLowerCase())) score += 20;
      else return;
    }
    for (const scores of terms) {
      let best = 0;
      for (let k = 0; k < doc.tokens.length; k += 1) {
        const value = scores[doc.tokens[k]!]! * doc.weights[k]!;
        if (value > best) best = value;
      }
      if (best === 0) return;
      score += best;
    }
    scored.push({ index: at, score, segments: doc.segments });
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

/**
 * A JSON value as the rows of a collapsible tree, built lazily so a 5 MB body stays smooth: the value is
 * parsed once, and only expanded nodes ever get rows. Expanding splices a node's children in after it;
 * collapsing cuts its descendants out. A view renders only the rows in its window.
 *
 * Each row is identified by its JSON Pointer (RFC 6901): stable across toggles, and usable as a key.
 */

export type JsonKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

export interface JsonRow {
  /** JSON Pointer of the node: '' for the root, '/items/0/name' below. */
  id: string;
  depth: number;
  /** The key in the parent object, the index in the parent array, or null for the root. */
  key: string | number | null;
  value: unknown;
  kind: JsonKind;
  /** Number of children of an object or array; 0 for scalars. */
  size: number;
  expanded: boolean;
}

export function kindOf(value: unknown): JsonKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  if (type === 'object') return 'object';
  if (type === 'string') return 'string';
  if (type === 'number' || type === 'bigint') return 'number';
  if (type === 'boolean') return 'boolean';
  return 'null';
}

function sizeOf(value: unknown, kind: JsonKind): number {
  if (kind === 'array') return (value as unknown[]).length;
  if (kind !== 'object') return 0;
  // Counting without Object.keys avoids allocating a key array per row.
  let count = 0;
  for (const key in value as object) if (Object.hasOwn(value as object, key)) count += 1;
  return count;
}

export function escapePointerToken(key: string | number): string {
  if (typeof key === 'number') return String(key);
  // Most keys have neither character; skip the two regex passes for them (this runs once per row).
  if (!key.includes('~') && !key.includes('/')) return key;
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function childPointer(parent: string, key: string | number): string {
  return `${parent}/${escapePointerToken(key)}`;
}

/** Pointers of every ancestor of a node, outermost first (the root '' included). */
export function ancestorPointers(pointer: string): string[] {
  if (pointer === '') return [];
  const tokens = pointer.split('/').slice(1);
  const ancestors = [''];
  let current = '';
  for (const token of tokens.slice(0, -1)) {
    current += `/${token}`;
    ancestors.push(current);
  }
  return ancestors;
}

function makeRow(
  id: string,
  depth: number,
  key: string | number | null,
  value: unknown,
  expanded: ReadonlySet<string> | undefined,
): JsonRow {
  const kind = kindOf(value);
  const size = sizeOf(value, kind);
  // Only a container with children can be open, so only then is the set asked: Chromium's V8 internalizes a string
  // looked up in a Set, so each lookup put the row's fresh pointer into the engine's string table (a hash probe per
  // row), and that table's growth rehashed it all within one step (~70 ms at 255 MB, bench/huge-body.ts).
  return { id, depth, key, value, kind, size, expanded: size > 0 && expanded !== undefined && expanded.has(id) };
}

/**
 * Whether `expanded` holds any pointer besides `parent` and its ancestors, i.e. whether a row below `parent` can be
 * open. Stops at the first such pointer, so it costs at most the depth of `parent` for any size of set.
 */
function opensBelow(parent: JsonRow, expanded: ReadonlySet<string>): boolean {
  for (const pointer of expanded) {
    if (pointer === parent.id || pointer === '' || parent.id.startsWith(`${pointer}/`)) continue;
    return true;
  }
  return false;
}

/** Calls `visit` for each child of a container, in order, without building an intermediate array of entries. */
export function forEachChild(value: unknown, visit: (key: string | number, child: unknown) => void): void {
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) visit(index, value[index]);
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) visit(key, record[key]);
  }
}

/** A walk that builds rows in steps: a page spreads a body's 138 000 rows over several tasks. */
export interface RowWalk {
  /** Rows so far, in document order. */
  readonly rows: JsonRow[];
  readonly done: boolean;
  /** Builds at most `budget` more rows; returns `done`. */
  step(budget: number): boolean;
}

/**
 * The rows under `parent` (and `parent` first, with `withParent`), given the set of expanded pointers, in document
 * order. Walks with an explicit stack (no recursion), so a body nested thousands deep and opened all the way cannot
 * exhaust the call stack; each level keeps its place by index, so a step can stop in the middle of 100 000 siblings.
 */
export function walkRows(parent: JsonRow, expanded: ReadonlySet<string>, withParent = false): RowWalk {
  const rows: JsonRow[] = withParent ? [parent] : [];
  // The whole tree with only the root open (a huge body's first rows) asks the set nothing per row.
  const lookup = opensBelow(parent, expanded) ? expanded : undefined;
  // Each entry is a container whose children are still to emit, its object keys, and where we are in them.
  const stack: { node: JsonRow; keys: string[] | undefined; next: number }[] = [];
  const enter = (node: JsonRow) => {
    if (!node.expanded) return;
    const keys = Array.isArray(node.value) ? undefined : Object.keys(node.value as object);
    stack.push({ node, keys, next: 0 });
  };
  enter(parent);
  return {
    rows,
    get done() {
      return stack.length === 0;
    },
    step(budget) {
      for (let made = 0; made < budget && stack.length > 0; ) {
        const top = stack[stack.length - 1]!;
        const { node, keys } = top;
        const count = keys ? keys.length : (node.value as unknown[]).length;
        if (top.next >= count) {
          stack.pop();
          continue;
        }
        const key = keys ? keys[top.next]! : top.next;
        top.next += 1;
        const child = (node.value as Record<string | number, unknown>)[key];
        const id = childPointer(node.id, key);
        const row = makeRow(id, node.depth + 1, key, child, lookup);
        rows.push(row);
        made += 1;
        enter(row);
      }
      return stack.length === 0;
    },
  };
}

function descendantRows(parent: JsonRow, expanded: ReadonlySet<string>): JsonRow[] {
  const walk = walkRows(parent, expanded);
  walk.step(Number.POSITIVE_INFINITY);
  return walk.rows;
}

/** All visible rows for a value given the set of expanded pointers. The root row comes first. */
export function flattenJson(value: unknown, expanded: ReadonlySet<string>): JsonRow[] {
  const walk = flattenJsonInSteps(value, expanded);
  walk.step(Number.POSITIVE_INFINITY);
  return walk.rows;
}

/** flattenJson, built `budget` rows at a time by the caller (its rows are the same, in the same order). */
export function flattenJsonInSteps(value: unknown, expanded: ReadonlySet<string>): RowWalk {
  return walkRows(makeRow('', 0, null, value, expanded), expanded, true);
}

/** Expands the row at `index` (its previously expanded descendants come back too). Returns a new array. */
export function expandRow(rows: readonly JsonRow[], index: number, expanded: ReadonlySet<string>): JsonRow[] {
  const row = rows[index];
  if (!row || row.expanded || row.size === 0) return rows as JsonRow[];
  const opened = { ...row, expanded: true };
  const children = descendantRows(opened, expanded);
  const next = rows.slice(0, index);
  next.push(opened);
  for (const child of children) next.push(child);
  for (let at = index + 1; at < rows.length; at += 1) next.push(rows[at] as JsonRow);
  return next;
}

/** The index after the last descendant of the row at `index`. */
export function subtreeEnd(rows: readonly JsonRow[], index: number): number {
  const depth = rows[index]?.depth ?? 0;
  let end = index + 1;
  while (end < rows.length && (rows[end] as JsonRow).depth > depth) end += 1;
  return end;
}

/** Collapses the row at `index`, removing its descendants. Returns a new array. */
export function collapseRow(rows: readonly JsonRow[], index: number): JsonRow[] {
  const row = rows[index];
  if (!row?.expanded) return rows as JsonRow[];
  const end = subtreeEnd(rows, index);
  const next = rows.slice(0, index);
  next.push({ ...row, expanded: false });
  for (let at = end; at < rows.length; at += 1) next.push(rows[at] as JsonRow);
  return next;
}

/**
 * Pointers to expand so the tree shows every node down to `depth` levels, without passing `maxRows` visible
 * rows (a 5 MB array fully expanded is hundreds of thousands of rows; the window stays smooth, but building
 * that many rows is not free).
 */
export function pointersToDepth(value: unknown, depth: number, maxRows = 200_000): Set<string> {
  const expanded = new Set<string>();
  let rows = 1;
  let level: { id: string; value: unknown }[] = [{ id: '', value }];
  for (let current = 0; current < depth && level.length > 0; current += 1) {
    const next: { id: string; value: unknown }[] = [];
    for (const node of level) {
      const kind = kindOf(node.value);
      const size = sizeOf(node.value, kind);
      if (size === 0) continue;
      if (rows + size > maxRows) return expanded;
      rows += size;
      expanded.add(node.id);
      forEachChild(node.value, (key, child) => {
        const childKind = kindOf(child);
        if (childKind === 'object' || childKind === 'array')
          next.push({ id: childPointer(node.id, key), value: child });
      });
    }
    level = next;
  }
  return expanded;
}

/** A search that runs in steps, so a page can spread a walk over a 5 MB body across several tasks. */
export interface StepwiseSearch<T> {
  /** Matches so far, in document order. */
  readonly found: T[];
  readonly done: boolean;
  /** Visits at most `budget` more items (nodes or characters); returns `done`. */
  step(budget: number): boolean;
}

/**
 * Finds nodes whose key or scalar value contains `query` (case-insensitive), in document order, at most `limit`
 * pointers. Walks the parsed value with an explicit stack (no recursion, no stringify of the body) and builds a
 * pointer only for hits.
 */
export function createJsonSearch(value: unknown, query: string, limit = 1000): StepwiseSearch<string> {
  const needle = query.toLowerCase();
  const found: string[] = [];
  const matches = (scalar: unknown) =>
    scalar === null ? 'null'.includes(needle) : String(scalar).toLowerCase().includes(needle);
  type Frame = { container: unknown; keys: string[] | null; index: number; length: number };
  const frameOf = (container: unknown): Frame => {
    if (Array.isArray(container)) return { container, keys: null, index: 0, length: container.length };
    const keys = Object.keys(container as object);
    return { container, keys, index: 0, length: keys.length };
  };
  const path: (string | number)[] = [];
  const pointer = (key: string | number) => [...path, key].map((token) => `/${escapePointerToken(token)}`).join('');
  const stack: Frame[] = [];
  let done = needle === '';
  if (!done) {
    if (value !== null && typeof value === 'object') stack.push(frameOf(value));
    else {
      if (matches(value)) found.push('');
      done = true;
    }
  }
  return {
    found,
    get done() {
      return done;
    },
    step(budget) {
      let visited = 0;
      while (!done && visited < budget) {
        const frame = stack[stack.length - 1];
        if (!frame || found.length >= limit) {
          done = true;
          break;
        }
        if (frame.index >= frame.length) {
          stack.pop();
          path.pop();
          continue;
        }
        visited += 1;
        const key: string | number = frame.keys ? (frame.keys[frame.index] as string) : frame.index;
        frame.index += 1;
        const child = frame.keys
          ? (frame.container as Record<string, unknown>)[key as string]
          : (frame.container as unknown[])[key as number];
        const isContainer = child !== null && typeof child === 'object';
        const keyHit = typeof key === 'string' && key.toLowerCase().includes(needle);
        if (keyHit || (!isContainer && matches(child))) found.push(pointer(key));
        if (isContainer) {
          path.push(key);
          stack.push(frameOf(child));
        }
      }
      return done;
    },
  };
}

/** All matches at once (tests, small bodies). */
export function findInJson(value: unknown, query: string, limit = 1000): string[] {
  const search = createJsonSearch(value, query, limit);
  search.step(Number.POSITIVE_INFINITY);
  return search.found;
}

function previewScalar(value: unknown): string {
  const kind = kindOf(value);
  if (kind === 'object') return '{…}';
  if (kind === 'array') return '[…]';
  return kind === 'string' ? JSON.stringify(value) : String(value);
}

/** A one-line preview of a value for a collapsed row: `{id: "a", name: "b", …}`, `["x", 2, …]`, `"text"`. */
export function previewJson(value: unknown, maxLength = 80): string {
  const kind = kindOf(value);
  if (kind === 'string') {
    const text = JSON.stringify(value);
    return text.length > maxLength ? `${text.slice(0, maxLength - 2)}…"` : text;
  }
  if (kind !== 'object' && kind !== 'array') return String(value);
  const parts: string[] = [];
  let length = 2;
  // Loops that stop early: a collapsed array of 100 000 items must not be walked to preview three.
  const add = (part: string) => {
    if (length + part.length + 2 > maxLength) {
      parts.push('…');
      return false;
    }
    parts.push(part);
    length += part.length + 2;
    return true;
  };
  if (kind === 'array') {
    const items = value as unknown[];
    for (let index = 0; index < items.length; index += 1) if (!add(previewScalar(items[index]))) break;
    return `[${parts.join(', ')}]`;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    if (!add(`${key}: ${previewScalar(record[key])}`)) break;
  }
  return `{${parts.join(', ')}}`;
}

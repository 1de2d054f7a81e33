/**
 * Builds a JSON value from text that arrives in pieces, so a viewer can show the first screen of a 100 MB body
 * from its first chunk and finish the rest in slices. The root container is built as its children arrive (a
 * root array gains items, a root object gains keys), so `root` is already a readable value after one chunk;
 * each child is cut out and handed to `JSON.parse` (native speed). A child container that is still open after
 * PROMOTE_CHARS is read again as a growing container itself (`{"data": [ …100 MB… ]}` streams `data`'s items),
 * so no single parse, and no buffered piece, grows with the body. Only a huge string stays one piece.
 *
 * What it holds: the value built so far and the text of the one child being read, never the whole text.
 */

/** A child container still open after this many characters is streamed instead of parsed whole. */
export const PROMOTE_CHARS = 256 * 1024;

/**
 * Containers are streamed this many levels deep at most; deeper ones are parsed whole. Each promotion reads its
 * text again, so without a bound a body nested 200,000 deep was read 200,000 times (37 s) and recursed as deep.
 */
export const MAX_STREAMED_DEPTH = 32;

export class JsonStreamError extends Error {
  /** Offset (in characters from the start of the text) where the problem was found. */
  readonly position: number;
  constructor(message: string, position: number) {
    super(`${message} (at character ${position.toLocaleString('en')})`);
    this.name = 'JsonStreamError';
    this.position = position;
  }
}

/**
 * Items of a streamed array read in one push, parsed together at its end (or before anything else joins the
 * array): one JSON.parse per push instead of one per item. Parsed one by one, a large body's items made V8's
 * scavenges of the young generation twice as long (in Chromium, 300,000 items: the longest 14–16 ms of CPU
 * against 4–9 ms batched), and on a busy machine those scavenges were the swap's only tasks over 50 ms
 * (bench/profile-swap.ts). Each text is a whole value as the scanner cut it, so joined by commas in brackets they
 * parse exactly as they would alone; when the batch fails, each is parsed alone to say where. A batch is at most
 * one push long, so its parse stays as short as the push (the body loader pushes 64 K characters at a time).
 */
interface ItemBatch {
  texts: string[];
  /** Absolute offset of each text's first character. */
  ats: number[];
}

type Frame =
  | { kind: 'array'; value: unknown[]; state: 'first' | 'value' | 'comma'; batch?: ItemBatch }
  | {
      kind: 'object';
      value: Record<string, unknown>;
      state: 'first' | 'key' | 'colon' | 'value' | 'comma';
      key: string;
    };

/** A value being cut out of the text: a string, a literal (number, true…) or a container parsed whole. */
interface Leaf {
  type: 'string' | 'literal' | 'container';
  role: 'key' | 'value';
  /** Absolute offset of its first character. */
  at: number;
  pieces: string[];
  length: number;
  depth: number;
  inString: boolean;
  escaped: boolean;
}

export interface JsonStreamBuilder {
  /** Appends the next piece of text and reads as far as it can. Throws JsonStreamError on invalid JSON. */
  push(text: string): void;
  /** Says the text is complete; returns the value. Throws JsonStreamError if it is invalid or cut short. */
  finish(): unknown;
  /** The value so far: the root container (growing), or undefined until it has started (or for a bare scalar). */
  readonly root: unknown;
  /** Characters read so far. */
  readonly offset: number;
  /** Values completed so far (children at every streamed level). */
  readonly values: number;
}

/** How many backslashes stand right before `at` (not looking before `from`): odd means `at` is escaped. */
function backslashesBefore(text: string, at: number, from: number): number {
  let index = at - 1;
  while (index >= from && text.charCodeAt(index) === 92) index -= 1;
  return at - 1 - index;
}

const isSpace = (code: number) => code === 32 || code === 10 || code === 13 || code === 9;
/** A literal (number, true, false, null) ends at one of these. */
const endsLiteral = (code: number) => isSpace(code) || code === 44 || code === 93 || code === 125;

/** Where JSON.parse's error says the problem is (V8 says `at position N`), relative to the text it parsed. */
function positionIn(error: unknown): number | undefined {
  const inner = /position (\d+)/.exec(error instanceof Error ? error.message : '');
  return inner ? Number(inner[1]) : undefined;
}

/** Sets a key the way JSON.parse does: `__proto__` becomes an own property, not the prototype. */
function defineKey(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

export function createJsonStreamBuilder(): JsonStreamBuilder {
  const frames: Frame[] = [];
  let root: unknown;
  let rootDone = false;
  let leaf: Leaf | undefined;
  let offset = 0;
  let values = 0;
  /** The next container opened is streamed (set when a leaf grew too large and is read again). */
  let streamNext = false;
  /**
   * The first error thrown. The reading state is left wherever the problem stopped it, so text pushed after it
   * would be read from a wrong place (`[x` then `1]` finished as [1]): the text is invalid whatever follows.
   */
  let failed: unknown;

  const fail = (message: string, position: number): never => {
    throw new JsonStreamError(message, position);
  };

  /** A value read outside any array: the root, or an object's key or member (an array's items wait in its batch). */
  const deliver = (value: unknown, role: Leaf['role'], frame: Extract<Frame, { kind: 'object' }> | undefined) => {
    values += 1;
    if (!frame) {
      root = value;
      rootDone = true;
      return;
    }
    if (role === 'key') {
      frame.key = value as string;
      frame.state = 'colon';
    } else {
      defineKey(frame.value, frame.key, value);
      frame.state = 'comma';
    }
  };

  const parseAt = (text: string, at: number): unknown => {
    try {
      return JSON.parse(text);
    } catch (error) {
      return fail('Invalid JSON', at + (positionIn(error) ?? 0));
    }
  };

  /** Parses an array's waiting items and appends them, in order. */
  const flushBatch = (frame: Frame | undefined) => {
    if (frame?.kind !== 'array' || !frame.batch) return;
    const { texts, ats } = frame.batch;
    frame.batch = undefined;
    let items: unknown[];
    try {
      items = JSON.parse(`[${texts.join(',')}]`) as unknown[];
    } catch {
      // Parsed alone, the first invalid item says where. The items before it join the array as they did when each
      // was parsed alone, so `root` after the failed push holds every value read before the problem; and when
      // every item parses alone (the joined text was what failed), none is refused.
      for (let index = 0; index < texts.length; index += 1) {
        frame.value.push(parseAt(texts[index] as string, ats[index] as number));
        values += 1;
      }
      return;
    }
    for (const item of items) frame.value.push(item);
    values += items.length;
  };

  const completeLeaf = (current: Leaf, tail: string) => {
    const text = current.pieces.length === 0 ? tail : current.pieces.join('') + tail;
    leaf = undefined;
    const frame = frames[frames.length - 1];
    if (frame?.kind === 'array' && current.pieces.length > 0) {
      // A value that came in several pieces can be huge (a 100 MB string): joined to the batch's next items it was
      // copied once more (100 ms and 100 MB for 100 M characters). Parsed alone, it is one parse of its own push.
      flushBatch(frame);
      frame.value.push(parseAt(text, current.at));
      values += 1;
      frame.state = 'comma';
      return;
    }
    if (frame?.kind === 'array') {
      frame.batch ??= { texts: [], ats: [] };
      frame.batch.texts.push(text);
      frame.batch.ats.push(current.at);
      frame.state = 'comma';
      return;
    }
    deliver(parseAt(text, current.at), current.role, frame);
  };

  const openContainer = (code: number) => {
    const frame: Frame =
      code === 123
        ? { kind: 'object', value: {}, state: 'first', key: '' }
        : { kind: 'array', value: [], state: 'first' };
    const parent = frames[frames.length - 1];
    // Items waiting in the parent come before this container.
    flushBatch(parent);
    if (!parent) root = frame.value;
    else if (parent.kind === 'array') parent.value.push(frame.value);
    else defineKey(parent.value, parent.key, frame.value);
    if (parent) parent.state = 'comma';
    frames.push(frame);
    if (parent) values += 1;
  };

  const closeContainer = (code: number, at: number) => {
    const frame = frames[frames.length - 1] as Frame;
    const expected = frame.kind === 'array' ? 93 : 125;
    if (code !== expected) fail(`Expected ${frame.kind === 'array' ? ']' : '}'}`, at);
    if (frame.state === 'value' || frame.state === 'key' || frame.state === 'colon')
      fail('Expected a value before the end of the container', at);
    flushBatch(frame);
    frames.pop();
    if (frames.length === 0) rootDone = true;
  };

  /**
   * Reads the open leaf in `text` from `from` (its text in this piece starts at `start`); returns where it
   * stopped: past its last character, or text.length when it needs the next piece.
   */
  const continueLeaf = (current: Leaf, text: string, from: number, start: number): number => {
    let index = from;
    if (current.type === 'literal') {
      while (index < text.length && !endsLiteral(text.charCodeAt(index))) index += 1;
      if (index < text.length) completeLeaf(current, text.slice(start, index));
      return index;
    }
    let { depth, inString, escaped } = current;
    if (escaped && index < text.length) {
      // The backslash ended the previous piece: this character is the escaped one.
      escaped = false;
      index += 1;
    }
    while (index < text.length) {
      if (inString) {
        // Most of a body is inside strings: jump to the closing quote rather than walk to it.
        let quote = text.indexOf('"', index);
        while (quote >= 0 && backslashesBefore(text, quote, index) % 2 === 1) quote = text.indexOf('"', quote + 1);
        if (quote < 0) {
          escaped = backslashesBefore(text, text.length, index) % 2 === 1;
          index = text.length;
          break;
        }
        inString = false;
        index = quote + 1;
        if (current.type === 'string') {
          completeLeaf(current, text.slice(start, index));
          return index;
        }
        continue;
      }
      const code = text.charCodeAt(index);
      index += 1;
      if (code === 34) inString = true;
      else if (code === 123 || code === 91) depth += 1;
      else if (code === 125 || code === 93) {
        depth -= 1;
        if (depth === 0) {
          completeLeaf(current, text.slice(start, index));
          return index;
        }
      }
    }
    current.depth = depth;
    current.inString = inString;
    current.escaped = escaped;
    return index;
  };

  const startLeaf = (code: number, role: Leaf['role'], at: number): Leaf => {
    const type = code === 34 ? 'string' : code === 123 || code === 91 ? 'container' : 'literal';
    if (
      type === 'literal' &&
      !(code === 45 || (code >= 48 && code <= 57) || code === 116 || code === 102 || code === 110)
    )
      fail(`Unexpected character ${JSON.stringify(String.fromCharCode(code))}`, at);
    // The first character is consumed here: a container starts at depth 1, a string is inside its quotes.
    return { type, role, at, pieces: [], length: 0, depth: 1, inString: type === 'string', escaped: false };
  };

  /** A leaf still open at the end of a piece keeps its text, or is read again as a streamed container. */
  const holdLeaf = (current: Leaf, text: string, start: number) => {
    current.pieces.push(text.slice(start));
    current.length += text.length - start;
    if (current.type !== 'container' || current.role !== 'value' || current.length <= PROMOTE_CHARS) return;
    if (frames.length >= MAX_STREAMED_DEPTH) return;
    const again = current.pieces.join('');
    leaf = undefined;
    streamNext = true;
    read(again, current.at);
  };

  /** Reads `text` (which starts at absolute offset `base`) as far as the structure allows. */
  const read = (text: string, base: number): void => {
    let index = 0;
    if (leaf) {
      const current = leaf;
      index = continueLeaf(current, text, 0, 0);
      if (leaf === current) {
        holdLeaf(current, text, 0);
        return;
      }
    }
    while (index < text.length) {
      const code = text.charCodeAt(index);
      if (isSpace(code)) {
        index += 1;
        continue;
      }
      const at = base + index;
      if (rootDone) fail('Unexpected text after the end of the JSON', at);
      const frame = frames[frames.length - 1];
      if (frame?.state === 'comma') {
        if (code === 44) frame.state = frame.kind === 'array' ? 'value' : 'key';
        else closeContainer(code, at);
        index += 1;
        continue;
      }
      if (frame?.state === 'colon') {
        if (code !== 58) fail('Expected “:” after a key', at);
        frame.state = 'value';
        index += 1;
        continue;
      }
      if (frame?.state === 'first' && (code === 93 || code === 125)) {
        closeContainer(code, at);
        index += 1;
        continue;
      }
      const role: Leaf['role'] =
        frame?.kind === 'object' && (frame.state === 'first' || frame.state === 'key') ? 'key' : 'value';
      if (role === 'key' && code !== 34) fail('Expected a key in double quotes', at);
      // The root, and a container read again after growing too large, are built as they arrive.
      if (role === 'value' && (code === 123 || code === 91) && (!frame || streamNext)) {
        streamNext = false;
        openContainer(code);
        index += 1;
        continue;
      }
      const current = startLeaf(code, role, at);
      leaf = current;
      const stop = continueLeaf(current, text, index + 1, index);
      if (leaf === current) {
        holdLeaf(current, text, index);
        return;
      }
      index = stop;
    }
  };

  return {
    push(text) {
      if (failed) throw failed;
      if (text === '') return;
      const base = offset;
      offset += text.length;
      try {
        try {
          read(text, base);
        } finally {
          // `root` holds every value read so far after each push (the first screen is drawn from it). An invalid
          // waiting item throws here, at its own place, which comes before any problem read after it.
          for (const frame of frames) flushBatch(frame);
        }
      } catch (error) {
        failed = error;
        throw error;
      }
    },
    finish() {
      if (failed) throw failed;
      try {
        if (leaf?.type === 'literal') completeLeaf(leaf, '');
        for (const frame of frames) flushBatch(frame);
        if (leaf && leaf.length <= PROMOTE_CHARS) {
          // A child still open at the end may be complete text whose quotes the scanner paired wrongly from a bad
          // character on (`[["a" b", 1], 2]` reads `" b"` as a string and never closes): JSON.parse finds that
          // character, where "ends before it is complete" would point at the end. Bounded so the check stays short:
          // a longer child still open (a huge string, or a container too deep to stream) is reported as before.
          let inner: number | undefined;
          try {
            JSON.parse(leaf.pieces.join(''));
          } catch (error) {
            inner = positionIn(error);
          }
          if (inner !== undefined && inner < leaf.length) fail('Invalid JSON', leaf.at + inner);
        }
        if (leaf || frames.length > 0 || !rootDone) fail('The JSON ends before it is complete', offset);
      } catch (error) {
        failed = error;
        throw error;
      }
      return root;
    },
    get root() {
      return root;
    },
    get offset() {
      return offset;
    },
    get values() {
      return values;
    },
  };
}

import { KeyholeError } from '../../../core/errors.ts';
import type { BodyEnd } from '../../../core/protocol.ts';
import { type ChunkedText, chunkedText } from '../../../core/workbench/chunked-text.ts';
import { flattenJsonInSteps, type JsonRow } from '../../../core/workbench/json-lines.ts';
import { createJsonStreamBuilder, type JsonStreamBuilder } from '../../../core/workbench/json-stream-builder.ts';
import type { BodyStream } from '../../../ui/body-stream.ts';
import { createStore, type Store } from '../store.ts';

/**
 * Reads a streamed response body as it arrives, so the viewer's first screen comes from the first chunk
 * whatever the body's size. JSON is built as it comes (src/core/workbench/json-stream-builder.ts), in slices of
 * a few milliseconds between which the page paints and answers input. The bytes go into a Blob as they arrive
 * (the browser keeps a Blob's data outside the page's heap) and Save writes that Blob, so the page never holds a
 * second copy of the body for it: the page holds the text once, as decoded pieces joined into groups of 4 MB
 * and never into one string (src/core/workbench/chunked-text.ts: the last join of 100 MB was one task of 70 ms
 * on a quiet machine, over a second at 256 MB on a loaded one).
 */

export interface ReceivingState {
  /** Bytes received so far. */
  bytes: number;
  /** JSON: the value built so far (its root grows as children arrive), and how many values it holds. */
  json?: { root: unknown; values: number };
  /** The first characters, for a first screen of text that is not JSON. */
  head: string;
  /** Why the body is not shown as JSON although it looked like it. */
  jsonError?: string;
}

export interface LoadedBody {
  /** The whole text, in pieces of about GROUP_CHARS (never joined: see chunked-text.ts). */
  text: ChunkedText;
  /** The body's bytes as received: what Save writes. */
  blob: Blob;
  /** The parsed JSON, when the body is valid JSON. */
  value?: unknown;
  /**
   * The whole tree's first rows (the root open), built in slices here: built at once by the tree, 138 000 rows of a
   * 100 MB body were one task of over 100 ms. For `value` only (JsonTree checks the root row's value).
   */
  rows?: JsonRow[];
  jsonError?: string;
  end: BodyEnd;
}

export interface BodyLoad {
  progress: Store<ReceivingState>;
  /** Settles once the whole body has arrived and been built; rejects with the error that cut it. */
  finished: Promise<LoadedBody>;
  /** Stops receiving; `finished` rejects as cancelled. */
  cancel(): void;
  /** Called by the viewer once its first screen is on screen: reading goes on from there. */
  shown(): void;
}

export interface BodyLoadOptions {
  contentType: string;
  /** Called on cancel, to stop the call upstream as well. */
  onCancel?: () => void;
  /** Longest stretch of work before the page gets a turn. */
  sliceMs?: number;
  /** How the page gets its turn (a macrotask, so it can paint and handle input). */
  yieldToPage?: () => Promise<void>;
  /** Longest wait for the viewer to say the first screen is shown (none may be mounted: another tab is open). */
  firstScreenWaitMs?: number;
}

/** Enough text for a first screen of raw text. */
const HEAD_CHARS = 128 * 1024;
/**
 * What the first screen waits for (or the body's end, or PUBLISH_MS): a screenful of rows. The first chunk can be
 * a few hundred bytes (the first network read after the headers), and the receiving view keeps the rows it first
 * showed, so a first screen made from it would show the root and half an item until the whole body is in.
 */
const FIRST_SCREEN_BYTES = 16 * 1024;
/**
 * Bytes taken from a chunk at once. A stream's chunks can be megabytes (Firefox's fetch hands over all it has
 * buffered: 10 MB chunks for a 20 MB body); the first screen must not wait for a whole one to be decoded and built.
 */
const READ_PIECE_BYTES = 64 * 1024;
/**
 * Decoded text joined into one string as it arrives, this much at a time: the whole text is then a few dozen
 * strings instead of a thousand pieces (each join of a group is a few milliseconds).
 */
const GROUP_CHARS = 4 * 1024 * 1024;
/**
 * Rows of the whole tree built per step: well under a millisecond on a small heap. Near the 256 MB cap the page's
 * heap is past half a gigabyte and V8 marks it as the page allocates: 2 000 rows then took 10–13 ms a step.
 */
const ROWS_PER_STEP = 500;
/** Text handed to the JSON builder at once: a few milliseconds of work. */
const PIECE_CHARS = 64 * 1024;
/** Received bytes kept in the page before they join the Blob. */
const BLOB_FLUSH_BYTES = 4 * 1024 * 1024;
const SLICE_MS = 8;
/** How often the view learns how much has arrived. */
const PUBLISH_MS = 100;
const FIRST_SCREEN_WAIT_MS = 1000;

function yieldByMessage(): Promise<void> {
  // A message is a macrotask that is not clamped like nested timers (4 ms each after five).
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

function looksLikeJson(contentType: string, first: string): boolean {
  return /json/i.test(contentType) || first === '{' || first === '[';
}

export function startBodyLoad(stream: BodyStream, options: BodyLoadOptions): BodyLoad {
  const sliceMs = options.sliceMs ?? SLICE_MS;
  const yieldToPage = options.yieldToPage ?? yieldByMessage;
  const type = options.contentType || 'text/plain';
  const progress = createStore<ReceivingState>({ bytes: 0, head: '' });
  const reader = stream.body.getReader();
  let cancelled = false;
  let markShown: () => void = () => undefined;
  const firstScreenShown = new Promise<void>((resolve) => {
    markShown = resolve;
  });

  let bytes = 0;
  let head = '';
  /** The text as decoded, piece by piece, joined into groups of GROUP_CHARS. */
  let pieces: string[] = [];
  let piecesChars = 0;
  let groups: string[] = [];
  let builder: JsonStreamBuilder | undefined;
  let decided = false;
  /** Leading white space, held until the first visible character says whether this is JSON. */
  let waiting = '';
  // Counted from the start: the first chunk alone is shown only when it fills a screen, or once PUBLISH_MS passed.
  let publishedAt = performance.now();
  let shortScreenTimer: ReturnType<typeof setTimeout> | undefined;
  let jsonError: string | undefined;
  let blob = new Blob([], { type });
  let pending: Uint8Array<ArrayBuffer>[] = [];
  let pendingBytes = 0;
  let sliceStart = performance.now();

  const publish = () => {
    publishedAt = performance.now();
    const state: ReceivingState = { bytes, head };
    if (builder && builder.root !== undefined) state.json = { root: builder.root, values: builder.values };
    if (jsonError) state.jsonError = jsonError;
    progress.set(state);
  };

  const flushBlob = () => {
    if (pending.length === 0) return;
    blob = new Blob([blob, ...pending], { type });
    pending = [];
    pendingBytes = 0;
  };

  /** Gives the page a turn once this slice has run long enough. */
  const pace = async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    // The count a few times a second: each publication re-renders the view, which a slice need not pay for.
    if (performance.now() - publishedAt > PUBLISH_MS) publish();
    await yieldToPage();
    sliceStart = performance.now();
    if (cancelled) throw cancelledError();
  };

  const cancelledError = () =>
    new KeyholeError('cancelled', `Cancelled while receiving the body (${bytes.toLocaleString('en')} bytes received).`);

  const waitForFirstScreen = async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      firstScreenShown,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, options.firstScreenWaitMs ?? FIRST_SCREEN_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
    sliceStart = performance.now();
    if (cancelled) throw cancelledError();
  };

  const feed = async (text: string) => {
    if (text !== '') {
      pieces.push(text);
      piecesChars += text.length;
      if (piecesChars >= GROUP_CHARS) {
        groups.push(pieces.join(''));
        pieces = [];
        piecesChars = 0;
      }
    }
    if (head.length < HEAD_CHARS) head += text.slice(0, HEAD_CHARS - head.length);
    if (!decided) {
      waiting += text;
      const first = waiting.trimStart()[0];
      if (first === undefined) return;
      decided = true;
      text = waiting;
      waiting = '';
      if (looksLikeJson(options.contentType, first)) builder = createJsonStreamBuilder();
    }
    if (!builder) return;
    for (let at = 0; at < text.length && builder; at += PIECE_CHARS) {
      try {
        builder.push(text.slice(at, at + PIECE_CHARS));
      } catch (error) {
        jsonError = error instanceof Error ? error.message : String(error);
        builder = undefined;
      }
      await pace();
    }
  };

  const run = async (): Promise<LoadedBody> => {
    const decoder = new TextDecoder();
    /** What is left of a chunk larger than READ_PIECE_BYTES. */
    let rest: Uint8Array<ArrayBuffer> | undefined;
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = rest ? { done: false, value: rest } : await reader.read();
      } catch (error) {
        if (cancelled) throw cancelledError();
        // The worker cut the body (size cap, timeout, network): its end says why.
        await stream.end();
        throw new KeyholeError(
          'network',
          `The body stopped arriving: ${error instanceof Error ? error.message : error}`,
        );
      }
      if (cancelled) throw cancelledError();
      if (chunk.done) break;
      let data = chunk.value as Uint8Array<ArrayBuffer>;
      rest = data.byteLength > READ_PIECE_BYTES ? data.subarray(READ_PIECE_BYTES) : undefined;
      if (rest) data = data.subarray(0, READ_PIECE_BYTES);
      bytes += data.byteLength;
      pending.push(data);
      pendingBytes += data.byteLength;
      if (pendingBytes >= BLOB_FLUSH_BYTES) flushBlob();
      const shown = progress.get();
      await feed(decoder.decode(data, { stream: true }));
      // The first screen as soon as a screenful has arrived; then the count, a few times a second.
      const firstScreen =
        shown.json === undefined &&
        shown.head === '' &&
        (builder?.root !== undefined || head !== '') &&
        bytes >= FIRST_SCREEN_BYTES;
      if (firstScreen || performance.now() - publishedAt > PUBLISH_MS) publish();
      // A first chunk too small for a screen is shown anyway if nothing more comes soon (a slow server).
      else if (shown.json === undefined && shown.head === '' && !shortScreenTimer)
        shortScreenTimer = setTimeout(() => {
          if (!cancelled && progress.get() === shown) publish();
        }, PUBLISH_MS);
      // The first screen first: nothing else is read (so neither the worker nor the server sends more) until the
      // viewer has painted it, which keeps its time the same whatever the body's size.
      if (firstScreen) await waitForFirstScreen();
      await pace();
    }
    clearTimeout(shortScreenTimer);
    await feed(decoder.decode());
    flushBlob();
    const end = await stream.end();
    let value: unknown;
    if (builder) {
      try {
        value = builder.finish();
      } catch (error) {
        jsonError = error instanceof Error ? error.message : String(error);
        builder = undefined;
      }
    }
    let rows: JsonRow[] | undefined;
    if (builder && typeof value === 'object' && value !== null) {
      const walk = flattenJsonInSteps(value, new Set(['']));
      while (!walk.step(ROWS_PER_STEP)) await pace();
      rows = walk.rows;
    }
    publish();
    const loaded: LoadedBody = { text: chunkedText([...groups, pieces.join('')]), blob, end };
    pieces = [];
    groups = [];
    if (builder) loaded.value = value;
    if (rows) loaded.rows = rows;
    if (jsonError) loaded.jsonError = jsonError;
    return loaded;
  };

  const finished = run();
  // The viewer may not be listening yet when it fails: the workbench reads the outcome.
  finished.catch(() => undefined);
  return {
    progress,
    finished,
    cancel() {
      if (cancelled) return;
      cancelled = true;
      markShown();
      reader.cancel().catch(() => undefined);
      options.onCancel?.();
    },
    shown: () => markShown(),
  };
}

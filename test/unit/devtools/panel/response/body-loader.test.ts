import { describe, expect, it, vi } from 'vitest';
import { KeyholeError } from '../../../../../src/core/errors.ts';
import type { BodyEnd } from '../../../../../src/core/protocol.ts';
import { joinText } from '../../../../../src/core/workbench/chunked-text.ts';
import { flattenJson } from '../../../../../src/core/workbench/json-lines.ts';
import { startBodyLoad } from '../../../../../src/devtools/panel/response/body-loader.ts';
import type { BodyStream } from '../../../../../src/ui/body-stream.ts';

const encoder = new TextEncoder();

/** A body stream the test feeds chunk by chunk, with the end the worker would report. */
function controlledStream(end: () => Promise<BodyEnd> = async () => ({ size: 0, truncated: false, durationMs: 5 })) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  const stream: BodyStream = { body, end };
  return {
    stream,
    push: (bytes: Uint8Array) => controller.enqueue(bytes),
    close: () => controller.close(),
    controller,
  };
}

type Load = ReturnType<typeof startBodyLoad>;
type State = ReturnType<Load['progress']['get']>;

/** Waits until the loader has published a state that passes `ready`, and returns it. */
function until(load: Load, ready: (state: State) => unknown): Promise<State> {
  return vi.waitFor(() => {
    const state = load.progress.get();
    if (!ready(state)) throw new Error('not yet');
    return state;
  });
}

const ITEMS = Array.from({ length: 5000 }, (_, index) => ({ id: `app_${index}`, name: `load-test-${index}`, é: 'ü' }));
const JSON_TEXT = JSON.stringify(ITEMS);

describe('startBodyLoad', () => {
  it('shows the JSON that has arrived before the body ends, then the whole value, text and bytes', async () => {
    const bytes = encoder.encode(JSON_TEXT);
    const { stream, push, close } = controlledStream(async () => ({
      size: bytes.byteLength,
      truncated: false,
      durationMs: 42,
    }));
    const load = startBodyLoad(stream, { contentType: 'application/json' });
    push(bytes.slice(0, 20_000));
    // The first screen: the root array with the items of the first chunk, while the rest has not come.
    const first = await until(load, (state) => state.json && (state.json.root as unknown[]).length > 10);
    expect((first.json?.root as unknown[] | undefined)?.[0]).toEqual(ITEMS[0]);
    expect(first.bytes).toBe(20_000);
    load.shown();
    // The rest, cut inside a two-byte character to check the decoding across chunks.
    const cut = JSON_TEXT.indexOf('ü', 30_000) + 1;
    const cutBytes = encoder.encode(JSON_TEXT.slice(0, cut)).byteLength - 1;
    push(bytes.slice(20_000, cutBytes));
    push(bytes.slice(cutBytes));
    close();
    const loaded = await load.finished;
    expect(loaded.jsonError).toBeUndefined();
    expect(loaded.value).toEqual(ITEMS);
    expect(joinText(loaded.text)).toBe(JSON_TEXT);
    expect(loaded.blob.size).toBe(bytes.byteLength);
    expect(new Uint8Array(await loaded.blob.arrayBuffer())).toEqual(bytes);
    expect(loaded.end).toEqual({ size: bytes.byteLength, truncated: false, durationMs: 42 });
  });

  it('takes a chunk of megabytes a piece at a time, and builds the whole tree’s first rows in slices', async () => {
    const many = Array.from({ length: 60_000 }, (_, index) => ({ id: index, name: `item-${index}` }));
    const text = JSON.stringify(many);
    const bytes = encoder.encode(text);
    expect(bytes.byteLength).toBeGreaterThan(1_500_000);
    const { stream, push, close } = controlledStream(async () => ({
      size: bytes.byteLength,
      truncated: false,
      durationMs: 1,
    }));
    let turns = 0;
    const load = startBodyLoad(stream, {
      contentType: 'application/json',
      sliceMs: 0,
      yieldToPage: async () => {
        turns += 1;
      },
    });
    // One chunk of everything, as Firefox's fetch hands over what it has buffered: the first screen comes from its
    // first piece, not after the whole chunk was built.
    push(bytes);
    const first = await until(load, (state) => state.json);
    expect(first.bytes).toBeLessThan(bytes.byteLength);
    load.shown();
    close();
    const loaded = await load.finished;
    expect(joinText(loaded.text)).toBe(text);
    expect(loaded.rows).toEqual(flattenJson(many, new Set([''])));
    // Slices: the 60 001 rows alone took 120 turns at 500 a step.
    expect(turns).toBeGreaterThan(120);
  });

  it('reads nothing past the first screen until the viewer says it is shown', async () => {
    const { stream, push, close } = controlledStream();
    const load = startBodyLoad(stream, { contentType: 'application/json', firstScreenWaitMs: 60_000 });
    const bytes = encoder.encode(JSON_TEXT);
    push(bytes.slice(0, 20_000));
    push(bytes.slice(20_000));
    close();
    await until(load, (state) => state.json);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(load.progress.get().bytes).toBe(20_000);
    load.shown();
    expect((await load.finished).value).toEqual(ITEMS);
  });

  it('does not make its first screen of a first chunk too small to fill one (the view keeps those rows)', async () => {
    const { stream, push, close } = controlledStream();
    const load = startBodyLoad(stream, { contentType: 'application/json', firstScreenWaitMs: 60_000 });
    const screens: State[] = [];
    load.progress.subscribe((state) => {
      if (state.json) screens.push(state);
    });
    const bytes = encoder.encode(JSON_TEXT);
    // The first network read after the headers: the root and half an item.
    push(bytes.slice(0, 40));
    push(bytes.slice(40, 30_000));
    await until(load, (state) => state.json);
    expect(screens[0]?.bytes).toBe(30_000);
    expect((screens[0]?.json?.root as unknown[] | undefined)?.length).toBeGreaterThan(100);
    load.shown();
    push(bytes.slice(30_000));
    close();
    expect((await load.finished).value).toEqual(ITEMS);
  });

  it('shows a first chunk too small for a screen when nothing more comes soon', async () => {
    const { stream, push, close } = controlledStream();
    const load = startBodyLoad(stream, { contentType: 'application/json', firstScreenWaitMs: 0 });
    push(encoder.encode('[{"id":"app_0"},{"id":"ap'));
    const state = await until(load, (current) => current.json);
    expect(state.json?.root).toEqual([{ id: 'app_0' }]);
    push(encoder.encode('p_1"}]'));
    close();
    expect((await load.finished).value).toEqual([{ id: 'app_0' }, { id: 'app_1' }]);
  });

  it('works in slices: the page gets a turn between them', async () => {
    const { stream, push, close } = controlledStream();
    const turns = vi.fn(() => Promise.resolve());
    const load = startBodyLoad(stream, {
      contentType: 'application/json',
      sliceMs: 0,
      yieldToPage: turns,
      firstScreenWaitMs: 0,
    });
    const bytes = encoder.encode(JSON_TEXT);
    for (let at = 0; at < bytes.byteLength; at += 4096) push(bytes.slice(at, at + 4096));
    close();
    await load.finished;
    expect(turns.mock.calls.length).toBeGreaterThanOrEqual(Math.floor(bytes.byteLength / 4096));
  });

  it('text that is not JSON: the first screen is its beginning, and no JSON is built', async () => {
    const { stream, push, close } = controlledStream();
    const load = startBodyLoad(stream, { contentType: 'text/plain', firstScreenWaitMs: 0 });
    push(encoder.encode('   line one\nline two\n'));
    const state = await until(load, (current) => current.head !== '');
    expect(state.head).toBe('   line one\nline two\n');
    expect(state.json).toBeUndefined();
    close();
    const loaded = await load.finished;
    expect(loaded.value).toBeUndefined();
    expect(joinText(loaded.text)).toBe('   line one\nline two\n');
  });

  it('keeps a large text in pieces of about 4 MB, never joined into one string', async () => {
    const { stream, push, close } = controlledStream();
    const load = startBodyLoad(stream, { contentType: 'text/plain', firstScreenWaitMs: 0 });
    const line = `${'x'.repeat(1023)}\n`;
    const piece = encoder.encode(line.repeat(256)); // 256 KB
    for (let count = 0; count < 36; count += 1) push(piece); // 9 MB
    close();
    const loaded = await load.finished;
    expect(loaded.text.length).toBe(9 * 1024 * 1024);
    expect(loaded.text.chunks.map((chunk) => chunk.length)).toEqual([4, 4, 1].map((mb) => mb * 1024 * 1024));
    expect(loaded.text.chunks.every((chunk) => chunk === line.repeat(chunk.length / 1024))).toBe(true);
  });

  it('invalid JSON: says why and where, and keeps the text', async () => {
    const { stream, push, close } = controlledStream();
    const load = startBodyLoad(stream, { contentType: 'application/json', firstScreenWaitMs: 0 });
    push(encoder.encode('[{"a":1},{"b" 2}]'));
    close();
    const loaded = await load.finished;
    expect(loaded.value).toBeUndefined();
    expect(loaded.jsonError).toMatch(/Invalid JSON \(at character 14\)/);
    expect(joinText(loaded.text)).toBe('[{"a":1},{"b" 2}]');
  });

  it('a body cut by the worker rejects with the error its end reports', async () => {
    const { stream, push, controller } = controlledStream(async () => {
      throw new KeyholeError('too-large', 'The body passed the 50 MB cap.');
    });
    const load = startBodyLoad(stream, { contentType: 'application/json' });
    push(encoder.encode('[1,2,'));
    controller.error(new TypeError('network error'));
    await expect(load.finished).rejects.toMatchObject({ code: 'too-large' });
  });

  it('cancel stops reading, asks for the call to stop upstream, and says how much had arrived', async () => {
    const { stream, push } = controlledStream();
    const onCancel = vi.fn();
    const load = startBodyLoad(stream, { contentType: 'application/json', onCancel });
    push(encoder.encode('[1,2,3,'));
    await until(load, (state) => state.json);
    load.cancel();
    await expect(load.finished).rejects.toMatchObject({ code: 'cancelled', message: /7 bytes received/ });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

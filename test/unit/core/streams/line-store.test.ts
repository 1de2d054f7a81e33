import { describe, expect, it } from 'vitest';
import { LineStore, RateMeter } from '../../../../src/core/streams/line-store.ts';
import type { LogLine } from '../../../../src/core/streams/log-line.ts';

const line = (n: number, text = `line ${n}`, severity: LogLine['severity'] = 'info'): LogLine => ({
  n,
  severity,
  event: 'APPLICATION_LOG',
  text,
  raw: `{"message":"${text}"}`,
});

/** Applies a pending filter to the end, as the view does one step per task. */
function settle(store: LineStore): void {
  while (!store.filterStep(2)) {
    // one step per iteration
  }
}

describe('LineStore', () => {
  it('filters as you type, case-insensitively, and keeps the filter for lines that arrive later', () => {
    const store = new LineStore();
    store.append([line(0, 'GET /health'), line(1, 'POST /login'), line(2, 'get /items')]);
    store.setFilter({ text: 'get' });
    settle(store);
    expect(store.visible().map((l) => l.n)).toEqual([0, 2]);
    store.append([line(3, 'GET /x'), line(4, 'DELETE /y')]);
    expect(store.visible().map((l) => l.n)).toEqual([0, 2, 3]);
    store.setFilter({ text: '' });
    expect(store.visible()).toHaveLength(5);
  });

  it('finds the lines of a severity by its name too', () => {
    const store = new LineStore();
    store.append([line(0, 'request failed', 'error'), line(1, 'fine', 'info')]);
    store.setFilter({ text: 'Error' });
    settle(store);
    expect(store.visible().map((l) => l.n)).toEqual([0]);
  });

  it('filters by severity', () => {
    const store = new LineStore();
    store.append([line(0, 'a', 'error'), line(1, 'b', 'info'), line(2, 'c', 'warn')]);
    store.setFilter({ text: '', severities: new Set(['error', 'warn']) });
    settle(store);
    expect(store.visible().map((l) => l.n)).toEqual([0, 2]);
  });

  it('caps memory: drops the oldest lines in a chunk, counts them, and keeps the filtered list consistent', () => {
    const store = new LineStore({ maxLines: 100, maxChars: 1_000_000 });
    store.setFilter({ text: '1' });
    store.append(Array.from({ length: 150 }, (_, n) => line(n)));
    expect(store.all().length).toBeLessThanOrEqual(100);
    expect(store.dropped + store.all().length).toBe(150);
    expect(store.received).toBe(150);
    expect(store.all()[0]!.n).toBe(store.dropped);
    expect(store.visible().every((l) => l.n >= store.dropped && l.text.includes('1'))).toBe(true);
    expect(store.visible().at(-1)!.n).toBe(149);
  });

  it('applies a filter in steps: lines arriving meanwhile come after, a narrowing filter goes through the shown ones', () => {
    const store = new LineStore();
    store.append(Array.from({ length: 10 }, (_, n) => line(n, n % 2 ? `odd ${n}` : `even ${n}`)));
    store.setFilter({ text: 'odd' });
    expect(store.filterStep(4)).toBe(false);
    expect(store.filtering()).toBe(true);
    expect(store.filterProgress()).toBeCloseTo(0.4);
    store.append([line(10, 'odd 10'), line(11, 'even 11')]);
    expect(store.filterStep(100)).toBe(true);
    expect(store.visible().map((l) => l.n)).toEqual([1, 3, 5, 7, 9, 10]);
    store.setFilter({ text: 'odd 1' });
    // Narrowing: only the 6 lines shown are gone through.
    expect(store.filterStep(6)).toBe(true);
    expect(store.visible().map((l) => l.n)).toEqual([1, 10]);
  });

  it('caps by characters too', () => {
    const store = new LineStore({ maxLines: 1000, maxChars: 500 });
    store.append(Array.from({ length: 100 }, (_, n) => line(n)));
    const kept = store.all().reduce((sum, l) => sum + l.raw.length, 0);
    expect(kept).toBeLessThanOrEqual(500);
    expect(store.all().at(-1)!.n).toBe(99);
  });

  it('counts the visible lines up to a position (Pause freezes the view there)', () => {
    const store = new LineStore();
    store.append([line(0), line(1), line(2), line(3)]);
    store.setFilter({ text: '', severities: new Set(['info']) });
    settle(store);
    expect(store.visibleUpTo(1)).toBe(2);
    expect(store.visibleUpTo(-1)).toBe(0);
    expect(store.visibleUpTo(99)).toBe(4);
  });
});

describe('RateMeter', () => {
  it('reports lines per second over its window', () => {
    const meter = new RateMeter(2000);
    meter.add(500, 0);
    meter.add(500, 1000);
    expect(meter.perSecond(1500)).toBe(500);
    expect(meter.perSecond(2500)).toBe(250);
    expect(meter.perSecond(5000)).toBe(0);
  });
});

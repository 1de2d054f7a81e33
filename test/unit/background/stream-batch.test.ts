import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBatcher } from '../../../src/background/stream-batch.ts';
import type { StreamReport } from '../../../src/core/streams/stream-port.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('createBatcher', () => {
  it('sends a batch at 500 lines, and the rest after a short wait with the cursor as it stands', () => {
    vi.useFakeTimers();
    const posts: StreamReport[] = [];
    const cursor = { idsAtLastDate: ['a'], received: 0 };
    const batch = createBatcher((report) => posts.push(report), cursor);
    for (let index = 0; index < 501; index += 1) batch.push({ event: 'message', data: `#${index}` });
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ type: 'events', cursor: { idsAtLastDate: ['a'] } });
    vi.advanceTimersByTime(150);
    expect(posts).toHaveLength(2);
  });

  // A hostile server sending large events fast: 500 of them held for one message would be hundreds of MB in the
  // worker, and past 64 MB the browser refuses the port message, which silently ended the stream.
  it('sends a batch as soon as it holds 1 MB of data, whatever its number of lines', () => {
    const posts: StreamReport[] = [];
    const batch = createBatcher((report) => posts.push(report), { idsAtLastDate: [], received: 0 });
    const big = 'x'.repeat(400 * 1024);
    for (let index = 0; index < 10; index += 1) batch.push({ event: 'message', data: big });
    expect(posts.length).toBeGreaterThanOrEqual(3);
    for (const post of posts)
      if (post.type === 'events')
        expect(post.events.reduce((sum, event) => sum + event.data.length, 0)).toBeLessThanOrEqual(2 * 1024 * 1024);
    batch.flush();
  });
});

/**
 * The response filter's worker script (jq-filter.worker.ts) run in Node, its `self` a stand-in whose postMessage
 * clones what it is given as the browser does (structuredClone).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  JqFilterReply,
  JqFilterRequest,
} from '../../../../../src/devtools/panel/response/jq-filter-off-thread.ts';

let replies: JqFilterReply[];
const scope: { onmessage?: (event: { data: JqFilterRequest }) => Promise<void> } & Record<string, unknown> = {};

describe('jq-filter.worker', () => {
  beforeEach(async () => {
    replies = [];
    scope.postMessage = (message: JqFilterReply) => replies.push(structuredClone(message));
    vi.stubGlobal('self', scope);
    vi.resetModules();
    await import('../../../../../src/devtools/panel/response/jq-filter.worker.ts');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('filters the body it was sent, then the same body again without it', async () => {
    await scope.onmessage?.({ data: { run: 1, filter: '.a', body: 1, source: '{"a":[1,2]}' } });
    await scope.onmessage?.({ data: { run: 2, filter: '.a | length', body: 1 } });
    expect(replies).toEqual([
      { run: 1, result: { ok: true, values: [[1, 2]] } },
      { run: 2, result: { ok: true, values: [2] } },
    ]);
  });

  it('an output too deep to pass to the page is said so, not as a stack overflow at character 1', async () => {
    await scope.onmessage?.({
      data: { run: 1, filter: 'reduce range(100000) as $i (0; [.])', body: 1, source: 'null' },
    });
    expect(replies).toEqual([
      { run: 1, result: { ok: false, message: 'The filter’s output is nested too deeply to show.', offset: 0 } },
    ]);
  });
});

/// <reference lib="webworker" />
// Runs the response filter off the panel's main thread. A filter may spend its whole allowance (20 M steps,
// seconds: see jq/evaluate.ts) before it stops, and filters come from hostile places too; here that costs the
// panel nothing, and a newer filter simply ends this worker. The body is parsed once per body and kept for the
// next filters of the same body.
import { runJqFilter } from '../../../core/workbench/jq-filter.ts';
import type { JqFilterReply, JqFilterRequest } from './jq-filter-off-thread.ts';

let kept: { body: number; value: unknown } | undefined;

self.onmessage = async (event: MessageEvent<JqFilterRequest>) => {
  const { run, filter, body, source } = event.data;
  const reply = (message: JqFilterReply) => self.postMessage(message);
  try {
    if (source !== undefined) {
      // A streamed body's Blob holds its bytes as received: a byte order mark JSON.parse would refuse is skipped.
      const text = typeof source === 'string' ? source : (await source.text()).replace(/^\uFEFF/, '');
      kept = { body, value: JSON.parse(text) };
    }
    if (kept?.body !== body) {
      reply({ run, result: { ok: false, message: 'The body to filter was not received.', offset: 0 } });
      return;
    }
    const result = runJqFilter(filter, kept.value);
    try {
      reply({ run, result });
    } catch {
      // The page gets a structured clone, which gives up on a value nested some ten thousand levels deep (a filter
      // such as `reduce range(100000) as $i (0; [.])`): say that, not the cloner's "Maximum call stack size exceeded".
      const message = 'The filter’s output is nested too deeply to show.';
      reply({ run, result: { ok: false, message, offset: 0 } });
    }
  } catch (error) {
    reply({ run, result: { ok: false, message: error instanceof Error ? error.message : String(error), offset: 0 } });
  }
};

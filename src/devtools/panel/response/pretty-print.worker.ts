/// <reference lib="webworker" />
// Formats a JSON text with indentation and cuts it into display rows off the page's main thread: for a 5 MB
// body both together are a ~100 ms task. The row offsets travel back as a transferred buffer.
import { indexTextRows } from '../../../core/workbench/text-rows.ts';

// A streamed body comes as the Blob of its bytes (by reference), read here.
self.onmessage = async (event: MessageEvent<string | Blob>) => {
  try {
    const given = typeof event.data === 'string' ? event.data : await event.data.text();
    const text = JSON.stringify(JSON.parse(given), null, 2);
    const rows = indexTextRows(text);
    const starts = rows.starts.slice();
    const lines = rows.lines.slice();
    self.postMessage({ ok: true, text, starts, lines, count: rows.count }, [starts.buffer, lines.buffer]);
  } catch (error) {
    self.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};

/// <reference lib="webworker" />
// Formats a JSON text with indentation and cuts it into display rows off the page's main thread: for a 5 MB
// body both together are a ~100 ms task. The row offsets travel back as a transferred buffer; the text goes back in
// pieces, one message each: the page reads each message in its own task, and a 100 MB body's formatted text read
// as one message was one task of ~110 ms of CPU (bench/huge-body.ts).
import { indexTextRows } from '../../../core/workbench/text-rows.ts';

/** Characters of formatted text per message: a few milliseconds for the page to read. */
const PIECE_CHARS = 4 * 1024 * 1024;

// A streamed body comes as the Blob of its bytes (by reference), read here.
self.onmessage = async (event: MessageEvent<string | Blob>) => {
  try {
    const given = typeof event.data === 'string' ? event.data : await event.data.text();
    const text = JSON.stringify(JSON.parse(given), null, 2);
    const rows = indexTextRows(text);
    const starts = rows.starts.slice();
    const lines = rows.lines.slice();
    for (let at = 0; at < text.length; at += PIECE_CHARS) self.postMessage({ piece: text.slice(at, at + PIECE_CHARS) });
    self.postMessage({ ok: true, starts, lines, count: rows.count }, [starts.buffer, lines.buffer]);
  } catch (error) {
    self.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};

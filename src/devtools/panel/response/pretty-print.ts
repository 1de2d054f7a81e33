import { indexTextRows, type TextRows } from '../../../core/workbench/text-rows.ts';

/**
 * Pretty-prints a JSON text and cuts it into display rows in a Web Worker, so formatting a multi-megabyte body
 * never blocks the panel. Small bodies, and places without workers (tests, a refused worker script), are
 * formatted on the page.
 */
export interface FormattedText {
  text: string;
  rows: TextRows;
}

function formatHere(text: string): FormattedText {
  const formatted = JSON.stringify(JSON.parse(text), null, 2);
  return { text: formatted, rows: indexTextRows(formatted) };
}

type WorkerReply =
  | { ok: true; text: string; starts: Uint32Array; lines: Uint32Array; count: number }
  | { ok: false; message: string };

/** `text` may be a Blob of the body's bytes (a streamed body): the worker reads it, the page never copies it. */
export function formatJsonText(text: string | Blob): Promise<FormattedText> {
  const size = typeof text === 'string' ? text.length : text.size;
  const onPage = () => (typeof text === 'string' ? Promise.resolve(text) : text.text()).then(formatHere);
  if (typeof Worker === 'undefined' || size < 100_000) return onPage();
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./pretty-print.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      onPage().then(resolve, reject);
      return;
    }
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      worker.terminate();
      const reply = event.data;
      if (reply.ok)
        resolve({ text: reply.text, rows: { starts: reply.starts, lines: reply.lines, count: reply.count } });
      else reject(new Error(reply.message));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      onPage().then(resolve, reject);
    };
    worker.postMessage(text);
  });
}

import { type BodyText, chunkedText } from '../../../core/workbench/chunked-text.ts';
import { indexTextRows, type TextRows } from '../../../core/workbench/text-rows.ts';
import { inOneShotWorker } from '../one-shot-worker.ts';

/**
 * Pretty-prints a JSON text and cuts it into display rows in a Web Worker, so formatting a multi-megabyte body
 * never blocks the panel. Small bodies, and places without workers (tests, a refused worker script), are
 * formatted on the page.
 */
export interface FormattedText {
  /** One string, or the worker's pieces (never joined: see chunked-text.ts). */
  text: BodyText;
  rows: TextRows;
}

function formatHere(text: string): FormattedText {
  const formatted = JSON.stringify(JSON.parse(text), null, 2);
  return { text: formatted, rows: indexTextRows(formatted) };
}

/** The worker's last message; the formatted text came before it as `{ piece }` messages. */
type WorkerReply =
  | { ok: true; starts: Uint32Array; lines: Uint32Array; count: number }
  | { ok: false; message: string };

/** `text` may be a Blob of the body's bytes (a streamed body): the worker reads it, the page never copies it. */
export function formatJsonText(text: string | Blob): Promise<FormattedText> {
  const size = typeof text === 'string' ? text.length : text.size;
  const onPage = () => (typeof text === 'string' ? Promise.resolve(text) : text.text()).then(formatHere);
  if (size < 100_000) return onPage();
  const pieces: string[] = [];
  return inOneShotWorker(
    () => new Worker(new URL('./pretty-print.worker.ts', import.meta.url), { type: 'module' }),
    text,
    (reply: WorkerReply) => {
      if (!reply.ok) throw new Error(reply.message);
      const rows = { starts: reply.starts, lines: reply.lines, count: reply.count };
      return { text: pieces.length === 1 ? (pieces[0] as string) : chunkedText(pieces), rows };
    },
    onPage,
    (message) => {
      const piece = (message as { piece?: unknown }).piece;
      if (typeof piece !== 'string') return false;
      pieces.push(piece);
      return true;
    },
  );
}

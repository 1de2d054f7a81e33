import { type BodyText, joinText } from '../../../core/workbench/chunked-text.ts';
import { type BodyReading, readJsonBody } from '../../../core/workbench/json-body.ts';
import { inOneShotWorker } from '../one-shot-worker.ts';

type WorkerReply = { ok: true; reading: BodyReading } | { ok: false; message: string };

/** Below this many bytes the page reads the body itself: a worker's start costs more. */
const ON_PAGE_BYTES = 100_000;

/**
 * How a streamed body that broke off as JSON reads (readJsonBody: where it breaks), found in a Web Worker from its
 * Blob: on the page, joining a 100 MB text and parsing it were long tasks. Small bodies, and places without
 * workers, are read on the page.
 */
export function readBrokenJsonBody(contentType: string, text: BodyText, blob: Blob): Promise<BodyReading> {
  const onPage = () => readJsonBody(contentType, joinText(text));
  if (blob.size < ON_PAGE_BYTES) return Promise.resolve().then(onPage);
  return inOneShotWorker(
    () => new Worker(new URL('./json-problem.worker.ts', import.meta.url), { type: 'module' }),
    { contentType, body: blob },
    (reply: WorkerReply) => {
      if (!reply.ok) throw new Error(reply.message);
      return reply.reading;
    },
    onPage,
  );
}

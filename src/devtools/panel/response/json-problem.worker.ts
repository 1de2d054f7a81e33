/// <reference lib="webworker" />
// Finds where a streamed body announced as JSON breaks, off the page's main thread: the body's bytes come as its
// Blob (by reference), and reading them whole, JSON.parse and the locator are each a long task at 100 MB.
import { readJsonBody } from '../../../core/workbench/json-body.ts';

self.onmessage = async (event: MessageEvent<{ contentType: string; body: Blob }>) => {
  try {
    const reading = readJsonBody(event.data.contentType, await event.data.body.text());
    // A value is never sent back: cloning it would be the long task this avoids (the loader's builder said the body
    // is not JSON; should JSON.parse disagree, the body is shown as text).
    self.postMessage({ ok: true, reading: reading.kind === 'json' ? { kind: 'text' } : reading });
  } catch (error) {
    self.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};

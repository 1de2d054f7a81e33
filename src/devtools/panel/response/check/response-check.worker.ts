/// <reference lib="webworker" />
// Compares a response body with the description off the page's main thread: parsing and validating a 20 MB body
// are each a long task. The description is this worker's own copy (the page never clones it over).
import description from '../../../../core/platform/description.json';
import type { PlatformDescription } from '../../../../core/platform/description-types.ts';
import { checkResponseValue, type ResponseCheck } from '../../../../core/workbench/response-check.ts';

export interface CheckRequest {
  /** Echoed in the reply: the worker is kept for the next responses. */
  id: number;
  /** The body as text, or (a streamed body) its bytes as received: a Blob passes by reference, no copy. */
  text?: string;
  bytes?: Blob;
  endpointId: string;
  status: number;
}

export type CheckReply = { id: number; ok: true; check?: ResponseCheck } | { id: number; ok: false; message: string };

const platform = description as unknown as PlatformDescription;

// One job at a time: the page sends the next only after this one's reply.
self.onmessage = async (event: MessageEvent<CheckRequest>) => {
  const { id } = event.data;
  try {
    const { endpointId, status } = event.data;
    const text = event.data.text ?? (await event.data.bytes?.text()) ?? '';
    const endpoint = platform.endpoints.find((item) => item.id === endpointId);
    const check = endpoint ? checkResponseValue(endpoint, status, JSON.parse(text), platform.schemas) : undefined;
    self.postMessage({ id, ok: true, check } satisfies CheckReply);
  } catch (error) {
    self.postMessage({
      id,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    } satisfies CheckReply);
  }
};

/// <reference lib="webworker" />
// Compares a response body with the description off the page's main thread: parsing and validating a 20 MB body
// are each a long task. The description is this worker's own copy (the page never clones it over).
import description from '../../../../core/platform/description.json';
import type { PlatformDescription } from '../../../../core/platform/description-types.ts';
import { checkResponseValue } from '../../../../core/workbench/response-check.ts';

export interface CheckRequest {
  /** The body as text, or (a streamed body) its bytes as received: a Blob passes by reference, no copy. */
  text?: string;
  bytes?: Blob;
  endpointId: string;
  status: number;
}

const platform = description as unknown as PlatformDescription;

self.onmessage = async (event: MessageEvent<CheckRequest>) => {
  try {
    const { endpointId, status } = event.data;
    const text = event.data.text ?? (await event.data.bytes?.text()) ?? '';
    const endpoint = platform.endpoints.find((item) => item.id === endpointId);
    const check = endpoint ? checkResponseValue(endpoint, status, JSON.parse(text), platform.schemas) : undefined;
    self.postMessage({ ok: true, check });
  } catch (error) {
    self.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};

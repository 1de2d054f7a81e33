/**
 * Messages between the Firefox background and its upstream-fetch worker (upstream-fetch.ts, the main side;
 * upstream-fetch.worker.ts, the worker). Types only.
 */

export interface UpstreamInit {
  method: string;
  headers: [string, string][];
  body?: string | Uint8Array<ArrayBuffer>;
}

export type ToUpstreamWorker =
  /** `maxBytes`: the caller's cap; the worker stops taking the body off the network just past it. */
  | { type: 'fetch'; id: number; url: string; init: UpstreamInit; maxBytes?: number }
  /** The reader wants the next chunk. */
  | { type: 'pull'; id: number }
  /** Aborts the fetch, or cancels its body. */
  | { type: 'cancel'; id: number };

export type FromUpstreamWorker =
  | {
      type: 'head';
      id: number;
      status: number;
      statusText: string;
      headers: [string, string][];
      /** 'opaqueredirect' for a redirect (redirect: 'manual'), which has status 0 and no body. */
      responseType: ResponseType;
      hasBody: boolean;
    }
  | { type: 'chunk'; id: number; bytes: Uint8Array<ArrayBuffer> }
  | { type: 'done'; id: number }
  /** fetch() or a body read failed: the error's name and message, thrown again on the main side. */
  | { type: 'error'; id: number; name: string; message: string };

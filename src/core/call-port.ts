import { type Envelope, isEnvelope, type Reply } from './protocol.ts';

/**
 * The line pages send protocol messages on: one long-lived `runtime.connect({name: CALL_PORT_NAME})` per page,
 * opened again after a worker restart. `runtime.sendMessage` costs about a millisecond more each way (it is
 * offered to every extension context, not only the worker), which was most of a call's cost outside the network
 * (issue 22). Each message on the port is a frame: the envelope, with the page's number for it, which the worker's
 * answer carries back. The worker checks every frame here and every envelope as any message (message-validation.ts).
 */
export const CALL_PORT_NAME = 'keyhole-calls';

export interface CallFrame {
  id: number;
  envelope: Envelope;
}

export interface CallAnswer {
  id: number;
  reply: Reply<unknown>;
}

/**
 * The first frame a page posts on its call port: its page key, a random value it made when it loaded and keeps in
 * memory only (src/core/page-key.ts says what the worker does with it).
 */
export interface PageFrame {
  page: string;
}

export function isCallFrame(value: unknown): value is CallFrame {
  return (
    typeof value === 'object' &&
    value !== null &&
    Number.isSafeInteger((value as { id?: unknown }).id) &&
    isEnvelope((value as { envelope?: unknown }).envelope)
  );
}

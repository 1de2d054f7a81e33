import type { HeldBodyEnd } from './protocol.ts';

/**
 * The body port (`runtime.connect({name: BODY_PORT_NAME})`): how a Firefox page reads a large response body the
 * background holds (`largeBodyTransport` 'port' in browser-target.ts), chunk by chunk as it arrives from upstream,
 * so the viewer's first screen does not wait for the last byte. Firefox carries port messages by structured clone,
 * so a chunk travels as bytes, not as JSON. The page opens the port with the body's id and grants the background
 * credit, one chunk at a time as it reads (a few ahead): the background reads upstream no faster than the page
 * takes it, as the service worker's streamed Response does in Chrome.
 */
export const BODY_PORT_NAME = 'keyhole-body';

/** Chunks the page lets the background send ahead of its reading. */
export const BODY_PORT_WINDOW = 4;

/** `page`: the page key the body is held for (core/page-key.ts). */
export type BodyPortCommand = { type: 'open'; id: string; credit: number; page?: string } | { type: 'more' };

export type BodyPortReport =
  | { type: 'chunk'; bytes: Uint8Array<ArrayBuffer> }
  /** The last chunk went; for a body streamed from upstream, how it ended (or the error that cut it). */
  | { type: 'end'; ending?: HeldBodyEnd }
  /** No such body for this page: never held, already taken, dropped after a minute, or the background restarted. */
  | { type: 'gone'; message: string };

/** A page's command, or undefined when it is not one (the port is then closed: the page is broken or hostile). */
export function readBodyPortCommand(value: unknown): BodyPortCommand | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { type, id, credit, page } = value as Record<string, unknown>;
  if (type === 'more') return { type };
  if (type !== 'open' || typeof id !== 'string' || id.length === 0 || id.length > 100) return undefined;
  if (typeof credit !== 'number' || !Number.isInteger(credit) || credit < 1 || credit > BODY_PORT_WINDOW)
    return undefined;
  if (page === undefined) return { type, id, credit };
  if (typeof page !== 'string' || page.length > 100) return undefined;
  return { type, id, credit, page };
}

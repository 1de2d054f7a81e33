import { KeyholeError } from '../errors.ts';

const NONCE_BYTES = 16;

/** `00` … `ff`: one table lookup per byte instead of toString(16), padStart and a join per nonce. */
const HEX_BY_BYTE = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

// Reused: a fresh typed array passed to getRandomValues costs an ArrayBuffer allocation per signature. What
// it holds afterwards is the last nonce, which is sent in the clear anyway.
const nonceBytes = new Uint8Array(NONCE_BYTES);

/**
 * 128 bits from the CSPRNG as 32 lowercase hex characters. The server rejects a repeated nonce for the
 * same timestamp, so it must be unpredictable and practically unique; hex keeps it unreserved, so it
 * reads the same in the header, the query string and the base string.
 */
export function createNonce(): string {
  const bytes = globalThis.crypto.getRandomValues(nonceBytes);
  let hex = '';
  for (let index = 0; index < NONCE_BYTES; index++) hex += HEX_BY_BYTE[bytes[index]!];
  return hex;
}

/**
 * Unix time in whole seconds, as a string. `clockOffsetSeconds` is server time minus local time, learnt
 * from a rejected request's Date header, so a machine with a wrong clock still sends a timestamp the
 * server accepts.
 */
export function createTimestamp(clockOffsetSeconds = 0, nowMs: number = Date.now()): string {
  if (!Number.isFinite(clockOffsetSeconds) || !Number.isFinite(nowMs)) {
    throw new KeyholeError('invalid-input', 'The clock offset and the current time must be finite numbers.');
  }
  const seconds = Math.floor(nowMs / 1000 + clockOffsetSeconds);
  if (seconds < 0) {
    throw new KeyholeError('invalid-input', 'The clock offset would put the timestamp before 1970.');
  }
  return String(seconds);
}

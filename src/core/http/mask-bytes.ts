import { cutSecretAtEnd, MASK, maskedForms } from './hide-reusable.ts';

/**
 * hideReusable for bytes: a body the page gets as bytes (a file, or one of 256 KB or more, held and streamed to the
 * page) is masked before it leaves the worker, as the text of a smaller one is. Each secret form is searched for as
 * its UTF-8 bytes and replaced by the UTF-8 of the mask, so a text body reads the same as one masked as text.
 *
 * The bytes are searched as a string of one character per byte (windows-1252 decodes every byte to one UTF-16
 * unit, each byte to a different one), so String.indexOf, native, does the search at memory speed.
 */
const perByte = new TextDecoder('windows-1252');
const MASK_BYTES = new TextEncoder().encode(MASK);

/** The secrets to find, as per-byte strings, longest first (two forms starting at one place: the longer is masked). */
function patternsOf(reusable: readonly string[]): string[] {
  const encoder = new TextEncoder();
  // Each once: sentForms lists no form twice, and distinct strings have distinct bytes.
  return maskedForms(reusable)
    .map((secret) => perByte.decode(encoder.encode(secret)))
    .sort((a, b) => b.length - a.length);
}

/**
 * Masks every secret that starts before `limit` (each is whole in `bytes`: the caller keeps the longest secret's
 * length less one byte past it), leftmost first. Returns the masked bytes up to `next`, the first byte not yet
 * passed on: `limit`, or past it the end of a secret that straddles it. At the body's `end`, also the start of a
 * secret the body was cut in (cutSecretAtEnd), as hideReusable masks it in text.
 */
function maskUpTo(
  bytes: Uint8Array,
  patterns: readonly string[],
  limit: number,
  end = false,
): { out: Uint8Array; next: number } {
  if (limit <= 0) return { out: bytes.subarray(0, 0), next: 0 };
  const text = perByte.decode(bytes);
  const found = patterns.map((pattern) => text.indexOf(pattern));
  const cuts: number[] = [];
  let at = 0;
  for (;;) {
    let best = -1;
    for (let index = 0; index < patterns.length; index++) {
      // A pattern's next place is searched again only once the last cut went past its cached one.
      if (found[index]! !== -1 && found[index]! < at) found[index] = text.indexOf(patterns[index]!, at);
      const place = found[index]!;
      if (place !== -1 && place < limit && (best === -1 || place < found[best]!)) best = index;
    }
    if (best === -1) break;
    const start = found[best]!;
    at = start + patterns[best]!.length;
    cuts.push(start, at);
  }
  const cut = end ? cutSecretAtEnd(text, patterns, at) : 0;
  if (cut) cuts.push(text.length - cut, text.length);
  const next = Math.max(limit, at);
  if (cuts.length === 0) return { out: next === bytes.byteLength ? bytes : bytes.subarray(0, next), next };
  const out = new Uint8Array(next + (cuts.length / 2) * MASK_BYTES.length);
  let written = 0;
  let from = 0;
  for (let index = 0; index < cuts.length; index += 2) {
    out.set(bytes.subarray(from, cuts[index]), written);
    written += cuts[index]! - from;
    out.set(MASK_BYTES, written);
    written += MASK_BYTES.length;
    from = cuts[index + 1]!;
  }
  out.set(bytes.subarray(from, next), written);
  written += next - from;
  return { out: out.subarray(0, written), next };
}

/** `bytes` with every reusable secret masked; the same array when none is in it (or none is long enough to mask). */
export function maskBytes(bytes: Uint8Array<ArrayBuffer>, reusable: readonly string[] = []): Uint8Array<ArrayBuffer> {
  const patterns = patternsOf(reusable);
  if (patterns.length === 0) return bytes;
  return maskUpTo(bytes, patterns, bytes.byteLength, true).out as Uint8Array<ArrayBuffer>;
}

/**
 * A stream's bytes with every reusable secret masked, also one split across chunks: each chunk is passed on but for
 * its last (longest secret − 1) bytes, which wait for the next chunk. Undefined when there is nothing to mask.
 */
export function maskingStream(reusable: readonly string[] = []): TransformStream<Uint8Array, Uint8Array> | undefined {
  const patterns = patternsOf(reusable);
  if (patterns.length === 0) return undefined;
  const keep = patterns[0]!.length - 1;
  let rest = new Uint8Array(0);
  // Chunks wait until as many bytes as the hold-back have come: the hold-back is then searched again once per that
  // many bytes, not once per chunk (a very long secret, such as one a hostile token endpoint made, would otherwise
  // make every small chunk cost its whole length, and stall the worker).
  let waiting: Uint8Array[] = [];
  let waitingBytes = 0;
  const take = () => {
    const bytes = new Uint8Array(rest.byteLength + waitingBytes);
    bytes.set(rest);
    let at = rest.byteLength;
    for (const part of waiting) {
      bytes.set(part, at);
      at += part.byteLength;
    }
    waiting = [];
    waitingBytes = 0;
    return bytes;
  };
  return new TransformStream({
    transform(chunk, controller) {
      waiting.push(chunk);
      waitingBytes += chunk.byteLength;
      if (waitingBytes < keep) return;
      const bytes = take();
      const { out, next } = maskUpTo(bytes, patterns, bytes.byteLength - keep);
      if (out.byteLength > 0) controller.enqueue(out);
      rest = bytes.slice(next);
    },
    flush(controller) {
      const bytes = take();
      if (bytes.byteLength > 0) controller.enqueue(maskUpTo(bytes, patterns, bytes.byteLength, true).out);
    },
  });
}

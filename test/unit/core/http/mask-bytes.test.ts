import { describe, expect, it, vi } from 'vitest';
import { cutSecretAtEnd, hideInHeaders, hideReusable, sentForms } from '../../../../src/core/http/hide-reusable.ts';
import { maskBytes, maskingStream } from '../../../../src/core/http/mask-bytes.ts';

const encoder = new TextEncoder();
/** Compared as hex: an element-wise deep equal of large byte arrays is slow. */
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const decoder = new TextDecoder();
/** A PLAINTEXT key's secrets as the worker lists them: each as typed, encoded once and twice. */
const SECRETS = ['consumer-secret-0123456789', 'tök€n secret/é+1'];
const reusable = sentForms(SECRETS);

async function streamed(bytes: Uint8Array, chunkSizes: number[]): Promise<Uint8Array> {
  const masker = maskingStream(reusable);
  if (!masker) throw new Error('expected a masking stream');
  let at = 0;
  let turn = 0;
  const source = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.byteLength) return controller.close();
      const size = chunkSizes[turn++ % chunkSizes.length]!;
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
  return new Uint8Array(await new Response(source.pipeThrough(masker)).arrayBuffer());
}

describe('maskBytes', () => {
  const text = `{"echo":"${SECRETS[0]}","sig":"${reusable[0]}","again":"${reusable[4]}","é":"${SECRETS[1]}"}`;

  it('masks a text body byte-wise exactly as hideReusable masks its text', () => {
    const masked = decoder.decode(maskBytes(encoder.encode(text) as Uint8Array<ArrayBuffer>, reusable));
    expect(masked).toBe(hideReusable(text, reusable));
    for (const form of reusable) expect(masked).not.toContain(form);
  });

  it('masks a binary body and leaves every other byte (0x80–0xFF too) as it was', () => {
    const noise = new Uint8Array(4096).map((_, index) => (index * 37 + 128) & 0xff);
    const secret = encoder.encode(reusable[1]!);
    const body = new Uint8Array([...noise, ...secret, ...noise]) as Uint8Array<ArrayBuffer>;
    const masked = maskBytes(body, reusable);
    expect([...masked]).toEqual([...noise, ...encoder.encode('•••'), ...noise]);
    // Nothing to mask: the very same bytes, not a copy.
    expect(maskBytes(noise as Uint8Array<ArrayBuffer>, reusable)).toBe(noise);
    expect(maskBytes(body, [])).toBe(body);
  });

  it('leaves secrets under 8 characters alone, as hideReusable does (they would garble ordinary text)', () => {
    const body = encoder.encode('a short key: abc1234') as Uint8Array<ArrayBuffer>;
    expect(maskBytes(body, ['abc1234'])).toBe(body);
    expect(maskingStream(['abc1234'])).toBeUndefined();
  });
});

describe('a secret echoed with its percent-encoding in lower case', () => {
  // Decoded and encoded again by a server or proxy whose encoder writes lower-case hex (%2f, %c3%b6): the same
  // secret (RFC 3986 §2.1), which the page must not get either.
  const lower = (text: string) => text.replace(/%[0-9A-F]{2}/g, (code) => code.toLowerCase());
  const once = encodeURIComponent(SECRETS[1]!).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  const echoed = `{"signature":"${lower(once)}","header":"${lower(encodeURIComponent(once))}"}`;

  it('is masked in text and in bytes', () => {
    expect(echoed).toContain('%2f');
    expect(hideReusable(echoed, reusable)).toBe('{"signature":"•••","header":"•••"}');
    expect(decoder.decode(maskBytes(encoder.encode(echoed) as Uint8Array<ArrayBuffer>, reusable))).toBe(
      '{"signature":"•••","header":"•••"}',
    );
  });
});

describe('maskingStream', () => {
  const filler = '{"name":"app","note":"ø€ü"},'.repeat(40);
  const parts = [filler, ...reusable.map((form) => `"${form}"${filler}`), SECRETS[1]!, SECRETS[0]!.slice(0, 12)];
  const body = encoder.encode(parts.join(''));
  const whole = maskBytes(body as Uint8Array<ArrayBuffer>, reusable);

  it('masks a secret wherever the chunks cut it, to the same bytes as the body masked whole', async () => {
    for (const sizes of [[1], [2, 3], [7], [64], [4093], [body.byteLength], [5, 1, 300]])
      expect(hex(await streamed(body, sizes)), `chunks of ${sizes.join(', ')}`).toBe(hex(whole));
    expect(decoder.decode(whole)).toBe(hideReusable(decoder.decode(body), reusable));
  });

  it('passes a body with no secret through unchanged, and an empty one as empty', async () => {
    const plain = encoder.encode(filler.repeat(50));
    expect(hex(await streamed(plain, [1000]))).toBe(hex(plain));
    expect(hex(await streamed(new Uint8Array(0), [10]))).toBe('');
  });
});

describe('a body cut inside an echoed secret', () => {
  // An echo of the Authorization header cut by the request's size limit (or a stream that stopped) after the first
  // 20 characters of the secret: those 20 would be shown, all of it but its last few.
  const head = '{"headers":{"Authorization":"OAuth oauth_signature=\\"';
  const cutAt = (form: string, length: number) => `${head}${form.slice(0, length)}`;

  it('masks the start of a secret at the very end of the text, 8 characters or more of it', () => {
    for (const form of reusable.filter((secret) => secret.length > 8)) {
      expect(hideReusable(cutAt(form, form.length - 1), reusable)).toBe(`${head}•••`);
      expect(hideReusable(cutAt(form, 8), reusable)).toBe(`${head}•••`);
      // Fewer than 8 say as little as a secret under 8 characters would: left, like those.
      expect(hideReusable(cutAt(form, 7), reusable)).toBe(cutAt(form, 7));
    }
    // Only at the end: the same characters followed by more are ordinary text.
    expect(hideReusable(`${cutAt(SECRETS[0]!, 12)} and more`, reusable)).toBe(`${cutAt(SECRETS[0]!, 12)} and more`);
  });

  it('finds the longest start of a secret the text ends with, also for a secret that repeats itself', () => {
    const longestByHand = (text: string, form: string) => {
      for (let length = Math.min(form.length - 1, text.length); length > 7; length--)
        if (text.endsWith(form.slice(0, length))) return length;
      return 0;
    };
    const forms = ['aaaaaaaaaaab', 'abababababab', 'abcabcabcabd', 'aabaabaabaac'];
    let seed = 1;
    const pick = (from: string) => {
      seed = (seed * 48_271) % 2_147_483_647;
      return from[seed % from.length]!;
    };
    let found = 0;
    for (let round = 0; round < 4000; round++) {
      const form = forms[round % forms.length]!;
      // Noise of the form's own letters, then a start of the form, its last letter sometimes changed.
      const noise = Array.from({ length: round % 9 }, () => pick('abc')).join('');
      const start = form.slice(0, (round >> 2) % 12);
      const text = noise + (round % 3 ? start : start.slice(0, -1) + pick('abc'));
      expect(cutSecretAtEnd(text, [form]), `${text} / ${form}`).toBe(longestByHand(text, form));
      if (longestByHand(text, form)) found++;
    }
    expect(found).toBeGreaterThan(500);
    expect(cutSecretAtEnd(`${'a'.repeat(200_000)}b${'a'.repeat(99_999)}`, ['a'.repeat(100_000)])).toBe(99_999);
  });

  it('masks it in bytes and in a stream, wherever the chunks cut it, as in text', async () => {
    const text = `${`${head}${SECRETS[0]}\\"`.repeat(30)}${cutAt(reusable[1]!, reusable[1]!.length - 2)}`;
    const bytes = encoder.encode(text) as Uint8Array<ArrayBuffer>;
    const masked = decoder.decode(maskBytes(bytes, reusable));
    expect(masked).toBe(hideReusable(text, reusable));
    expect(masked.endsWith(`${head}•••`)).toBe(true);
    for (const sizes of [[1], [3, 5], [64], [bytes.byteLength], [bytes.byteLength - 3, 3]])
      expect(decoder.decode(await streamed(bytes, sizes)), `chunks of ${sizes.join(', ')}`).toBe(masked);
  });
});

describe('a masking stream for a very long secret (a token secret a hostile token endpoint made 100 KB long)', () => {
  it('searches each byte of the body a bounded number of times, however small its chunks', async () => {
    const long = sentForms(['/'.repeat(100_000)]);
    // The hold-back is the longest form (500 KB); 1 MB of the body comes in chunks of 4 KB.
    const chunk = new Uint8Array(4096).fill(0x61);
    const decode = vi.spyOn(TextDecoder.prototype, 'decode');
    try {
      const masker = maskingStream(long)!;
      const writer = masker.writable.getWriter();
      const out = new Response(masker.readable).arrayBuffer();
      for (let index = 0; index < 256; index++) await writer.write(chunk);
      await writer.close();
      expect((await out).byteLength).toBe(256 * 4096);
      // Each chunk searched again with the whole hold-back before it would be 256 × 500 KB: the worker stalled.
      const searched = decode.mock.calls.reduce((sum, [input]) => sum + ((input as Uint8Array)?.byteLength ?? 0), 0);
      expect(searched).toBeLessThan(4 * 256 * 4096);
    } finally {
      decode.mockRestore();
    }
  });
});

describe('many short texts masked against a very long secret (the headers of one answer, the lines of a log stream)', () => {
  it('costs each text its own length, not the secret’s: 2000 headers against a 1 MB secret', () => {
    const long = sentForms(['/'.repeat(1_000_000)]);
    // Each text rebuilt the search table of every form (10 MB in all): 2000 × 10 MB of work, some 20 minutes here.
    // No clock is read; vitest's timeout (or CI's) is the bound.
    const headers = Array.from({ length: 2000 }, (_, index) => `x-h${index}: value-${index}/`);
    expect(headers.map((header) => hideReusable(header, long))).toEqual(headers);
    // And as one answer's headers, names and values (names lower-cased once, not once per header).
    const answer = headers.map((header) => header.split(': ') as [string, string]);
    expect(hideInHeaders(answer, long)).toEqual(answer);
    // The start of the secret at a text's end is still found, however short the text.
    expect(hideReusable(`x: ${'/'.repeat(12)}`, long)).toBe('x: •••');
    expect(cutSecretAtEnd(`x: ${'%252F'.repeat(3)}`, long)).toBe(15);
    expect(cutSecretAtEnd(`x: ${'/'.repeat(7)}`, long)).toBe(0);
  });
});

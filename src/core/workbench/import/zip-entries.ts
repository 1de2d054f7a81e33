import { inflateSync } from 'fflate';
import { KeyholeError } from '../../errors.ts';

/**
 * The files of a zip archive (a zipped Bruno collection), read from its central directory. Hostile input: entry
 * count, each file's size and the total are capped before anything is inflated, and inflating writes into a buffer
 * of the declared size only, so a "zip bomb" cannot grow past the caps. Entries come back as a list of pairs (a
 * file named `__proto__` is data, not a key).
 */
export interface ZipLimits {
  maxEntries: number;
  maxFileBytes: number;
  maxTotalBytes: number;
}

export const ZIP_LIMITS: ZipLimits = {
  maxEntries: 5_000,
  maxFileBytes: 8 * 1024 * 1024,
  maxTotalBytes: 64 * 1024 * 1024,
};

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

const u16 = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
const u32 = (bytes: Uint8Array, at: number) => (u16(bytes, at) | (u16(bytes, at + 2) << 16)) >>> 0;

const broken = (why: string) => new KeyholeError('invalid-input', `This zip file cannot be read: ${why}.`);

/** `accept`: which entry names to inflate (the rest are skipped unread). */
export function readZipEntries(
  bytes: Uint8Array,
  accept: (name: string) => boolean,
  limits: ZipLimits = ZIP_LIMITS,
): { name: string; bytes: Uint8Array }[] {
  // The end-of-central-directory record: in the last 64 KB + 22 bytes (its comment is at most 64 KB).
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 65_557); at -= 1)
    if (u32(bytes, at) === 0x06054b50) {
      end = at;
      break;
    }
  if (end < 0) throw broken('it has no central directory (is it whole?)');
  const count = u16(bytes, end + 10);
  let offset = u32(bytes, end + 16);
  if (count === 0xffff || offset === 0xffffffff) throw broken('it is a ZIP64 archive, which Keyhole does not read');
  if (count > limits.maxEntries) throw broken(`it has ${count} entries, more than ${limits.maxEntries}`);
  const decoder = new TextDecoder();
  const entries: { name: string; bytes: Uint8Array }[] = [];
  let total = 0;
  for (let index = 0; index < count; index += 1) {
    if (u32(bytes, offset) !== 0x02014b50) throw broken('its central directory is damaged');
    const method = u16(bytes, offset + 10);
    const compressed = u32(bytes, offset + 20);
    const size = u32(bytes, offset + 24);
    const nameLength = u16(bytes, offset + 28);
    const extraLength = u16(bytes, offset + 30);
    const commentLength = u16(bytes, offset + 32);
    const local = u32(bytes, offset + 42);
    const name = decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/') || !accept(name)) continue;
    if (size > limits.maxFileBytes)
      throw broken(`${name.slice(0, 200)} is ${size} bytes, more than ${limits.maxFileBytes}`);
    total += size;
    if (total > limits.maxTotalBytes) throw broken(`its files add up to more than ${limits.maxTotalBytes} bytes`);
    if (u32(bytes, local) !== 0x04034b50) throw broken(`the entry ${name.slice(0, 200)} is damaged`);
    const start = local + 30 + u16(bytes, local + 26) + u16(bytes, local + 28);
    const data = bytes.subarray(start, start + compressed);
    if (method === 0) entries.push({ name, bytes: data.slice(0, size) });
    else if (method === 8) {
      try {
        entries.push({ name, bytes: inflateSync(data, { out: new Uint8Array(size) }) });
      } catch {
        throw broken(`the entry ${name.slice(0, 200)} does not inflate`);
      }
    } else throw broken(`the entry ${name.slice(0, 200)} uses compression method ${method}`);
  }
  return entries;
}

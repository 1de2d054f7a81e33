/**
 * The SSH wire encoding (RFC 4251 §5) that OpenSSH key files and fingerprints are built from: big-endian
 * uint32, and `string` = uint32 length + bytes. Pure and DOM-free so keys can be checked in Node.
 */

const textEncoder = new TextEncoder();

export function encodeUint32(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value >>> 0, false);
  return bytes;
}

/** An SSH `string`: a length prefix then the bytes; text is encoded as UTF-8. */
export function encodeString(value: Uint8Array | string): Uint8Array {
  const bytes = typeof value === 'string' ? textEncoder.encode(value) : value;
  return concatBytes(encodeUint32(bytes.length), bytes);
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** Reads SSH wire data front to back; throws on truncated input instead of returning garbage. */
export class SshReader {
  private offset = 0;
  constructor(private readonly bytes: Uint8Array) {}

  get remaining(): number {
    return this.bytes.length - this.offset;
  }

  readUint32(): number {
    this.need(4);
    const value = new DataView(this.bytes.buffer, this.bytes.byteOffset + this.offset, 4).getUint32(0, false);
    this.offset += 4;
    return value;
  }

  readBytes(length: number): Uint8Array {
    this.need(length);
    const value = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return value;
  }

  readString(): Uint8Array {
    return this.readBytes(this.readUint32());
  }

  readText(): string {
    return new TextDecoder().decode(this.readString());
  }

  private need(length: number) {
    if (length > this.remaining) throw new Error('Truncated SSH data.');
  }
}

/** Standard base64 with padding; `btoa` exists in browsers and in Node ≥ 16, so no Buffer is needed. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

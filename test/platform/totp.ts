/** RFC 6238 TOTP (and RFC 4226 HOTP) with node:crypto, for the MFA user. */
import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, '').replace(/\s/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index === -1) throw new Error(`Invalid base32 character ${JSON.stringify(char)}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export interface TotpOptions {
  digits?: number;
  stepSeconds?: number;
  algorithm?: 'sha1' | 'sha256' | 'sha512';
}

export function hotp(key: Buffer, counter: number, digits = 6, algorithm: TotpOptions['algorithm'] = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export function totpAt(key: Buffer, timeMs: number, options: TotpOptions = {}): string {
  const step = options.stepSeconds ?? 30;
  return hotp(key, Math.floor(timeMs / 1000 / step), options.digits ?? 6, options.algorithm);
}

/** Accepts the current code and one step either side, like most authenticator-backed logins. */
export function verifyTotp(base32Secret: string, code: string, timeMs: number): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  const key = base32Decode(base32Secret);
  for (const drift of [-1, 0, 1]) {
    if (totpAt(key, timeMs + drift * 30_000) === code) return true;
  }
  return false;
}

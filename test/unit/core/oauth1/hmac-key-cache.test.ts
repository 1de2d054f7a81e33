import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyholeError } from '../../../../src/core/errors.ts';
import { defaultKeyCache, HmacKeyCache } from '../../../../src/core/oauth1/hmac-key-cache.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

async function hmacBase64(key: CryptoKey, text: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(text));
  return Buffer.from(mac).toString('base64');
}

describe('HmacKeyCache', () => {
  it('imports a signing key once however many times it is asked for, concurrently or not', async () => {
    const importKey = vi.spyOn(crypto.subtle, 'importKey');
    const cache = new HmacKeyCache();
    const first = await Promise.all([cache.get('SHA-512', 'cs&ts'), cache.get('SHA-512', 'cs&ts')]);
    for (let i = 0; i < 50; i++) await cache.get('SHA-512', 'cs&ts');
    expect(importKey).toHaveBeenCalledTimes(1);
    expect(first[0]).toBe(first[1]);
    expect(cache.size).toBe(1);
  });

  it('imports a non-extractable HMAC key for signing only', async () => {
    const key = await new HmacKeyCache().get('SHA-1', 'cs&ts');
    expect(key.extractable).toBe(false);
    expect(key.usages).toEqual(['sign']);
    expect(key.algorithm).toMatchObject({ name: 'HMAC', hash: { name: 'SHA-1' } });
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });

  it('keeps SHA-512 and SHA-1 keys apart, and signs like node:crypto', async () => {
    const cache = new HmacKeyCache();
    const sha512 = await cache.get('SHA-512', 'k&');
    const sha1 = await cache.get('SHA-1', 'k&');
    expect(sha512).not.toBe(sha1);
    expect(await hmacBase64(sha512, 'base')).toBe(createHmac('sha512', 'k&').update('base').digest('base64'));
    expect(await hmacBase64(sha1, 'base')).toBe(createHmac('sha1', 'k&').update('base').digest('base64'));
  });

  it('evicts the least recently used key beyond its bound', async () => {
    const importKey = vi.spyOn(crypto.subtle, 'importKey');
    const cache = new HmacKeyCache(2);
    await cache.get('SHA-1', 'a&');
    await cache.get('SHA-1', 'b&');
    await cache.get('SHA-1', 'a&'); // a is now the most recently used
    await cache.get('SHA-1', 'c&'); // evicts b
    expect(cache.size).toBe(2);
    expect(importKey).toHaveBeenCalledTimes(3);
    await cache.get('SHA-1', 'a&');
    expect(importKey).toHaveBeenCalledTimes(3);
    await cache.get('SHA-1', 'b&');
    expect(importKey).toHaveBeenCalledTimes(4);
  });

  it('forgets every key on clear (sign-out)', async () => {
    const importKey = vi.spyOn(crypto.subtle, 'importKey');
    const cache = new HmacKeyCache();
    await cache.get('SHA-512', 'a&');
    cache.clear();
    expect(cache.size).toBe(0);
    await cache.get('SHA-512', 'a&');
    expect(importKey).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed import, so the next call tries again', async () => {
    const importKey = vi.spyOn(crypto.subtle, 'importKey').mockRejectedValueOnce(new Error('boom'));
    const cache = new HmacKeyCache();
    await expect(cache.get('SHA-512', 'a&')).rejects.toThrow('boom');
    expect(cache.size).toBe(0);
    const key = await cache.get('SHA-512', 'a&');
    expect(key.type).toBe('secret');
    expect(importKey).toHaveBeenCalledTimes(2);
  });

  it('refuses a bound below one', () => {
    expect(() => new HmacKeyCache(0)).toThrow(KeyholeError);
    expect(() => new HmacKeyCache(1.5)).toThrow(KeyholeError);
  });

  it('exports a shared default cache', () => {
    expect(defaultKeyCache).toBeInstanceOf(HmacKeyCache);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isFormMediaType, parseFormBody, signedFormParameters } from '../../../../src/core/oauth1/form-body.ts';
import { twitter } from './vectors.ts';

describe('parseFormBody', () => {
  it('decodes + as a space and %2B as a plus', () => {
    expect(parseFormBody('a=1+2&b=1%2B2&c+d=x')).toEqual([
      ['a', '1 2'],
      ['b', '1+2'],
      ['c d', 'x'],
    ]);
  });

  it('keeps empty values, names without =, and repeated names in body order', () => {
    expect(parseFormBody('c2&a3=2+q&a3=&a3=a')).toEqual([
      ['c2', ''],
      ['a3', '2 q'],
      ['a3', ''],
      ['a3', 'a'],
    ]);
  });

  it('skips empty sequences but not empty names', () => {
    expect(parseFormBody('')).toEqual([]);
    expect(parseFormBody('&&a=1&&')).toEqual([['a', '1']]);
    expect(parseFormBody('=v')).toEqual([['', 'v']]);
  });

  it('splits on the first = only', () => {
    expect(parseFormBody('a=b=c')).toEqual([['a', 'b=c']]);
  });

  it('decodes UTF-8 byte sequences, lowercase hex included', () => {
    expect(parseFormBody('k=%C3%A9%e6%97%a5%F0%9F%94%91')).toEqual([['k', 'é日🔑']]);
    expect(parseFormBody('%F0%9F%94%91=raw🔑')).toEqual([['🔑', 'raw🔑']]);
  });

  it('keeps a stray % literally and replaces invalid UTF-8 with U+FFFD, as browsers do', () => {
    expect(parseFormBody('a=100%&b=%zz&c=%4')).toEqual([
      ['a', '100%'],
      ['b', '%zz'],
      ['c', '%4'],
    ]);
    expect(parseFormBody('a=%FF')).toEqual([['a', '\uFFFD']]);
  });

  it('keeps a leading ? as part of the first name (URLSearchParams would drop it)', () => {
    expect(parseFormBody('?a=1')).toEqual([['?a', '1']]);
  });

  it("decodes Twitter's status body", () => {
    expect(parseFormBody(twitter.body)).toEqual([['status', 'Hello Ladies + Gentlemen, a signed OAuth request!']]);
  });

  /*
   * URLSearchParams is the oracle below, with one carve-out: Node 20's implementation (ada 2.9) turns a raw
   * non-ASCII character into U+FFFD when the same string also holds an invalid UTF-8 escape ("é%E6" gives
   * two U+FFFD). The standard encodes the string to UTF-8 first, so "é" survives; `new URL()` does that.
   */
  it('follows the WHATWG order (UTF-8 encode, then percent-decode) where Node URLSearchParams does not', () => {
    expect(parseFormBody('é%E6=1')).toEqual([['é\uFFFD', '1']]);
    expect([...new URL('https://example.com/?é%E6=1').searchParams]).toEqual([['é\uFFFD', '1']]);
  });

  const wellFormedEscapes = ['%2B', '%2b', '%20', '%3D', '%26', '%C3%A9', '%e6%97%a5', '%F0%9F%94%91'];
  const brokenEscapes = ['%', '%zz', '%4', '%FF', '%E6%97', '%C3'];
  const bodyOf = (piece: fc.Arbitrary<string>) => fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join(''));

  it('agrees with URLSearchParams on any ASCII body, broken escapes included', () => {
    const piece = fc.oneof(
      fc.constantFrom('&', '=', '+', ...wellFormedEscapes, ...brokenEscapes),
      fc.string({ unit: 'binary-ascii', maxLength: 4 }),
    );
    fc.assert(
      fc.property(bodyOf(piece), (text) => {
        fc.pre(!text.startsWith('?'));
        expect(parseFormBody(text)).toEqual([...new URLSearchParams(text)]);
      }),
      { numRuns: 1000 },
    );
  });

  it('agrees with URLSearchParams on any Unicode body with well-formed escapes', () => {
    const piece = fc.oneof(
      fc.constantFrom('&', '=', '+', ...wellFormedEscapes),
      fc.string({ unit: 'binary', maxLength: 4 }).filter((text) => !text.includes('%')),
    );
    fc.assert(
      fc.property(bodyOf(piece), (text) => {
        fc.pre(!text.startsWith('?'));
        expect(parseFormBody(text)).toEqual([...new URLSearchParams(text)]);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('parseFormBody against a byte-by-byte reference', () => {
  /**
   * WHATWG URL §5.1 written out byte by byte, as the signer did before its decodeURIComponent fast path. A
   * component with neither `+` nor `%` is returned untouched (a lone surrogate included: the signer refuses
   * it later, when it percent-encodes it).
   */
  function referenceDecode(component: string): string {
    if (!component.includes('+') && !component.includes('%')) return component;
    const bytes = new TextEncoder().encode(component.split('+').join(' '));
    const out: number[] = [];
    for (let i = 0; i < bytes.length; i++) {
      const hex = String.fromCharCode(bytes[i + 1] ?? 0, bytes[i + 2] ?? 0);
      if (bytes[i] === 0x25 && /^[0-9A-Fa-f]{2}$/.test(hex)) {
        out.push(Number.parseInt(hex, 16));
        i += 2;
      } else {
        out.push(bytes[i]!);
      }
    }
    return new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(out));
  }

  function referenceParse(text: string): [string, string][] {
    return text
      .split('&')
      .filter((sequence) => sequence !== '')
      .map((sequence) => {
        const equals = sequence.indexOf('=');
        if (equals === -1) return [referenceDecode(sequence), ''];
        return [referenceDecode(sequence.slice(0, equals)), referenceDecode(sequence.slice(equals + 1))];
      });
  }

  it('decodes any mix of escaped bytes (valid UTF-8 or not), broken escapes, + and raw Unicode the same way', () => {
    const anyByte = fc.integer({ min: 0, max: 255 });
    const byteEscape = fc.tuple(anyByte, fc.boolean()).map(([byte, lower]) => {
      const hex = byte.toString(16).padStart(2, '0');
      return `%${lower ? hex : hex.toUpperCase()}`;
    });
    const utf8Escapes = fc
      .string({ unit: 'binary', minLength: 1, maxLength: 2 })
      .map((text) =>
        Array.from(new TextEncoder().encode(text), (byte) => `%${byte.toString(16).toUpperCase()}`).join(''),
      );
    const piece = fc.oneof(
      { weight: 3, arbitrary: utf8Escapes },
      { weight: 3, arbitrary: byteEscape },
      { weight: 2, arbitrary: fc.constantFrom('&', '=', '+', '%', '%4', '%zz', '%EF%BB%BF', '%ED%A0%80', '%C0%80') },
      { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 3 }) },
      { weight: 1, arbitrary: fc.constantFrom('\uD800', '\uDFFF', 'é', '🔑') },
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 16 }).map((pieces) => pieces.join('')),
        (text) => {
          expect(parseFormBody(text)).toEqual(referenceParse(text));
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('signedFormParameters', () => {
  it('parses the body of an application/x-www-form-urlencoded request', () => {
    expect(signedFormParameters('application/x-www-form-urlencoded', 'a=1&b=2')).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
  });

  it('ignores case and media type parameters such as charset', () => {
    expect(signedFormParameters('Application/X-WWW-Form-URLEncoded; charset=UTF-8', 'a=1')).toEqual([['a', '1']]);
    expect(signedFormParameters('  application/x-www-form-urlencoded  ;charset=utf-8', 'a=1')).toEqual([['a', '1']]);
  });

  it('signs nothing from a JSON body, even one that looks like a form', () => {
    expect(signedFormParameters('application/json', '{"a":"1"}')).toEqual([]);
    expect(signedFormParameters('application/json', 'a=1&b=2')).toEqual([]);
  });

  it('signs nothing from multipart, text or unlabelled bodies', () => {
    expect(signedFormParameters('multipart/form-data; boundary=x', 'a=1')).toEqual([]);
    expect(signedFormParameters('text/plain', 'a=1')).toEqual([]);
    expect(signedFormParameters(undefined, 'a=1')).toEqual([]);
    expect(signedFormParameters('application/x-www-form-urlencoded', undefined)).toEqual([]);
  });

  it('does not accept a media type that merely starts with the form type', () => {
    expect(isFormMediaType('application/x-www-form-urlencoded-extra')).toBe(false);
    expect(isFormMediaType('application/x-www-form-urlencoded')).toBe(true);
  });

  it('reads an ambiguous type as a form when any server would, and signs its fields', async () => {
    // WHATWG's reading (the last of comma-separated types), checked with Node's own Request.
    const whatwg = 'text/plain; a=b, application/x-www-form-urlencoded';
    const request = new Request('http://127.0.0.1/', {
      method: 'POST',
      headers: { 'content-type': whatwg },
      body: 'oauth_token=x&a=1',
    });
    expect([...(await request.formData()).entries()]).toEqual([
      ['oauth_token', 'x'],
      ['a', '1'],
    ]);
    for (const ambiguous of [
      whatwg,
      'text/plain, application/x-www-form-urlencoded',
      'application/x-www-form-urlencoded x',
    ]) {
      expect(isFormMediaType(ambiguous), ambiguous).toBe(true);
      expect(signedFormParameters(ambiguous, 'oauth_token=x&a=1'), ambiguous).toEqual([
        ['oauth_token', 'x'],
        ['a', '1'],
      ]);
    }
    expect(isFormMediaType('text/plain, application/json')).toBe(false);
    expect(isFormMediaType('text/plain; charset=utf-8')).toBe(false);
  });
});

/**
 * The signing benchmark's cells, runnable both in Node and (bundled) in a Chromium page: the same requests
 * signed by Keyhole's `signRequest` and by `oauth-1.0a` + `crypto-js`, the pair the platform's own JS client
 * used. No Node or DOM API here beyond `performance.now()` and Web Crypto, which both environments have.
 */
import CryptoJS from 'crypto-js';
import OAuth from 'oauth-1.0a';
import { signedFormParameters } from '../src/core/oauth1/form-body.ts';
import { signRequest } from '../src/core/oauth1/sign-request.ts';
import type { SignatureMethod } from '../src/core/oauth1/types.ts';

export type Implementation = 'keyhole' | 'oauth-1.0a';

export interface SigningRequest {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  /** The body as the worker receives it: form-encoded text. */
  formBody?: string;
}

export interface SigningCell {
  request: SigningRequest;
  signatureMethod: SignatureMethod;
  implementation: Implementation;
}

export interface CellRounds {
  /** Signatures per second, one figure per round. */
  rates: number[];
}

export interface PairResult {
  keyhole: CellRounds;
  'oauth-1.0a': CellRounds;
  /** HMAC only: `crypto.subtle.sign` alone on a base string of the same length, key imported once. */
  webCryptoFloor?: CellRounds;
}

// Look like real credentials (lengths of the platform's keys and tokens) without being any.
const CREDENTIALS = {
  consumerKey: 'bench-consumer-key-0123456789abcdef',
  consumerSecret: 'bench-consumer-secret-0123456789abcdef',
  token: 'bench-access-token-0123456789abcdef0123456789',
  tokenSecret: 'bench-token-secret-0123456789abcdef0123456789',
};

const API = 'https://api.clever-cloud.com';

/** A form body of about 1 KB: the fields of an application creation, with a long description. */
function buildFormBody(): string {
  const fields: [string, string][] = [
    ['name', 'bench-application'],
    ['description', 'A long description with spaces, accents (é, ü), symbols (&=+/%) and more text. '.repeat(8)],
    ['zoneId', 'par'],
    ['instanceType', 'node'],
    ['instanceVersion', '20240101'],
    ['minInstances', '1'],
    ['maxInstances', '4'],
    ['minFlavor', 'XS'],
    ['maxFlavor', 'M'],
    ['deploy', 'git'],
    ['branch', 'main'],
    ['tags', 'bench,keyhole,oauth'],
  ];
  const body = new URLSearchParams(fields).toString();
  return body;
}

export const SIGNING_REQUESTS: SigningRequest[] = [
  {
    name: 'GET, 3 query params',
    method: 'GET',
    url: `${API}/v2/organisations/orga_3547a882-d464-4c34-8168-add4b3e0c135/applications?limit=50&offset=100&order=desc`,
  },
  {
    name: 'POST, 1 KB form body',
    method: 'POST',
    url: `${API}/v2/organisations/orga_3547a882-d464-4c34-8168-add4b3e0c135/applications`,
    formBody: buildFormBody(),
  },
];

const FORM_TYPE = 'application/x-www-form-urlencoded';

/** Returns a function that signs the cell's request once and yields the Authorization header. */
export function prepareSigner(cell: SigningCell): () => string | Promise<string> {
  const { request, signatureMethod } = cell;
  if (cell.implementation === 'keyhole') {
    // The worker's path: the body arrives as text and its fields are parsed for the signature every time.
    return async () => {
      const signed = await signRequest({
        method: request.method,
        url: request.url,
        credentials: CREDENTIALS,
        signatureMethod,
        formParams: signedFormParameters(request.formBody === undefined ? undefined : FORM_TYPE, request.formBody),
      });
      return signed.authorizationHeader;
    };
  }
  // The library's way: one OAuth object per consumer, fields given as an object, HMAC by crypto-js.
  const oauth = new OAuth({
    consumer: { key: CREDENTIALS.consumerKey, secret: CREDENTIALS.consumerSecret },
    signature_method: signatureMethod,
    hash_function: (baseString, key) => {
      if (signatureMethod === 'PLAINTEXT') return key;
      const mac =
        signatureMethod === 'HMAC-SHA512' ? CryptoJS.HmacSHA512(baseString, key) : CryptoJS.HmacSHA1(baseString, key);
      return mac.toString(CryptoJS.enc.Base64);
    },
  });
  const token = { key: CREDENTIALS.token, secret: CREDENTIALS.tokenSecret };
  return () => {
    const data = request.formBody === undefined ? undefined : Object.fromEntries(new URLSearchParams(request.formBody));
    return oauth.toHeader(oauth.authorize({ url: request.url, method: request.method, data }, token)).Authorization;
  };
}

/**
 * The ceiling for any Web Crypto signer: one `subtle.sign` per signature on a message as long as the request's
 * base string, with the key already imported, and nothing else.
 */
async function prepareWebCryptoFloor(
  request: SigningRequest,
  signatureMethod: Exclude<SignatureMethod, 'PLAINTEXT'>,
): Promise<() => Promise<string>> {
  const hash = signatureMethod === 'HMAC-SHA512' ? 'SHA-512' : 'SHA-1';
  const sample = await signRequest({
    method: request.method,
    url: request.url,
    credentials: CREDENTIALS,
    signatureMethod,
    formParams: signedFormParameters(request.formBody === undefined ? undefined : FORM_TYPE, request.formBody),
  });
  const message = new TextEncoder().encode(sample.debug.baseString);
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(`${CREDENTIALS.consumerSecret}&${CREDENTIALS.tokenSecret}`),
    { name: 'HMAC', hash },
    false,
    ['sign'],
  );
  return async () => {
    const mac = await crypto.subtle.sign('HMAC', key, message);
    return mac.byteLength > 0 ? 'x' : '';
  };
}

/** Signs in a loop for `durationMs` and answers signatures per second. Awaits only what returns a promise. */
export async function measureRate(sign: () => string | Promise<string>, durationMs: number): Promise<number> {
  let count = 0;
  let sink = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    for (let i = 0; i < 8; i += 1) {
      const result = sign();
      const header = typeof result === 'string' ? result : await result;
      sink += header.length;
    }
    count += 8;
    elapsed = performance.now() - start;
  } while (elapsed < durationMs);
  if (sink === 0) throw new Error('no signature was produced');
  return (count * 1000) / elapsed;
}

/**
 * Runs the two implementations of one request and method in alternation (warm-up, then `rounds` rounds each),
 * so a slow moment of a shared machine hits both sides alike.
 */
export async function runPair(
  request: SigningRequest,
  signatureMethod: SignatureMethod,
  options: { warmUpMs: number; roundMs: number; rounds: number },
): Promise<PairResult> {
  const ours = prepareSigner({ request, signatureMethod, implementation: 'keyhole' });
  const anchor = prepareSigner({ request, signatureMethod, implementation: 'oauth-1.0a' });
  const floor = signatureMethod === 'PLAINTEXT' ? undefined : await prepareWebCryptoFloor(request, signatureMethod);
  await measureRate(ours, options.warmUpMs);
  await measureRate(anchor, options.warmUpMs);
  if (floor) await measureRate(floor, options.warmUpMs / 2);
  const result: PairResult = { keyhole: { rates: [] }, 'oauth-1.0a': { rates: [] } };
  if (floor) result.webCryptoFloor = { rates: [] };
  for (let round = 0; round < options.rounds; round += 1) {
    result.keyhole.rates.push(await measureRate(ours, options.roundMs));
    result['oauth-1.0a'].rates.push(await measureRate(anchor, options.roundMs));
    // Every other round is enough for a diagnostic figure, and keeps the cell short.
    if (floor && round % 2 === 0) result.webCryptoFloor?.rates.push(await measureRate(floor, options.roundMs));
  }
  return result;
}

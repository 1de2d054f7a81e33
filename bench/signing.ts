/**
 * Signatures per second, Keyhole's `signRequest` (Web Crypto, cached HMAC keys) against `oauth-1.0a` +
 * `crypto-js`, for a GET with 3 query parameters and a POST with a 1 KB form body, with each signature
 * method, in Node and in Chromium. Each cell: a warm-up, then rounds alternating between the two sides;
 * the figure is the median round.
 */
import { fileURLToPath } from 'node:url';
import type { SignatureMethod } from '../src/core/oauth1/types.ts';
import type { SigningPageApi } from './browser/signing-page.ts';
import { bundleForBrowser } from './browser-bundle.ts';
import type { BrowserSession } from './browser-session.ts';
import { type BenchRow, compareRates } from './results.ts';
import { type PairResult, runPair, SIGNING_REQUESTS } from './signing-cells.ts';
import { median, round } from './stats.ts';

export interface SigningOptions {
  warmUpMs: number;
  roundMs: number;
  rounds: number;
}

export const DEFAULT_SIGNING_OPTIONS: SigningOptions = { warmUpMs: 300, roundMs: 50, rounds: 16 };

const METHODS: SignatureMethod[] = ['HMAC-SHA512', 'HMAC-SHA1', 'PLAINTEXT'];
const PAGE_ENTRY = fileURLToPath(new URL('./browser/signing-page.ts', import.meta.url));

type PairRunner = (requestIndex: number, method: SignatureMethod) => Promise<PairResult>;

export async function benchSigningInNode(options = DEFAULT_SIGNING_OPTIONS): Promise<BenchRow[]> {
  return benchSigning('Signing (Node)', (index, method) => runPair(SIGNING_REQUESTS[index]!, method, options));
}

export async function benchSigningInChromium(
  session: BrowserSession,
  options = DEFAULT_SIGNING_OPTIONS,
): Promise<BenchRow[]> {
  const script = await bundleForBrowser(PAGE_ENTRY);
  const page = await session.openQuietPage();
  try {
    // Evaluated through the DevTools protocol: the extension's CSP would refuse an inline <script>.
    await page.evaluate(script);
    return await benchSigning('Signing (Chromium)', (index, method) =>
      page.evaluate(
        ([i, m, o]) => {
          const api = (globalThis as unknown as { keyholeSigningBench: SigningPageApi }).keyholeSigningBench;
          return api.runPair(api.requests[i]!, m, o);
        },
        [index, method, options] as const,
      ),
    );
  } finally {
    await page.close();
  }
}

async function benchSigning(group: string, run: PairRunner): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const [index, request] of SIGNING_REQUESTS.entries()) {
    for (const method of METHODS) {
      const result = await run(index, method);
      const ours = median(result.keyhole.rates);
      const anchor = median(result['oauth-1.0a'].rates);
      const ratio = compareRates(ours, anchor);
      const hmac = method !== 'PLAINTEXT';
      rows.push({
        group,
        figure: `${request.name}, ${method}`,
        ours: { value: Math.round(ours), unit: 'signatures/s', samples: result.keyhole.rates.map((r) => round(r, 0)) },
        anchor: {
          label: 'oauth-1.0a + crypto-js',
          value: Math.round(anchor),
          unit: 'signatures/s',
          samples: result['oauth-1.0a'].rates.map((r) => round(r, 0)),
        },
        ratio,
        ...(hmac ? { target: '≥ 3× anchor', met: ratio >= 3 } : {}),
        ...(result.webCryptoFloor ? { note: describeFloor(median(result.webCryptoFloor.rates), anchor) } : {}),
      });
    }
  }
  return rows;
}

/** Says how far a Web Crypto signer could go at best, so a missed target reads as what it is. */
function describeFloor(floorRate: number, anchorRate: number): string {
  const reachable = floorRate >= 3 * anchorRate;
  return (
    `crypto.subtle.sign alone (key imported once, nothing else): ${Math.round(floorRate).toLocaleString('en-US')}/s, ` +
    `${(floorRate / anchorRate).toFixed(2)}× the anchor: ` +
    (reachable ? 'the ceiling leaves room for 3×.' : 'even a signer doing nothing but the HMAC could not reach 3×.')
  );
}

/** Bundled into one script and evaluated in a Chromium page: exposes the signing cells to the bench driver. */
import { runPair, SIGNING_REQUESTS } from '../signing-cells.ts';

export interface SigningPageApi {
  requests: typeof SIGNING_REQUESTS;
  runPair: typeof runPair;
}

(globalThis as unknown as { keyholeSigningBench: SigningPageApi }).keyholeSigningBench = {
  requests: SIGNING_REQUESTS,
  runPair,
};

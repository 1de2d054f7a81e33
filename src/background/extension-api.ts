import type Browser from 'webextension-polyfill';

/**
 * The worker calls the browser's own promise-based extension API: Firefox's `browser` and Chrome's MV3
 * `chrome` both return promises for every call the worker makes. webextension-polyfill (which the pages use)
 * would cost a fifth of the worker's 15 KB budget for nothing here; its typings still describe the API.
 * The one callback-style surface, runtime.onMessage, is used through `sendResponse` (see index.ts).
 */
const scope = globalThis as unknown as { browser?: Browser.Browser; chrome?: Browser.Browser };

export const browser: Browser.Browser = (scope.browser ?? scope.chrome) as Browser.Browser;
export type { Browser };

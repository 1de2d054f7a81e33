export const FIRST_ACCOUNT_RENDER = 'keyhole:first-account-render';

/**
 * Marks the moment an account is first on screen (from the cache or the worker), once per page, so a benchmark
 * can read it with performance.getEntriesByName. The page's own timeline is the flag: no module state.
 */
export function markFirstAccountRender(): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  if (performance.getEntriesByName(FIRST_ACCOUNT_RENDER, 'mark').length > 0) return;
  performance.mark(FIRST_ACCOUNT_RENDER);
}

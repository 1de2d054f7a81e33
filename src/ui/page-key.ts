/**
 * This page's key: made when the page loads, kept in its memory only, registered with the worker on the call port
 * (core/page-key.ts) and shown again to read a large body the worker holds for one of its calls. Another page with
 * the same URL (a second DevTools panel) has its own, so it cannot take this page's bodies.
 */
export const PAGE_KEY = crypto.randomUUID();

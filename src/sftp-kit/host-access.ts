/** The answer to a run-time host permission request, and what to tell the user about it. No browser API here. */

export type HostAccess = 'granted' | 'refused' | 'unavailable';

/** What to tell the user when access was not granted; the call is still tried (CORS may allow it). */
export function describeHostAccess(access: HostAccess, url: string): string | null {
  if (access === 'granted') return null;
  const origin = (() => {
    try {
      return new URL(url).origin;
    } catch {
      return url;
    }
  })();
  return access === 'refused'
    ? `The browser did not allow Keyhole to access ${origin}. Keyhole tried anyway: this works only if that server allows it (CORS). If the call fails, click again and allow access.`
    : `Keyhole could not ask the browser for access to ${origin} (the prompt is pending or unavailable). It tried anyway: allow access if the browser asks, then retry.`;
}

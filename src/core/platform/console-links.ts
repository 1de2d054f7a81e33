/**
 * Addresses in the platform's web console for a space. The console base comes from the user's profile,
 * so only http(s) addresses become links: anything else (a typo, a `javascript:` URL) yields no link.
 */
export function buildConsoleLink(consoleUrl: string | undefined, space: { id: string; personal: boolean }) {
  if (!consoleUrl) return undefined;
  let base: URL;
  try {
    base = new URL(consoleUrl);
  } catch {
    return undefined;
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') return undefined;
  // Tolerate a profile that stores the personal page itself as its console address.
  const root = base.href.replace(/\/+$/, '').replace(/\/users\/me$/, '');
  return space.personal ? `${root}/users/me` : `${root}/organisations/${encodeURIComponent(space.id)}`;
}

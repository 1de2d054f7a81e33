/**
 * What an avatar shows, shared by Avatar.tsx (the app) and first-paint-dom.ts (the account painted before the app
 * loads), so both draw the same picture or the same initials at the same size.
 */

/** Initials from a name or address: "Ada Lovelace" → "AL", "ada@x.test" → "A". */
export function initialsOf(label: string): string {
  const words = label
    .replace(/@.*/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  return letters.map((word) => word.charAt(0).toUpperCase()).join('') || '?';
}

/**
 * The hosts the platform's records put avatars on: pictures uploaded to the console are on its Cellar bucket
 * (`https://ccapiavatars.cellar-c2.services.clever-cloud.com/<orga or user id>/avatar.png`), and `PUT /self/avatar`
 * or `/organisations/{id}/avatar` may instead point at a GitHub or Gravatar picture (the OpenAPI description's
 * `source`: "github or gravatar"). Any other address in an API answer is not loaded: a picture fetched when the
 * popup opens tells its host who opened it and when (a tracking pixel). Initials are shown instead.
 */
export const AVATAR_HOSTS: ReadonlySet<string> = new Set([
  'ccapiavatars.cellar-c2.services.clever-cloud.com',
  'avatars.githubusercontent.com',
  'secure.gravatar.com',
  'www.gravatar.com',
  'gravatar.com',
]);

/**
 * Gravatar's `d` (or `default`) parameter may be a URL: when the address has no picture, Gravatar answers with a
 * redirect there, and the image follows it. An API answer holding `https://secure.gravatar.com/avatar/0?d=https://
 * tracker.example/p.png` would load the tracker through an allowed host. Only Gravatar's own built-in defaults
 * (its documented keywords) are kept.
 */
const GRAVATAR_DEFAULTS: ReadonlySet<string> = new Set([
  '404',
  'mp',
  'mm',
  'identicon',
  'monsterid',
  'wavatar',
  'retro',
  'robohash',
  'blank',
]);

function redirectsElsewhere(url: URL): boolean {
  if (!url.hostname.endsWith('gravatar.com')) return false;
  for (const [name, value] of url.searchParams)
    if ((name === 'd' || name === 'default') && !GRAVATAR_DEFAULTS.has(value)) return true;
  return false;
}

/** An https picture on one of AVATAR_HOSTS, on its default port, without credentials; anything else is initials. */
export function isLoadableAvatar(src: string | undefined): src is string {
  let url: URL;
  try {
    url = new URL(src ?? '');
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    AVATAR_HOSTS.has(url.hostname) &&
    url.port === '' &&
    !url.username &&
    !url.password &&
    !redirectsElsewhere(url)
  );
}

export function avatarSize(size: number): { width: string; height: string; fontSize: string } {
  return { width: `${size}px`, height: `${size}px`, fontSize: `${Math.round(size * 0.4)}px` };
}

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

/** Only http(s) pictures are loaded: anything else (a `javascript:` or `data:` address) falls back to initials. */
export function isLoadableAvatar(src: string | undefined): src is string {
  return src !== undefined && /^https?:/.test(src);
}

export function avatarSize(size: number): { width: string; height: string; fontSize: string } {
  return { width: `${size}px`, height: `${size}px`, fontSize: `${Math.round(size * 0.4)}px` };
}

import { useState } from 'preact/hooks';

/** Initials from a name or address: "Ada Lovelace" → "AL", "ada@x.test" → "A". */
function initialsOf(label: string): string {
  const words = label
    .replace(/@.*/, '')
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  return letters.map((word) => word.charAt(0).toUpperCase()).join('') || '?';
}

/** A picture when the platform has one that loads, initials otherwise. Decorative: the name is always beside it. */
export function Avatar({ src, label, size, square }: { src?: string; label: string; size: number; square?: boolean }) {
  const [broken, setBroken] = useState(false);
  const style = { width: `${size}px`, height: `${size}px`, fontSize: `${Math.round(size * 0.4)}px` };
  const shape = square ? 'kp-avatar kp-avatar--square' : 'kp-avatar';
  if (src && !broken && /^https?:/.test(src)) {
    return (
      <img class={shape} src={src} alt="" style={style} referrerpolicy="no-referrer" onError={() => setBroken(true)} />
    );
  }
  return (
    <span class={`${shape} kp-avatar--initials`} style={style} aria-hidden="true">
      {initialsOf(label)}
    </span>
  );
}

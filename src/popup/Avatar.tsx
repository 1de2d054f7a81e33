import { useState } from 'preact/hooks';
import { avatarSize, initialsOf, isLoadableAvatar } from './avatar-parts.ts';

/** A picture when the platform has one that loads, initials otherwise. Decorative: the name is always beside it. */
export function Avatar({ src, label, size, square }: { src?: string; label: string; size: number; square?: boolean }) {
  const [broken, setBroken] = useState(false);
  const style = avatarSize(size);
  const shape = square ? 'kp-avatar kp-avatar--square' : 'kp-avatar';
  if (!broken && isLoadableAvatar(src)) {
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

import type { ProfileView } from '../core/protocol.ts';
import type { ProfileChoice } from './popup-controller.ts';

/** A select when there is a choice to make; otherwise just the active profile's name. */
export function ProfileSwitcher({
  choice,
  current,
  busy,
  onSwitch,
}: {
  choice: ProfileChoice | undefined;
  current: ProfileView | undefined;
  busy: boolean;
  onSwitch: (id: string) => void;
}) {
  const activeId = current?.id ?? choice?.activeId ?? '';
  if (!choice || choice.profiles.length < 2) {
    return current ? (
      <span class="kp-chip" title="Active profile">
        <span class="kh-visually-hidden">Active profile: </span>
        {current.name}
      </span>
    ) : null;
  }
  return (
    <label class="kp-profile">
      <span class="kh-visually-hidden">Active profile</span>
      <select
        class="kp-profile__select"
        value={activeId}
        disabled={busy}
        onChange={(event) => onSwitch((event.currentTarget as HTMLSelectElement).value)}
      >
        {choice.profiles.map((profile) => (
          <option key={profile.id} value={profile.id}>
            {profile.name}
          </option>
        ))}
      </select>
    </label>
  );
}

import type { ProfileView } from '../core/protocol.ts';
import { ProfileSwitcher } from './ProfileSwitcher.tsx';
import type { ProfileChoice } from './popup-controller.ts';

export function TopBar(props: {
  choice: ProfileChoice | undefined;
  current: ProfileView | undefined;
  busy: boolean;
  onSwitch: (id: string) => void;
}) {
  return (
    <header class="kp-topbar">
      <span class="kp-brand">
        <img src="/icons/icon-32.png" width="18" height="18" alt="" />
        Keyhole
      </span>
      <ProfileSwitcher {...props} />
    </header>
  );
}

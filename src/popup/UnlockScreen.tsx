import { UnlockForm } from '../ui/UnlockForm.tsx';
import type { LockedStatus } from '../ui/vault-gate.ts';
import { Icon } from './Icon.tsx';

// The gate comes with the screen: the popup loads neither until the vault is found locked (popup-vault.ts).
export { VaultGate } from '../ui/vault-gate.ts';

/** Loaded only when the vault is locked (dynamic import): the popup's first script stays within its budget. */
export default function UnlockScreen({
  status,
  onUnlock,
}: {
  status: LockedStatus;
  onUnlock: (passphrase: string) => Promise<void>;
}) {
  return (
    <main class="kp-main kp-screen kp-unlock">
      <span class="kp-screen__icon" aria-hidden="true">
        <Icon name="lock" />
      </span>
      <UnlockForm status={status} onUnlock={onUnlock} heading="h1" autoFocus />
    </main>
  );
}

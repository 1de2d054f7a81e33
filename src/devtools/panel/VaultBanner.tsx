import { UnlockForm } from '../../ui/UnlockForm.tsx';
import type { LockedStatus } from '../../ui/vault-gate.ts';

/**
 * Shown above the workbench (or a full-width view) while the vault is locked. A call refused as locked waits
 * for this form and is sent once the vault opens; Escape in the composer cancels it instead.
 */
export default function VaultBanner({
  status,
  waiting,
  onUnlock,
}: {
  status: LockedStatus;
  waiting: boolean;
  onUnlock: (passphrase: string) => Promise<void>;
}) {
  return (
    <div class="kh-banner kh-banner--warn kh-vault-banner">
      <UnlockForm status={status} onUnlock={onUnlock} autoFocus={waiting} />
      {waiting ? (
        <p class="kh-muted kh-small" role="status">
          Your request waits for the unlock and is sent right after it.
        </p>
      ) : null}
    </div>
  );
}

import { getActiveProfileId } from './profiles.ts';
import { vault } from './secret-store.ts';
import { getClockOffset, readSession } from './session.ts';

/**
 * A stopped worker is started by the event it must answer, most often a page's call to sign and send. Its first
 * call then waited on one storage read after another: the profiles record, IndexedDB's opening, the vault's lock
 * record and device key, the session, the clock offset. Started here, as the worker starts (after every listener
 * is wired, so no event waits for it), those reads run while the browser is still delivering the event, and the
 * call finds them done or under way (local-store.ts and the vault join a read under way). Reads only: nothing is
 * written, decrypted or unlocked, and a failed read is left for the call that needs it to report.
 */
export function warmUp(): void {
  void vault.warmUp();
  void getActiveProfileId()
    .then((id) => (id ? Promise.all([readSession(id), getClockOffset(id)]) : undefined))
    .catch(() => undefined);
}

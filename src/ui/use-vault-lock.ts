import { useEffect, useState } from 'preact/hooks';
import type { LockedStatus, VaultGate } from './vault-gate.ts';

/** The gate's lock state for a view, re-rendered on change; asks the worker once when the view opens. */
export function useVaultLock(gate: VaultGate | undefined): { locked?: LockedStatus; waiting: boolean } {
  const read = () => ({ ...(gate?.locked ? { locked: gate.locked } : {}), waiting: gate?.hasWaitingCalls ?? false });
  const [state, setState] = useState(read);
  useEffect(() => {
    if (!gate) return;
    setState(read());
    const unsubscribe = gate.subscribe(() => setState(read()));
    void gate.check();
    return unsubscribe;
  }, [gate]);
  return state;
}

import type { ComponentType } from 'preact';
import type { LockedStatus, VaultGate } from '../ui/vault-gate.ts';
import type { SendFn } from './services.ts';

/**
 * The popup's side of the passphrase lock, kept small: the popup's first script has a 20 KB budget. Nothing of
 * the lock loads until the vault is found locked (on opening, or when a call is refused as locked); then the
 * gate and the unlock screen come in one dynamic import, and each call refused as locked waits in the gate and
 * is sent again once the vault opens.
 */
export interface UnlockModule {
  default: ComponentType<{ status: LockedStatus; onUnlock: (passphrase: string) => Promise<void> }>;
  VaultGate: typeof VaultGate;
}

export class PopupVault {
  readonly send: SendFn;
  gate: VaultGate | undefined;
  Screen: UnlockModule['default'] | undefined;
  private loading: Promise<VaultGate> | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly raw: SendFn,
    private readonly load: () => Promise<UnlockModule>,
  ) {
    type Untyped = (...all: unknown[]) => Promise<unknown>;
    this.send = (async (...args: unknown[]) => {
      try {
        return await (raw as Untyped)(...args);
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'vault-locked') throw error;
        return ((await this.open()).send as Untyped)(...args);
      }
    }) as SendFn;
    // Locked already: the form shows before anything is refused.
    raw('vault/status').then(
      (status) => void (status.state === 'locked' && this.open()),
      () => undefined,
    );
  }

  get locked(): LockedStatus | undefined {
    return this.gate?.locked;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private open(): Promise<VaultGate> {
    this.loading ??= this.load().then((module) => {
      const gate = new module.VaultGate(this.raw);
      this.Screen = module.default;
      this.gate = gate;
      gate.subscribe(() => this.notify());
      void gate.check();
      return gate;
    });
    this.loading.catch(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

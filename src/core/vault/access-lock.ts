/**
 * Many shared holders or one exclusive holder at a time. The vault reads and writes secrets under the shared
 * side and re-encrypts or locks under the exclusive side, so no secret is written under a key that is being
 * replaced and no plaintext is cached again after a lock cleared it. An exclusive request stops new shared
 * holders at once and waits for the current ones to finish; exclusive holders run one after the other.
 */
export class AccessLock {
  private active = 0;
  private pendingExclusive = 0;
  private gate: Promise<void> | undefined;
  private openGate: (() => void) | undefined;
  private tail: Promise<unknown> = Promise.resolve();
  private drainedWaiters: (() => void)[] = [];

  async shared<T>(work: () => Promise<T>): Promise<T> {
    while (this.gate) await this.gate;
    this.active++;
    try {
      return await work();
    } finally {
      this.active--;
      if (this.active === 0) for (const resolve of this.drainedWaiters.splice(0)) resolve();
    }
  }

  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    this.pendingExclusive++;
    if (!this.gate) this.gate = new Promise((resolve) => (this.openGate = resolve));
    const run = this.tail.then(async () => {
      await this.drained();
      return work();
    });
    this.tail = run.catch(() => undefined);
    try {
      return await run;
    } finally {
      this.pendingExclusive--;
      if (this.pendingExclusive === 0) {
        const open = this.openGate;
        this.gate = undefined;
        this.openGate = undefined;
        open?.();
      }
    }
  }

  private drained(): Promise<void> {
    if (this.active === 0) return Promise.resolve();
    return new Promise((resolve) => this.drainedWaiters.push(resolve));
  }
}

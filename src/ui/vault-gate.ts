import { KeyholeError } from '../core/errors.ts';
import type { MessageName, RequestOf, ResponseOf, VaultStatus } from '../core/protocol.ts';

/**
 * A page's view of the passphrase lock, and a `send` that knows about it.
 *
 * When a call fails with `vault-locked`, the call waits instead of failing: the page shows its unlock form
 * (`locked` is set), and once the vault is open (here or in another view) the call is sent again, so the user
 * carries on where they were. Nothing was sent to the platform the first time: the worker refuses before it
 * signs anything. A call cancelled while it waits (`request/cancel`) fails with `cancelled` and is never sent.
 */

export type SendFn = <K extends MessageName>(
  name: K,
  ...args: RequestOf<K> extends undefined ? [] : [RequestOf<K>]
) => Promise<ResponseOf<K>>;

export type LockedStatus = Extract<VaultStatus, { state: 'locked' }>;

interface Waiting {
  requestId?: string;
  /** A call the page made on its own (rights, picker lists): it waits too, but is not "your request". */
  background: boolean;
  resume(): void;
  fail(error: KeyholeError): void;
}

/** A call that keeps failing as locked right after an unlock is reported, not retried forever. */
const MAX_RESUMES = 3;

export class VaultGate {
  readonly send: SendFn;
  /** `send` for calls the user did not ask for: they wait as well, but neither announce nor take focus. */
  readonly sendInBackground: SendFn;
  private status: LockedStatus | undefined;
  private readonly waiting: Waiting[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(private readonly raw: SendFn) {
    this.send = ((name: MessageName, ...args: unknown[]) => this.call(name, args, 0, false)) as SendFn;
    this.sendInBackground = ((name: MessageName, ...args: unknown[]) => this.call(name, args, 0, true)) as SendFn;
  }

  /** Set while the vault is known to be locked: the page shows its unlock form. */
  get locked(): LockedStatus | undefined {
    return this.status;
  }

  /** True when a call the user made waits for the unlock (the form may take focus). */
  get hasWaitingCalls(): boolean {
    return this.waiting.some((waiting) => !waiting.background);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Asks the worker how the lock is; call on opening and whenever the worker says the lock changed. */
  async check(): Promise<void> {
    try {
      this.apply(await this.raw('vault/status'));
    } catch (error) {
      // Without an answer nothing can be unlocked here: waiting calls fail with what happened.
      this.failWaiting(error instanceof KeyholeError ? error : new KeyholeError('internal', String(error)));
    }
  }

  /** Throws what the worker says (wrong passphrase, …) for the form to show. */
  async unlock(passphrase: string): Promise<void> {
    this.apply(await this.raw('vault/unlock', { passphrase }));
  }

  private async call(name: MessageName, args: unknown[], resumes: number, background: boolean): Promise<unknown> {
    if (name === 'request/cancel') this.cancelWaiting((args[0] as RequestOf<'request/cancel'>).requestId);
    const send = this.raw as (name: MessageName, ...args: unknown[]) => Promise<unknown>;
    try {
      return await send(name, ...args);
    } catch (error) {
      if (!(error instanceof KeyholeError) || error.code !== 'vault-locked' || resumes >= MAX_RESUMES) throw error;
      await this.waitForUnlock(name === 'request/send' ? (args[0] as { requestId?: string }) : undefined, background);
      return this.call(name, args, resumes + 1, background);
    }
  }

  private waitForUnlock(request: { requestId?: string } | undefined, background: boolean): Promise<void> {
    return new Promise((resume, fail) => {
      const waiting: Waiting = { resume, fail, background };
      if (request?.requestId) waiting.requestId = request.requestId;
      this.waiting.push(waiting);
      this.notify();
      // Learn why it is locked (for the form), or find it already open again and resume at once.
      void this.check();
    });
  }

  private cancelWaiting(requestId: string): void {
    const index = this.waiting.findIndex((waiting) => waiting.requestId === requestId);
    if (index < 0) return;
    const [cancelled] = this.waiting.splice(index, 1);
    cancelled?.fail(new KeyholeError('cancelled', 'Cancelled before it was sent: Keyhole was locked.'));
    this.notify();
  }

  private apply(status: VaultStatus): void {
    if (status.state === 'locked') {
      this.status = status;
    } else {
      this.status = undefined;
      for (const waiting of this.waiting.splice(0)) waiting.resume();
    }
    this.notify();
  }

  private failWaiting(error: KeyholeError): void {
    for (const waiting of this.waiting.splice(0)) waiting.fail(error);
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

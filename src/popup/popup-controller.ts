/**
 * The popup's state and everything that changes it. Views only read `getState()` and call the actions.
 *
 * Opening order matters for speed: the first frame already shows the last account from the cache's synchronous
 * mirror (localStorage), marked as saved data being refreshed; IndexedDB (which the worker clears on sign-out and
 * profile deletion) confirms or drops it within milliseconds, the worker's status then decides, and the summary
 * is revalidated in the background and updated in place. Late answers never overwrite newer ones: every status
 * request and every summary request carries a sequence number.
 */

import { KeyholeError, type KeyholeErrorData, toErrorData } from '../core/errors.ts';
import { type AccountSummary, parseAccountSummary } from '../core/platform/account-summary.ts';
import type { ProfileView, SendResponse, SessionStatus, SessionUser } from '../core/protocol.ts';
import { type AccountSnapshot, buildCacheKey, CACHE_VERSION, type CachedAccount, toSnapshot } from './account-cache.ts';
import type { PopupServices } from './services.ts';

export interface AccountState {
  key: string;
  snapshot: AccountSnapshot;
  summary?: AccountSummary;
  /** When the shown summary was fetched (epoch ms). */
  fetchedAt?: number;
  /** True once the summary shown was fetched during this opening (not only read from the cache). */
  fresh: boolean;
  refreshing: boolean;
  /** Why the last refresh failed; the data shown is then the saved one. */
  error?: KeyholeErrorData;
}

export type PopupView =
  | { kind: 'loading' }
  | { kind: 'failed'; error: KeyholeErrorData }
  | { kind: 'unconfigured' }
  | { kind: 'signed-out'; profile: ProfileView; error?: KeyholeErrorData }
  | { kind: 'signing-in'; profile: ProfileView }
  | { kind: 'expired'; profile: ProfileView; user?: SessionUser; error?: KeyholeErrorData }
  | { kind: 'account'; account: AccountState };

export interface ProfileChoice {
  profiles: ProfileView[];
  activeId: string | null;
}

export interface PopupState {
  view: PopupView;
  profiles?: ProfileChoice;
  busy?: 'sign-in' | 'sign-out' | 'switch-profile';
  /** A failed action (sign-out, profile switch) that leaves the view as it was. */
  notice?: KeyholeErrorData;
}

const SUMMARY_REQUEST = { target: 'api', method: 'GET', path: '/v2/summary' } as const;

/** Errors after which the session itself may have ended: ask the worker again instead of only reporting. */
const SESSION_ERRORS = new Set(['session-expired', 'not-signed-in', 'not-configured']);

export class PopupController {
  private state: PopupState = { view: { kind: 'loading' } };
  private readonly listeners = new Set<() => void>();
  private statusSeq = 0;
  private appliedStatusSeq = 0;
  private summarySeq = 0;
  private pollTimer: ReturnType<typeof setTimeout> | undefined;
  private profilesRequested = false;
  private disposed = false;
  /** The key of the account painted from the mirror, until IndexedDB has confirmed or dropped it. */
  private snapshotKey: string | undefined;

  constructor(private readonly services: PopupServices) {
    // Nothing is awaited before the first paint: the mirror is read synchronously while the page boots.
    const snapshot = services.cache.peekLast();
    if (snapshot) {
      this.snapshotKey = snapshot.key;
      this.state = { view: { kind: 'account', account: accountFromCache(snapshot, true) } };
    }
  }

  getState(): PopupState {
    return this.state;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Shows the cached account as soon as it is read, while the worker is asked for the real status. */
  async start(): Promise<void> {
    const cached = this.showCachedAccount();
    await Promise.all([cached, this.refreshStatus()]);
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.pollTimer);
    this.listeners.clear();
  }

  /** Asks the worker again and, when signed in, refetches the summary. */
  async retry(): Promise<void> {
    const view = this.state.view;
    if (view.kind === 'account') {
      this.setAccount({ ...view.account, refreshing: true, error: undefined });
    } else if (view.kind === 'failed') {
      this.update({ view: { kind: 'loading' } });
    }
    await this.refreshStatus();
  }

  async signIn(): Promise<void> {
    const profile = profileOf(this.state.view);
    if (!profile || this.state.busy) return;
    const seq = ++this.statusSeq;
    // The real popup closes when the OAuth window opens; the worker finishes the dance on its own.
    this.update({ view: { kind: 'signing-in', profile }, busy: 'sign-in', notice: undefined });
    try {
      const status = await this.services.send('session/sign-in');
      this.update({ busy: undefined });
      this.applyStatus(status, seq);
    } catch (error) {
      this.update({ busy: undefined });
      await this.refreshStatus({ error: toErrorData(error) });
    }
  }

  async signOut(): Promise<void> {
    const view = this.state.view;
    if (this.state.busy) return;
    const seq = ++this.statusSeq;
    this.update({ busy: 'sign-out', notice: undefined });
    try {
      const status = await this.services.send('session/sign-out');
      // Who was signed in here is nobody's business once signed out.
      if (view.kind === 'account') await this.services.cache.remove(view.account.key).catch(() => undefined);
      this.update({ busy: undefined });
      this.applyStatus(status, seq);
    } catch (error) {
      this.update({ busy: undefined, notice: toErrorData(error) });
    }
  }

  async switchProfile(id: string): Promise<void> {
    if (this.state.busy || this.state.profiles?.activeId === id) return;
    const seq = ++this.statusSeq;
    this.update({ busy: 'switch-profile', notice: undefined });
    try {
      const status = await this.services.send('profiles/activate', { id });
      const profiles = this.state.profiles ? { ...this.state.profiles, activeId: id } : undefined;
      this.update({ busy: undefined, profiles });
      this.applyStatus(status, seq);
    } catch (error) {
      this.update({ busy: undefined, notice: toErrorData(error) });
    }
  }

  async openOptions(): Promise<void> {
    try {
      await this.services.openOptions();
    } catch (error) {
      this.update({ notice: toErrorData(error) });
    }
  }

  private async showCachedAccount(): Promise<void> {
    const entry = await this.services.cache.readLast().catch(() => undefined);
    const view = this.state.view;
    const snapshotKey = this.snapshotKey;
    this.snapshotKey = undefined;
    if (snapshotKey !== undefined) {
      // IndexedDB is the truth the mirror copies: the worker deletes entries there, and only there.
      const current = this.currentAccount();
      if (current?.key !== snapshotKey || current.fresh) return;
      if (!entry) {
        // The worker forgot this account (sign-out, profile deleted) since the mirror was written.
        void this.services.cache.clearLast().catch(() => undefined);
        if (this.appliedStatusSeq === 0)
          this.update({ view: current.error ? { kind: 'failed', error: current.error } : { kind: 'loading' } });
      } else if (entry.fetchedAt !== current.fetchedAt || entry.key !== snapshotKey) {
        if (entry.key !== snapshotKey && this.appliedStatusSeq > 0) return;
        void this.services.cache.point(entry.key).catch(() => undefined);
        const { key, snapshot, summary, fetchedAt } = entry;
        this.setAccount({ ...current, key, snapshot, summary, fetchedAt });
      }
      return;
    }
    if (!entry || (view.kind !== 'loading' && view.kind !== 'failed')) return;
    const account = accountFromCache(entry, view.kind === 'loading');
    if (view.kind === 'failed') account.error = view.error;
    this.update({ view: { kind: 'account', account } });
  }

  private async refreshStatus(options: { error?: KeyholeErrorData; revalidate?: boolean } = {}): Promise<void> {
    const seq = ++this.statusSeq;
    let status: SessionStatus;
    try {
      status = await this.services.send('session/status');
    } catch (error) {
      if (seq < this.appliedStatusSeq || this.disposed) return;
      this.showRefreshError(toErrorData(error));
      return;
    }
    this.applyStatus(status, seq, options);
  }

  private applyStatus(
    status: SessionStatus,
    seq: number,
    options: { error?: KeyholeErrorData; revalidate?: boolean } = {},
  ): void {
    if (seq < this.appliedStatusSeq || this.disposed) return;
    this.appliedStatusSeq = seq;
    clearTimeout(this.pollTimer);
    if (status.state !== 'unconfigured') this.loadProfiles();
    const error = options.error ?? ('lastError' in status ? status.lastError : undefined);
    switch (status.state) {
      case 'unconfigured':
        this.forgetLastAccount();
        this.update({ view: { kind: 'unconfigured' } });
        return;
      case 'signed-out':
        this.forgetLastAccount();
        this.update({ view: withError({ kind: 'signed-out', profile: status.profile }, error) });
        return;
      case 'expired': {
        this.forgetLastAccount();
        const view: PopupView = { kind: 'expired', profile: status.profile };
        if (status.user) view.user = status.user;
        this.update({ view: withError(view, error) });
        return;
      }
      case 'signing-in':
        this.update({ view: { kind: 'signing-in', profile: status.profile } });
        this.pollTimer = setTimeout(() => void this.refreshStatus(), this.services.pollIntervalMs ?? 1000);
        return;
      case 'signed-in':
        this.showSignedIn(status, options.revalidate ?? true);
        return;
    }
  }

  private showSignedIn(status: Extract<SessionStatus, { state: 'signed-in' }>, revalidate: boolean): void {
    const key = buildCacheKey(status.profile.id, status.user.id);
    const snapshot = toSnapshot(status);
    const current = this.currentAccount();
    if (current?.key === key) {
      this.setAccount({ ...current, snapshot, refreshing: revalidate, error: revalidate ? undefined : current.error });
    } else {
      this.setAccount({ key, snapshot, fresh: false, refreshing: revalidate });
      void this.fillFromCache(key);
    }
    if (revalidate) void this.revalidateSummary(key);
  }

  /** After a switch to another profile or user: show what was saved for them while the summary loads. */
  private async fillFromCache(key: string): Promise<void> {
    const entry = await this.services.cache.read(key).catch(() => undefined);
    const current = this.currentAccount();
    if (!entry || current?.key !== key || current.fresh) return;
    this.setAccount({ ...current, summary: entry.summary, fetchedAt: entry.fetchedAt });
    await this.services.cache.point(key).catch(() => undefined);
  }

  private async revalidateSummary(key: string): Promise<void> {
    const seq = ++this.summarySeq;
    let summary: AccountSummary;
    try {
      summary = decodeSummary(await this.services.send('request/send', { ...SUMMARY_REQUEST }));
    } catch (error) {
      if (seq !== this.summarySeq || this.disposed) return;
      const data = toErrorData(error);
      if (SESSION_ERRORS.has(data.code)) {
        // The worker may now know the session ended; if it still says signed in, report instead of looping.
        await this.refreshStatus({ revalidate: false });
      }
      const current = this.currentAccount();
      if (current?.key === key) this.setAccount({ ...current, refreshing: false, error: data });
      return;
    }
    const current = this.currentAccount();
    if (seq !== this.summarySeq || this.disposed || current?.key !== key) return;
    const fetchedAt = this.services.now();
    this.setAccount({ ...current, summary, fetchedAt, fresh: true, refreshing: false, error: undefined });
    const entry: CachedAccount = { version: CACHE_VERSION, key, snapshot: current.snapshot, summary, fetchedAt };
    await this.services.cache.save(entry).catch(() => undefined);
  }

  private loadProfiles(): void {
    if (this.profilesRequested) return;
    this.profilesRequested = true;
    this.services.send('profiles/list').then(
      (profiles) => {
        if (!this.disposed) this.update({ profiles });
      },
      // Without the list the switcher stays hidden; the active profile's name still shows.
      () => {
        this.profilesRequested = false;
      },
    );
  }

  private showRefreshError(error: KeyholeErrorData): void {
    const current = this.currentAccount();
    if (current) this.setAccount({ ...current, refreshing: false, error });
    else this.update({ view: { kind: 'failed', error } });
  }

  private forgetLastAccount(): void {
    void this.services.cache.clearLast().catch(() => undefined);
  }

  private currentAccount(): AccountState | undefined {
    const view = this.state.view;
    return view.kind === 'account' ? view.account : undefined;
  }

  private setAccount(account: AccountState): void {
    if (account.error === undefined) delete account.error;
    this.update({ view: { kind: 'account', account } });
  }

  private update(patch: Partial<PopupState>): void {
    if (this.disposed) return;
    const next: PopupState = { ...this.state, ...patch };
    for (const key of Object.keys(next) as (keyof PopupState)[]) {
      if (next[key] === undefined) delete next[key];
    }
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

function accountFromCache(entry: CachedAccount, refreshing: boolean): AccountState {
  return {
    key: entry.key,
    snapshot: entry.snapshot,
    summary: entry.summary,
    fetchedAt: entry.fetchedAt,
    fresh: false,
    refreshing,
  };
}

function profileOf(view: PopupView): ProfileView | undefined {
  if (view.kind === 'signed-out' || view.kind === 'expired' || view.kind === 'signing-in') return view.profile;
  if (view.kind === 'account') return view.account.snapshot.profile;
  return undefined;
}

function withError<V extends PopupView & { error?: KeyholeErrorData }>(view: V, error: KeyholeErrorData | undefined) {
  return error ? { ...view, error } : view;
}

/** The worker answers with the HTTP response as is; a non-2xx status or a body that is not JSON is an error here. */
export function decodeSummary(response: SendResponse): AccountSummary {
  if (response.status < 200 || response.status > 299) {
    const message =
      response.status >= 500
        ? `The platform had a problem (${response.status}). Try again in a moment.`
        : `The platform refused to list your account (${response.status} ${response.statusText}).`;
    const detail = response.body.kind === 'text' ? response.body.text.slice(0, 500) : undefined;
    throw new KeyholeError(
      'http-error',
      message,
      detail ? { status: response.status, detail } : { status: response.status },
    );
  }
  if (response.body.kind !== 'text') {
    throw new KeyholeError('malformed-response', 'The platform sent an account summary that is not text.');
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body.text);
  } catch {
    throw new KeyholeError('malformed-response', 'The platform sent an account summary that is not valid JSON.', {
      detail: response.body.text.slice(0, 200),
    });
  }
  return parseAccountSummary(body);
}

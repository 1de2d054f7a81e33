import type { AccountCache, CachedAccount } from '../../../../src/popup/account-cache.ts';

/** The account cache as a Map, with the same pointer rules as the IndexedDB one. */
export class MemoryAccountCache implements AccountCache {
  readonly entries = new Map<string, CachedAccount>();
  last: string | undefined;
  /** The synchronous mirror; like localStorage, the worker's deletions do not reach it. */
  snapshot: CachedAccount | undefined;

  peekLast() {
    return this.snapshot ? structuredClone(this.snapshot) : undefined;
  }

  async readLast() {
    return this.last ? this.entries.get(this.last) : undefined;
  }
  async read(key: string) {
    return this.entries.get(key);
  }
  async save(entry: CachedAccount) {
    this.entries.set(entry.key, structuredClone(entry));
    this.last = entry.key;
    this.snapshot = structuredClone(entry);
  }
  async point(key: string) {
    this.last = key;
    this.snapshot = this.entries.get(key);
  }
  async clearLast() {
    this.last = undefined;
    this.snapshot = undefined;
  }
  async remove(key: string) {
    this.entries.delete(key);
    if (this.last === key) this.last = undefined;
    if (this.snapshot?.key === key) this.snapshot = undefined;
  }
  /** What the worker does on sign-out or profile deletion: IndexedDB only, the mirror stays behind. */
  forgetInWorker(key: string) {
    this.entries.delete(key);
    if (this.last === key) this.last = undefined;
  }
}

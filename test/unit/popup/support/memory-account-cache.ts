import type { AccountCache, CachedAccount } from '../../../../src/popup/account-cache.ts';

/** The account cache as a Map, with the same pointer rules as the IndexedDB one. */
export class MemoryAccountCache implements AccountCache {
  readonly entries = new Map<string, CachedAccount>();
  last: string | undefined;

  async readLast() {
    return this.last ? this.entries.get(this.last) : undefined;
  }
  async read(key: string) {
    return this.entries.get(key);
  }
  async save(entry: CachedAccount) {
    this.entries.set(entry.key, structuredClone(entry));
    this.last = entry.key;
  }
  async point(key: string) {
    this.last = key;
  }
  async clearLast() {
    this.last = undefined;
  }
  async remove(key: string) {
    this.entries.delete(key);
    if (this.last === key) this.last = undefined;
  }
}

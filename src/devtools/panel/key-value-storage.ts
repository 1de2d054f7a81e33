/**
 * The panel's small settings store (drafts, history settings). Its own module so that the stores that use it
 * (history, drafts) do not import the services module that imports them.
 */
export interface KeyValueStorage {
  get<T>(key: string): Promise<T | undefined>;
  /** Writes a value; `null` forgets the record (storage.local then drops the key, browser-services.ts). */
  set(key: string, value: unknown): Promise<void>;
  /**
   * Calls `listener` after each write of `key` by any view (DevTools panels in other windows, the options page),
   * this one's own writes included, with the record before and after it (undefined: none). Absent where no other
   * view can write.
   */
  watch?(key: string, listener: (change: StorageChange) => void): () => void;
}

export interface StorageChange {
  oldValue: unknown;
  newValue: unknown;
}

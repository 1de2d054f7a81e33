import type { MessageName, RequestOf, ResponseOf } from '../../core/protocol.ts';
import type { VaultGate } from '../../ui/vault-gate.ts';
import type { SavedRequestStore } from './collections/saved-store.ts';
import type { HistoryStore } from './history/history-store.ts';
import type { KeyValueStorage } from './key-value-storage.ts';
import type { TabResponseStore } from './tabs/tab-responses.ts';

export type { KeyValueStorage };

/**
 * Everything the panel does outside itself, behind one interface: the worker, storage, history, downloads,
 * the clipboard and DevTools. The panel entry wires the browser versions; component tests pass fakes.
 */
export type SendFn = <K extends MessageName>(
  name: K,
  ...args: RequestOf<K> extends undefined ? [] : [RequestOf<K>]
) => Promise<ResponseOf<K>>;

/** One finished request as chrome.devtools.network reports it (a HAR entry, the parts we read). */
export interface CapturedHarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    headers: { name: string; value: string }[];
    postData?: { mimeType: string; text?: string };
  };
  response: { status: number; statusText: string };
}

export interface DevtoolsAccess {
  themeName?: string;
  /** Calls back when the user switches the DevTools theme (Chrome 99+). */
  onThemeChange?(listener: (themeName: string) => void): void;
  /** Present when the panel runs inside DevTools with the network API. */
  network?: {
    onRequestFinished(listener: (entry: CapturedHarEntry) => void): () => void;
    getEntries(): Promise<CapturedHarEntry[]>;
  };
}

/** The part of a runtime Port a stream view uses (a fake in component tests). */
export interface StreamPort {
  postMessage(message: unknown): void;
  disconnect(): void;
  onMessage: { addListener(listener: (message: unknown) => void): void };
  onDisconnect: { addListener(listener: () => void): void };
}

export interface PanelServices {
  send: SendFn;
  /** For calls the panel makes on its own (session rights, picker lists): they do not count as the user's request. */
  sendInBackground?: SendFn;
  /** The passphrase lock; `send` is the gate's, so a call refused as locked waits for the unlock. */
  vaultGate?: VaultGate;
  storage: KeyValueStorage;
  history: HistoryStore;
  /**
   * Saves a file under this name: in the downloads folder, or, with `ask`, where the user chooses in the
   * browser's Save dialog (the name is its suggestion).
   */
  download(blob: Blob, filename: string, options?: { ask?: boolean }): Promise<void>;
  copy(text: string): Promise<void>;
  openOptions(): void;
  /** Calls back when a profile, session or API token changes anywhere (popup, settings, worker); returns a stop. */
  watchSession?(listener: () => void): () => void;
  devtools?: DevtoolsAccess;
  version: string;
  /**
   * Which DevTools window this panel belongs to: its request tabs are stored under this key, so two DevTools
   * windows keep their own tabs and a reloaded panel gets its own back. Absent in tests: one shared workspace.
   */
  workspace?: string;
  /** Each tab's last response (IndexedDB); absent in tests: kept in memory. */
  tabResponses?: TabResponseStore;
  /** Saved requests (IndexedDB); absent in tests: kept in memory. */
  saved?: SavedRequestStore;
  /** Opens a port to the worker for a live stream (core/streams/stream-port.ts); absent where streams cannot run. */
  connectStream?(): StreamPort;
  /**
   * Settles once the panel's first frame is drawn: the startup reads (session, tabs) wait for it, so their answers
   * are not handled on the way to that frame (after-first-frame.ts). Absent in tests: they start at once.
   */
  firstFrame?: Promise<void>;
}

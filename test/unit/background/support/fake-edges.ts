/**
 * The worker's edges, in memory, for tests of src/background modules: storage.local, the sealed vault (by name,
 * sealed values as the JSON text the worker writes), the identity API, the popup's account cache and fetch.
 * Test files mock the real modules with these (vi.mock factories import this file), and read or reset them.
 */
import { vi } from 'vitest';

type ChangeListener = (changes: Record<string, unknown>, area: string) => void;
const changeListeners: ChangeListener[] = [];

/** storage.local: tests change it directly, and the worker hears of it as it would (storage.onChanged). */
class ObservedStorage extends Map<string, unknown> {
  override set(key: string, value: unknown): this {
    super.set(key, value);
    notify([key]);
    return this;
  }
  override delete(key: string): boolean {
    const had = super.delete(key);
    notify([key]);
    return had;
  }
  override clear(): void {
    const keys = [...this.keys()];
    super.clear();
    notify(keys);
  }
}

function notify(keys: string[]): void {
  const changes = Object.fromEntries(keys.map((key) => [key, {}]));
  for (const listener of changeListeners) listener(changes, 'local');
}

export const local = new ObservedStorage();
export const vault = new Map<string, string>();
/** Profile ids whose popup account cache the worker cleared. */
export const popupCacheCleared: string[] = [];

export const REDIRECT_URL = 'https://keyhole-test.chromiumapp.org/';

export const identity = {
  /** What launchWebAuthFlow does with the authorize URL; replace per test. */
  launch: async (_url: string): Promise<string> => {
    throw new Error('The user did not approve access.');
  },
};

export const extensionApiModule = {
  browser: {
    storage: {
      local: {
        get: async (key: string) => (local.has(key) ? { [key]: structuredClone(local.get(key)) } : {}),
        set: async (items: Record<string, unknown>) => {
          for (const [key, value] of Object.entries(items)) local.set(key, structuredClone(value));
        },
        remove: async (keys: string | string[]) => {
          for (const key of [keys].flat()) local.delete(key);
        },
      },
      onChanged: { addListener: (listener: ChangeListener) => void changeListeners.push(listener) },
    },
    identity: {
      getRedirectURL: () => REDIRECT_URL,
      launchWebAuthFlow: (details: { url: string }) => identity.launch(details.url),
    },
    permissions: { contains: async () => true },
  },
};

export const secretStoreModule = {
  putSecret: async (name: string, value: string) => void vault.set(name, value),
  getSecret: async (name: string) => vault.get(name),
  hasSecret: async (name: string) => vault.has(name),
  /** The passphrase lock is off here: the vault is always open (its own tests are vault.test.ts). */
  vault: { requireOpen: async () => {} },
  deleteSecret: async (name: string) => void vault.delete(name),
  putSecretJson: async (name: string, value: unknown) => void vault.set(name, JSON.stringify(value)),
  getSecretJson: async (name: string) => (vault.has(name) ? JSON.parse(vault.get(name)!) : undefined),
};

export const popupAccountCacheModule = {
  forgetPopupAccounts: async (profileId: string) => void popupCacheCleared.push(profileId),
};

export interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}

/** Every request the worker made since the last reset, in order. */
export const calls: Call[] = [];

/** Replaces fetch with `answer`, recording each call. */
export function stubFetch(answer: (call: Call) => Response | Promise<Response>): void {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call: Call = {
      url: String(url),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : '',
    };
    calls.push(call);
    return answer(call);
  });
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function resetEdges(): void {
  local.clear();
  vault.clear();
  popupCacheCleared.length = 0;
  calls.length = 0;
  identity.launch = async () => {
    throw new Error('The user did not approve access.');
  };
}

/** Everything the worker sent to one origin, as text (URL, headers, body), to look for secrets in. */
export function sentTo(origin: string): string {
  return calls
    .filter((call) => new URL(call.url).origin === origin)
    .map((call) => `${call.url}\n${[...call.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n${call.body}`)
    .join('\n');
}

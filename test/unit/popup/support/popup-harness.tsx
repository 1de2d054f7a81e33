/**
 * Renders the real popup in happy-dom with fake services: a scripted `send`, an in-memory cache and a fixed clock.
 */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { vi } from 'vitest';
import { KeyholeError } from '../../../../src/core/errors.ts';
import type {
  MessageName,
  ProfileView,
  RequestOf,
  ResponseOf,
  SendResponse,
  SessionStatus,
} from '../../../../src/core/protocol.ts';
import { Popup } from '../../../../src/popup/Popup.tsx';
import { PopupController } from '../../../../src/popup/popup-controller.ts';
import type { PopupServices, SendFn } from '../../../../src/popup/services.ts';
import { SANDBOX_PROFILE as SHARED_SANDBOX_PROFILE } from '../../support/sandbox-session.ts';
import { MemoryAccountCache } from './memory-account-cache.ts';

export const NOW = Date.parse('2025-03-01T12:00:00Z');
export const DAY = 24 * 60 * 60 * 1000;

export const SANDBOX_PROFILE: ProfileView = {
  ...SHARED_SANDBOX_PROFILE,
  id: 'profile-sandbox',
  consoleUrl: 'https://console.example.test',
};

export const REAL_PROFILE: ProfileView = {
  ...SANDBOX_PROFILE,
  id: 'profile-real',
  name: 'Clever Cloud',
  preset: 'real',
  apiBaseUrl: 'https://api.clever-cloud.com',
};

export const ADA = { id: 'user_ada', email: 'ada@sandbox.keyhole.test', name: 'Ada Lovelace' };

export function signedIn(overrides: Partial<Extract<SessionStatus, { state: 'signed-in' }>> = {}): SessionStatus {
  return {
    state: 'signed-in',
    profile: SANDBOX_PROFILE,
    user: ADA,
    expiresAt: new Date(NOW + 12 * DAY).toISOString(),
    ...overrides,
  };
}

export const SUMMARY_BODY = {
  user: {
    id: 'user_ada',
    name: 'Ada Lovelace',
    email: 'ada@sandbox.keyhole.test',
    applications: [{ id: 'app_engine', name: 'engine', instanceType: 'node', state: 'SHOULD_BE_UP' }],
    addons: [{ id: 'addon_pg' }],
  },
  organisations: [
    {
      id: 'orga_analytical',
      name: 'Analytical Engines Ltd',
      role: 'ADMIN',
      applications: [
        { id: 'app_diff', name: 'difference-engine', instanceType: 'java', state: 'SHOULD_BE_DOWN' },
        { id: 'app_loom', name: 'jacquard-loom', instanceType: 'python', state: 'WANTS_TO_BE_UP' },
      ],
      addons: [{ id: 'addon_1' }, { id: 'addon_2' }],
    },
  ],
};

export function summaryResponse(body: unknown = SUMMARY_BODY, status = 200): SendResponse {
  return {
    url: 'http://127.0.0.1:8780/v2/summary',
    method: 'GET',
    status,
    statusText: status === 200 ? 'OK' : 'Error',
    headers: [['content-type', 'application/json']],
    contentType: 'application/json',
    size: 100,
    durationMs: 12,
    body: { kind: 'text', text: typeof body === 'string' ? body : JSON.stringify(body), truncated: false },
    auth: 'oauth',
  };
}

type Answer<K extends MessageName> = ResponseOf<K> | Error | Promise<ResponseOf<K>>;
export type Script = { [K in MessageName]?: (request: RequestOf<K>) => Answer<K> };

/** A promise the test resolves or rejects when it wants: to hold an answer back. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export function networkError() {
  return new KeyholeError('network', 'Keyhole could not reach the platform. Check your connection.', {
    detail: 'TypeError: Failed to fetch',
  });
}

export interface Harness {
  container: HTMLElement;
  send: ReturnType<typeof vi.fn>;
  cache: MemoryAccountCache;
  services: PopupServices;
  controller: PopupController;
  script: Script;
  text(): string;
  $(selector: string): HTMLElement | null;
  $$(selector: string): HTMLElement[];
  button(name: string | RegExp): HTMLButtonElement;
  click(element: Element): Promise<void>;
  calls(name: MessageName): unknown[][];
  unmount(): void;
}

export async function renderPopup(script: Script, options: { cache?: MemoryAccountCache; now?: number } = {}) {
  const cache = options.cache ?? new MemoryAccountCache();
  const send = vi.fn(async (name: MessageName, request?: unknown) => {
    const answer = (script[name] as ((request: unknown) => unknown) | undefined)?.(request);
    if (answer === undefined) throw new KeyholeError('internal', `No scripted answer for ${name}`);
    const value = await answer;
    if (value instanceof Error) throw value;
    return value;
  });
  const services: PopupServices = {
    send: send as unknown as SendFn,
    cache,
    now: () => options.now ?? NOW,
    openOptions: vi.fn(async () => undefined),
    extensionUrl: (path) => `chrome-extension://keyhole-test/${path}`,
    copyText: vi.fn(async () => undefined),
    pollIntervalMs: 10,
  };
  const controller = new PopupController(services);
  const container = document.createElement('div');
  document.body.append(container);
  await act(async () => {
    render(<Popup controller={controller} services={services} />, container);
  });
  const harness: Harness = {
    container,
    send,
    cache,
    services,
    controller,
    script,
    text: () => container.textContent ?? '',
    $: (selector) => container.querySelector(selector),
    $$: (selector) => [...container.querySelectorAll<HTMLElement>(selector)],
    button(name) {
      const found = [...container.querySelectorAll('button')].find((button) => {
        const label = button.getAttribute('aria-label') ?? button.textContent ?? '';
        return typeof name === 'string' ? label.trim() === name : name.test(label);
      });
      if (!found) throw new Error(`No button named ${name} in: ${container.innerHTML}`);
      return found;
    },
    async click(element) {
      await act(async () => {
        (element as HTMLElement).click();
      });
    },
    calls: (name) => send.mock.calls.filter((call) => call[0] === name),
    unmount() {
      render(null, container);
      container.remove();
    },
  };
  return harness;
}

/** Lets pending promises and Preact's re-renders settle, then checks; retries for up to a second. */
export async function settle(check: () => void, timeoutMs = 1000): Promise<void> {
  const start = Date.now();
  for (;;) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() - start > timeoutMs) throw error;
    }
  }
}

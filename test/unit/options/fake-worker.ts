/**
 * An in-memory stand-in for the background worker, answering the messages the settings page sends the way
 * src/background/handlers.ts does (validation, first profile active, omitted secret kept), and recording every
 * call so tests can check the exact payloads.
 */
import { KeyholeError } from '../../../src/core/errors.ts';
import { changedOrigins, rebindingReason } from '../../../src/core/profiles/origin-binding.ts';
import { validateProfile } from '../../../src/core/profiles/profile-validation.ts';
import type { MessageName, ProfileView, RequestOf, ResponseOf, SessionStatus } from '../../../src/core/protocol.ts';
import { SANDBOX_PROFILE } from '../support/sandbox-session.ts';

export interface FakeWorker {
  send: <K extends MessageName>(name: K, ...args: unknown[]) => Promise<ResponseOf<K>>;
  calls: { name: MessageName; request: unknown }[];
  profiles: ProfileView[];
  secrets: Map<string, string>;
  activeId: string | null;
  /** Replaces the answer to one message (e.g. a pending sign-in). */
  override: Partial<Record<MessageName, (request: unknown) => Promise<unknown>>>;
  session: SessionStatus | null;
}

export function createFakeWorker(initial: { profiles?: ProfileView[]; activeId?: string | null } = {}): FakeWorker {
  let nextId = 1;
  const worker: FakeWorker = {
    calls: [],
    profiles: [...(initial.profiles ?? [])],
    secrets: new Map((initial.profiles ?? []).filter((p) => p.hasConsumerSecret).map((p) => [p.id, 'stored'])),
    activeId: initial.activeId ?? initial.profiles?.[0]?.id ?? null,
    override: {},
    session: null,
    send: async (name, ...args) => {
      const request = args[0];
      worker.calls.push({ name, request });
      const override = worker.override[name];
      if (override) return (await override(request)) as never;
      return handle(name, request) as never;
    },
  };

  const list = () => ({ profiles: worker.profiles.map((p) => ({ ...p })), activeId: worker.activeId });
  const status = (): SessionStatus => {
    if (worker.session) return worker.session;
    const active = worker.profiles.find((p) => p.id === worker.activeId);
    return active ? { state: 'signed-out', profile: active } : { state: 'unconfigured' };
  };

  function handle(name: MessageName, request: unknown): unknown {
    switch (name) {
      case 'profiles/list':
        return list();
      case 'session/status':
        return status();
      case 'identity/redirect-url':
        return { url: 'https://gfiiknkkkinbdbkjbifnpolnadmjmkfb.chromiumapp.org/' };
      case 'profiles/save': {
        const input = request as RequestOf<'profiles/save'>;
        const existing = worker.profiles.find((p) => p.id === input.id);
        const stored = existing !== undefined && worker.secrets.has(existing.id);
        // As the worker: moving a profile to another origin needs the secret again (it is bound to the old one).
        const secretReason = stored ? rebindingReason(changedOrigins(existing, input)) : undefined;
        const errors = validateProfile(input, { requireSecret: !stored || secretReason !== undefined, secretReason });
        const first = Object.values(errors)[0];
        if (first) throw new KeyholeError('invalid-input', first, { detail: JSON.stringify(errors) });
        const id = existing?.id ?? `p${nextId++}`;
        if (input.consumerSecret) worker.secrets.set(id, input.consumerSecret);
        const { consumerSecret: _secret, ...rest } = input;
        const view: ProfileView = { ...rest, id, hasConsumerSecret: worker.secrets.has(id) };
        worker.profiles = existing ? worker.profiles.map((p) => (p.id === id ? view : p)) : [...worker.profiles, view];
        worker.activeId ??= id;
        return view;
      }
      case 'profiles/delete': {
        const { id } = request as { id: string };
        worker.profiles = worker.profiles.filter((p) => p.id !== id);
        worker.secrets.delete(id);
        if (worker.activeId === id) worker.activeId = worker.profiles[0]?.id ?? null;
        return list();
      }
      case 'profiles/activate':
        worker.activeId = (request as { id: string }).id;
        return status();
      case 'vault/status':
        return { state: 'off' };
      default:
        throw new KeyholeError('internal', `The fake worker does not answer ${name}.`);
    }
  }
  return worker;
}

export const SANDBOX_VIEW: ProfileView = { ...SANDBOX_PROFILE, id: 'sandbox-1', name: 'Local sandbox' };

export const REAL_VIEW: ProfileView = {
  id: 'real-1',
  name: 'Clever Cloud',
  preset: 'real',
  apiBaseUrl: 'https://api.clever-cloud.com',
  bridgeUrl: 'https://api-bridge.clever-cloud.com',
  consoleUrl: 'https://console.clever-cloud.com',
  consumerKey: 'ck-real',
  hasConsumerSecret: true,
  signatureMethod: 'HMAC-SHA512',
  tokenEndpoint: 'form',
};

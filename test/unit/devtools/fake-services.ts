import { vi } from 'vitest';
import type { SendRequest, SendResponse, SessionStatus } from '../../../src/core/protocol.ts';
import { createMemoryHistoryStore, createMemoryStorage } from '../../../src/devtools/panel/history/history-store.ts';
import type { PanelServices, SendFn } from '../../../src/devtools/panel/services.ts';
import { signedIn } from '../support/sandbox-session.ts';

/** Services for component tests: an in-memory history and storage, and a `send` the test scripts. */
export const SIGNED_IN: SessionStatus = signedIn('2031-01-01T00:00:00.000Z');

export function jsonResponse(request: SendRequest, value: unknown, status = 200): SendResponse {
  const text = JSON.stringify(value);
  return {
    url: `http://127.0.0.1:8780${request.path}`,
    method: request.method,
    status,
    statusText: status === 200 ? 'OK' : 'Error',
    headers: [['Content-Type', 'application/json']],
    contentType: 'application/json',
    size: text.length,
    durationMs: 12,
    body: { kind: 'text', text, truncated: false },
    auth: 'oauth',
  };
}

export function createFakeServices(handle?: (request: SendRequest) => Promise<SendResponse> | SendResponse) {
  const storage = createMemoryStorage();
  const calls: { name: string; request: unknown }[] = [];
  const send = vi.fn(async (name: string, request?: unknown) => {
    calls.push({ name, request });
    if (name === 'session/status') return SIGNED_IN;
    if (name === 'request/send') {
      const sent = request as SendRequest;
      if (sent.path === '/v2/summary')
        return jsonResponse(sent, {
          user: { id: 'user_1', name: 'Ada', applications: [{ id: 'app_p', name: 'personal-app' }] },
          organisations: [{ id: 'orga_1', name: 'Engines', applications: [{ id: 'app_1', name: 'difference' }] }],
        });
      return handle ? handle(sent) : jsonResponse(sent, { ok: true });
    }
    if (name === 'request/cancel') return { cancelled: true };
    if (name === 'request/curl')
      return {
        command: "curl -X GET 'http://127.0.0.1:8780/v2/self' -H 'Authorization: OAuth ••••'",
        masked: true,
        credential: { kind: 'single-use' },
      };
    throw new Error(`unexpected message ${name}`);
  });
  const services: PanelServices = {
    send: send as unknown as SendFn,
    storage,
    history: createMemoryHistoryStore(storage),
    download: vi.fn(async () => {}),
    copy: vi.fn(async () => {}),
    openOptions: vi.fn(),
    version: '0.1.0-test',
  };
  const sent = () => calls.filter((call) => call.name === 'request/send').map((call) => call.request as SendRequest);
  return { services, send, calls, sent, storage };
}

/**
 * Fake services whose answer to one path waits until the test gives it (`answer`), for what happens while that
 * call is out; every other call is answered at once.
 */
export function createServicesHoldingCall(path: string) {
  let release: (response: SendResponse) => void = () => undefined;
  let asked: SendRequest | undefined;
  const fake = createFakeServices((request) => {
    if (request.path !== path) return jsonResponse(request, {});
    asked = request;
    return new Promise<SendResponse>((resolve) => {
      release = resolve;
    });
  });
  return {
    ...fake,
    /** The held call, once it was made. */
    asked: () => asked,
    /** Answers the held call with this JSON. */
    answer: (value: unknown) => release(jsonResponse(asked as SendRequest, value)),
  };
}

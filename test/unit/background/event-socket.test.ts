import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileView } from '../../../src/core/protocol.ts';
import type { StreamReport } from '../../../src/core/streams/stream-port.ts';

vi.mock('../../../src/background/bound-secrets.ts', () => ({
  bridgeTokenFor: async () => undefined,
  consumerSecretFor: async () => 'consumer-secret',
  accessTokenFor: async () => ({ token: 'access-token', tokenSecret: 'token-secret' }),
}));
vi.mock('../../../src/background/session.ts', () => ({
  readSession: async () => ({ state: 'signed-in', expiresAt: new Date(Date.now() + 86_400_000).toISOString() }),
  getClockOffset: async () => 0,
}));
const profile: ProfileView = {
  id: 'p1',
  name: 'Test',
  preset: 'custom',
  apiBaseUrl: 'https://api.example.test',
  bridgeUrl: 'https://bridge.example.test',
  consumerKey: 'ck',
  hasConsumerSecret: true,
  signatureMethod: 'HMAC-SHA512',
  tokenEndpoint: 'form',
};
vi.mock('../../../src/background/send-request.ts', () => ({ requireActiveProfile: async () => profile }));

const { runEventSocket } = await import('../../../src/background/event-socket.ts');

/** An events socket that echoes the authorisation it is sent back inside an event, then closes for good. */
class EchoingSocket {
  static opened: string[] = [];
  onopen?: () => void;
  onclose?: (event: { code: number }) => void;
  onmessage?: (message: { data: string }) => void;
  constructor(url: URL) {
    EchoingSocket.opened.push(url.href);
    queueMicrotask(() => this.onopen?.());
  }
  send(text: string): void {
    const sent = JSON.parse(text) as { message_type?: string; authorization?: string };
    if (sent.message_type !== 'oauth') return;
    this.onmessage?.({ data: JSON.stringify({ message_type: 'socket_ready' }) });
    // Echoed in every field a frame has, not only its data.
    this.onmessage?.({
      data: JSON.stringify({
        event: 'DEBUG',
        data: { youSent: sent.authorization },
        id: sent.authorization,
        date: sent.authorization,
      }),
    });
    this.onmessage?.({ data: JSON.stringify({ type: 'error', id: 2001 }) });
  }
  closed = false;
  /** As a browser does: once, and after the current task. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    setTimeout(() => this.onclose?.({ code: 1000 }), 0);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('runEventSocket', () => {
  it('an event echoing a PLAINTEXT authorisation reaches the panel without the secrets', async () => {
    vi.stubGlobal('WebSocket', EchoingSocket);
    const reports: StreamReport[] = [];
    await expect(
      runEventSocket(
        {
          type: 'open',
          kind: 'events',
          request: { target: 'api', method: 'GET', path: '/v2/events/event-socket', signatureMethod: 'PLAINTEXT' },
        },
        (report) => reports.push(report),
        new AbortController().signal,
      ),
    ).rejects.toMatchObject({ code: 'signature-refused' });
    expect(EchoingSocket.opened).toEqual(['wss://api.example.test/v2/events/event-socket']);
    expect(reports.find((report) => report.type === 'events')).toMatchObject({
      events: [{ event: 'DEBUG', data: expect.stringContaining('oauth_signature=') }],
    });
    expect(JSON.stringify(reports)).not.toMatch(/token-secret|consumer-secret/);
  });
});

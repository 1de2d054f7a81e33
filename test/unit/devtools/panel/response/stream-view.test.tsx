// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SendRequest } from '../../../../../src/core/protocol.ts';
import type { StreamReport } from '../../../../../src/core/streams/stream-port.ts';
import StreamView from '../../../../../src/devtools/panel/response/StreamView.tsx';
import type { StreamPort } from '../../../../../src/devtools/panel/services.ts';
import { button, mount, settle, text, unmountAll, waitFor } from '../../../support/dom.ts';
import { createFakeServices } from '../../fake-services.ts';

afterEach(() => {
  unmountAll();
  vi.useRealTimers();
});

/** A port to a pretend worker: the test reads what the view posted and answers for the worker. */
class FakePort implements StreamPort {
  posted: unknown[] = [];
  disconnected = false;
  private onMessages: ((message: unknown) => void)[] = [];
  private onDisconnects: (() => void)[] = [];
  onMessage = { addListener: (listener: (message: unknown) => void) => void this.onMessages.push(listener) };
  onDisconnect = { addListener: (listener: () => void) => void this.onDisconnects.push(listener) };
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  disconnect() {
    this.disconnected = true;
  }
  report(report: StreamReport) {
    for (const listener of this.onMessages) listener(report);
  }
  /** The worker went away (MV3 stopped it). */
  lose() {
    for (const listener of this.onDisconnects) listener();
  }
}

const request: SendRequest = { target: 'api', method: 'GET', path: '/v4/logs/organisations/o/applications/a/logs' };
const log = (seq: number) => ({
  event: 'APPLICATION_LOG',
  id: `id-${seq}`,
  date: new Date(Date.UTC(2026, 0, 1, 10, 0, seq)).toISOString(),
  data: JSON.stringify({ message: `#${seq} hello`, severity: seq % 2 ? 'ERROR' : 'INFO' }),
});

function setup() {
  const ports: FakePort[] = [];
  const fake = createFakeServices();
  fake.services.connectStream = () => {
    const port = new FakePort();
    ports.push(port);
    return port;
  };
  const view = mount(<StreamView request={request} kind="sse" services={fake.services} />);
  return { ports, view, fake };
}

describe('StreamView', () => {
  it('opens the stream on a port, shows the lines with their severity, and says it is live', async () => {
    const { ports, view } = setup();
    expect(ports[0]!.posted).toEqual([{ type: 'open', kind: 'sse', request }]);
    ports[0]!.report({
      type: 'opened',
      url: 'http://127.0.0.1/x',
      auth: 'oauth',
      contentType: 'text/event-stream',
      status: 200,
    });
    const cursor = { lastDate: log(2).date, idsAtLastDate: ['id-2'], received: 2 };
    ports[0]!.report({ type: 'events', events: [log(1), log(2)], cursor });
    await waitFor(() => expect(view.root.querySelectorAll('.kh-stream-row')).toHaveLength(2));
    expect(text(view.root.querySelector('.kh-stream-state'))).toBe('Live · OAuth');
    const first = view.root.querySelector('.kh-stream-row')!;
    expect(first.classList.contains('kh-stream-row--error')).toBe(true);
    expect(text(first)).toContain('#1 hello');
  });

  it('reopens the port with the last cursor when the worker goes away, so it resumes where the lines stopped', async () => {
    const { ports } = setup();
    const cursor = { lastDate: log(2).date, idsAtLastDate: ['id-2'], received: 2 };
    ports[0]!.report({ type: 'events', events: [log(1), log(2)], cursor });
    ports[0]!.lose();
    await waitFor(() => expect(ports).toHaveLength(2));
    expect(ports[1]!.posted).toEqual([{ type: 'open', kind: 'sse', request, cursor }]);
  });

  it('pings the worker every 20 s so it is not stopped as idle, and closes the port when the view goes away', async () => {
    vi.useFakeTimers({ toFake: ['setInterval'] });
    const { ports, view } = setup();
    vi.advanceTimersByTime(20_000);
    expect(ports[0]!.posted.at(-1)).toEqual({ type: 'ping' });
    vi.advanceTimersByTime(20_000);
    expect(ports[0]!.posted.filter((message) => (message as { type: string }).type === 'ping')).toHaveLength(2);
    view.unmount();
    expect(ports[0]!.posted.at(-1)).toEqual({ type: 'close' });
    expect(ports[0]!.disconnected).toBe(true);
  });

  it('shows a refusal with its message, and does not reopen a stream that failed', async () => {
    const { ports, view } = setup();
    ports[0]!.report({
      type: 'failed',
      error: {
        code: 'http-error',
        message: 'The server refused the stream: HTTP 401 — Invalid signature.',
        status: 401,
      },
      status: 401,
    });
    await waitFor(() => expect(text(view.root)).toContain('Invalid signature'));
    expect(ports[0]!.disconnected).toBe(true);
    expect(button(view.root, 'Reconnect')).toBeDefined();
    await settle();
    // A port that the view closed on purpose is not reopened.
    ports[0]!.lose();
    await settle(300);
    expect(ports).toHaveLength(1);
  });

  it('stops on Escape, as a call in flight is cancelled, but not while Escape clears the filter box', async () => {
    const { ports, view } = setup();
    const filter = view.root.querySelector<HTMLInputElement>('input[aria-label="Filter lines"]')!;
    filter.value = 'error';
    filter.dispatchEvent(new Event('input', { bubbles: true }));
    filter.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await settle();
    expect(ports[0]!.disconnected).toBe(false);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await waitFor(() => expect(text(view.root.querySelector('.kh-stream-state'))).toBe('Stopped'));
    expect(ports[0]!.posted.at(-1)).toEqual({ type: 'close' });
    expect(ports[0]!.disconnected).toBe(true);
  });
});

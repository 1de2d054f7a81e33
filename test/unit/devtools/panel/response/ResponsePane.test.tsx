// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GRANT_HOST_ACCESS } from '../../../../../src/core/browser-target.ts';
import type { KeyholeError } from '../../../../../src/core/errors.ts';
import { guardPath } from '../../../../../src/core/http/request-guard.ts';
import type { SendResponse } from '../../../../../src/core/protocol.ts';
import { PlatformErrorBanner, ResponsePane } from '../../../../../src/devtools/panel/response/ResponsePane.tsx';
import { createWorkbench } from '../../../../../src/devtools/panel/workbench.ts';
import { mount, text, unmountAll } from '../../../support/dom.ts';
import { createFakeServices, createServicesHoldingCall } from '../../fake-services.ts';

/** Whether the body viewer's module has been loaded (its factory runs on the first import). */
const viewer = vi.hoisted(() => ({ loaded: false }));
vi.mock('../../../../../src/devtools/panel/response/ResponseBody.tsx', async (importOriginal) => {
  viewer.loaded = true;
  return importOriginal();
});

afterEach(unmountAll);

function failed(status: number, statusText: string, body: string): SendResponse {
  return {
    url: 'http://127.0.0.1:8780/v2/organisations/orga_x/applications/app_y',
    method: 'GET',
    status,
    statusText,
    headers: [['content-type', 'application/json']],
    contentType: 'application/json',
    size: body.length,
    durationMs: 12,
    body: { kind: 'text', text: body, truncated: false },
    auth: 'oauth',
  };
}

describe('PlatformErrorBanner', () => {
  it('shows the platform’s message and names its internal code as the platform’s, apart from the status', () => {
    const { root } = mount(
      <PlatformErrorBanner
        response={failed(404, 'Not Found', '{"id":"550","message":"Application not found","type":"error"}')}
      />,
    );
    const banner = root.querySelector('[role="alert"]');
    expect(text(banner)).toContain('404 Not Found: Application not found (platform code 550)');
    expect(banner?.getAttribute('data-status')).toBe('404');
  });

  it('shows nothing for a success', () => {
    const { root } = mount(<PlatformErrorBanner response={failed(200, 'OK', '{"id":"1","message":"fine"}')} />);
    expect(root.querySelector('[role="alert"]')).toBeNull();
  });
});

describe('ResponsePane', () => {
  it('loads the body viewer while the call is out, so the answer does not wait for its code', async () => {
    const { services, asked, answer } = createServicesHoldingCall('/v2/self');
    const workbench = createWorkbench(services);
    await workbench.ready;
    const { root } = mount(<ResponsePane workbench={workbench} services={services} />);
    expect(viewer.loaded).toBe(false);
    workbench.edit((draft) => ({ ...draft, method: 'GET', path: '/v2/self' }));
    const sending = workbench.send();
    await vi.waitFor(() => expect(root.querySelector('.kh-sending')).not.toBeNull());
    await vi.waitFor(() => expect(viewer.loaded).toBe(true));
    expect(asked()).toBeDefined();
    answer({ id: 'user_1' });
    await sending;
    workbench.dispose();
  });

  it('says a tab’s last response was not kept when a reload came before it was stored, and shows no other', async () => {
    const { services } = createServicesHoldingCall('/v2/self');
    const workbench = createWorkbench(services);
    await workbench.ready;
    const startedAt = Date.UTC(2031, 0, 2, 3, 4, 5);
    workbench.run.set({ phase: 'idle', lost: { startedAt, summary: '201 Created' } });
    const { root } = mount(<ResponsePane workbench={workbench} services={services} />);
    const note = root.querySelector('[role="status"]');
    expect(text(note)).toBe(
      `The last response (201 Created, sent ${new Date(startedAt).toLocaleString()}) was not kept: the panel was reloaded before it could be saved.`,
    );
    expect(root.querySelector('.kh-status-line')).toBeNull();
    workbench.dispose();
  });

  it('says a call still out when the panel was reloaded had no answer here, and that the platform may have acted', async () => {
    const { services } = createServicesHoldingCall('/v2/self');
    const workbench = createWorkbench(services);
    await workbench.ready;
    const startedAt = Date.UTC(2031, 0, 2, 3, 4, 5);
    workbench.run.set({ phase: 'idle', lost: { startedAt, summary: 'no answer yet', unanswered: true } });
    const { root } = mount(<ResponsePane workbench={workbench} services={services} />);
    expect(text(root.querySelector('[role="status"]'))).toBe(
      `The last call (sent ${new Date(startedAt).toLocaleString()}) had no answer yet when the panel was reloaded: its answer was not kept, and the platform may have acted on it.`,
    );
    workbench.dispose();
  });

  it('shows a kept event-stream answer as kept after a reload, and does not open (send) the stream again', async () => {
    const { services } = createServicesHoldingCall('/v2/self');
    const workbench = createWorkbench(services);
    await workbench.ready;
    const request = { target: 'api' as const, method: 'GET' as const, path: '/v2/self/typed-stream' };
    const response = { ...failed(200, 'OK', ''), contentType: 'text/event-stream', size: 0 };
    workbench.run.set({ phase: 'done', request, response, startedAt: 1, restored: { bodyDropped: false } });
    const { root } = mount(<ResponsePane workbench={workbench} services={services} />);
    expect(root.querySelector('.kh-response--stream')).toBeNull();
    // The stream view (which opens the stream) is not there: the kept status line is, marked restored.
    expect(text(root.querySelector('.kh-response-head'))).toContain('text/event-stream');
    expect(text(root)).toContain('restored');
    workbench.dispose();
  });

  it('offers the way to Settings when the host needs Keyhole’s permission', async () => {
    const fake = createFakeServices();
    const workbench = createWorkbench(fake.services);
    await workbench.ready;
    const { root } = mount(<ResponsePane workbench={workbench} services={fake.services} />);
    workbench.run.set({
      phase: 'failed',
      request: { target: 'api', method: 'GET', path: '/v2/self' },
      error: {
        code: 'permission-missing',
        message: 'http://127.0.0.1:8780 is up, but the browser blocked this request.',
      },
      startedAt: 1,
    });
    await vi.waitFor(() => expect(root.querySelector('[role="alert"]')).not.toBeNull());
    const open = [...root.querySelectorAll('button')].find((button) => text(button) === 'Open Settings');
    open?.click();
    expect(fake.services.openOptions).toHaveBeenCalledTimes(1);
    // Not for a server that is down: no permission would help there.
    workbench.run.set({
      phase: 'failed',
      request: { target: 'api', method: 'GET', path: '/v2/self' },
      error: { code: 'network', message: 'Could not reach http://127.0.0.1:8780. Check the address.' },
      startedAt: 2,
    });
    await vi.waitFor(() => expect(text(root.querySelector('[role="alert"]'))).toContain('Could not reach'));
    expect([...root.querySelectorAll('button')].some((button) => text(button) === 'Open Settings')).toBe(false);
    // Nor for a refusal that quotes the words from a path an imported collection chose: the path is what is wrong.
    const hostile = `/v2/${GRANT_HOST_ACCESS}/..`;
    const refusal = ((): KeyholeError => {
      try {
        guardPath(hostile, 'api');
      } catch (error) {
        return error as KeyholeError;
      }
      throw new Error('the path was not refused');
    })();
    expect(refusal.message).toContain(GRANT_HOST_ACCESS);
    workbench.run.set({
      phase: 'failed',
      request: { target: 'api', method: 'GET', path: hostile },
      error: { code: refusal.code, message: refusal.message },
      startedAt: 3,
    });
    await vi.waitFor(() => expect(text(root.querySelector('[role="alert"]'))).toContain('Refused path'));
    expect([...root.querySelectorAll('button')].some((button) => text(button) === 'Open Settings')).toBe(false);
    expect(text(root)).not.toContain('Host access:');
    workbench.dispose();
  });
});

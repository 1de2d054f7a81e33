// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { SendResponse } from '../../../../../src/core/protocol.ts';
import { PlatformErrorBanner } from '../../../../../src/devtools/panel/response/ResponsePane.tsx';
import { mount, text, unmountAll } from '../../../support/dom.ts';

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

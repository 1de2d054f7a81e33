// @vitest-environment happy-dom
import { afterEach, describe, expect, it, type vi } from 'vitest';
import type { SendRequest } from '../../../src/core/protocol.ts';
import { PanelApp } from '../../../src/devtools/panel/PanelApp.tsx';
import { views } from '../../../src/devtools/panel/views.ts';
import { createWorkbench } from '../../../src/devtools/panel/workbench.ts';
import { button, mount, settle, user, waitForValue } from '../support/dom.ts';
import { createFakeServices, jsonResponse } from './fake-services.ts';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  history.replaceState(null, '', '#');
});

async function setup() {
  const fake = createFakeServices();
  const calls: [SendRequest, number][] = [
    [{ target: 'api', method: 'GET', path: '/v2/self', headers: [['Authorization', 'OAuth leaked']] }, 200],
    [{ target: 'api', method: 'GET', path: '/v2/organisations/orga_x/applications' }, 404],
    [
      {
        target: 'bridge',
        method: 'POST',
        path: '/api-tokens',
        body: { kind: 'json', text: '{"password":"lovelace-1815","name":"ci"}' },
      },
      200,
    ],
  ];
  let startedAt = 1_900_000_000_000;
  for (const [request, status] of calls) {
    startedAt += 1000;
    await fake.services.history.record({
      request,
      startedAt,
      response: jsonResponse(request, { apiToken: 'tok_once', status }, status),
    });
  }
  location.hash = '#history';
  const workbench = createWorkbench(fake.services);
  await workbench.ready;
  const mounted = mount(
    <PanelApp services={fake.services} workbench={workbench} views={views.filter((view) => view.id === 'history')} />,
  );
  cleanup = () => {
    mounted.unmount();
    workbench.dispose();
  };
  await waitForValue(() => mounted.root.querySelector('.kh-history-path'));
  return { ...fake, workbench, root: mounted.root };
}

const paths = (root: HTMLElement) => [...root.querySelectorAll('.kh-history-path')].map((node) => node.textContent);

describe('the history view', () => {
  it('lists calls newest first and filters by search words and status', async () => {
    const { root } = await setup();
    expect(paths(root)).toEqual(['/api-tokens', '/v2/organisations/orga_x/applications', '/v2/self']);
    await user.type(root.querySelector('#kh-history-search'), '404');
    await settle();
    expect(paths(root)).toEqual(['/v2/organisations/orga_x/applications']);
    await user.type(root.querySelector('#kh-history-search'), 'method:post');
    await settle();
    expect(paths(root)).toEqual(['/api-tokens']);
  });

  it('reopens an entry: request in the composer, stored response below', async () => {
    const { root, workbench } = await setup();
    await user.click(root.querySelectorAll('.kh-history-open')[1] as Element);
    await settle(20);
    expect(workbench.draft.get()).toMatchObject({ method: 'GET', path: '/v2/organisations/orga_x/applications' });
    const run = workbench.run.get();
    expect(run.phase === 'done' && run.response.status).toBe(404);
    expect(run.phase === 'done' && run.fromHistory).toBeTruthy();
    expect(root.querySelector('.kh-status-line .kh-status')?.textContent).toBe('404');
  });

  it('deletes one entry and clears all after confirmation', async () => {
    const { root, services } = await setup();
    await user.click(root.querySelector('[aria-label^="Delete GET /v2/self"]'));
    await settle(20);
    expect(paths(root)).toEqual(['/api-tokens', '/v2/organisations/orga_x/applications']);
    await user.click(button(root, 'Clear all…'));
    await user.click(button(root, /Delete all 2/));
    await settle(20);
    expect(await services.history.list()).toEqual([]);
    expect(root.textContent).toMatch(/No calls yet/);
  });

  it('exports and deletes the same set: the calls the filters show', async () => {
    const { root, services } = await setup();
    await user.type(root.querySelector('#kh-history-search'), 'method:get');
    await settle();
    expect(paths(root)).toEqual(['/v2/organisations/orga_x/applications', '/v2/self']);
    await user.click(button(root, 'Export these 2 as HAR'));
    const download = services.download as ReturnType<typeof vi.fn>;
    await waitForValue(() => download.mock.calls.length > 0);
    const [blob] = download.mock.calls[0] as [Blob, string];
    expect(JSON.parse(await blob.text()).log.entries).toHaveLength(2);
    await user.click(button(root, 'Delete these…'));
    await user.click(button(root, 'Delete these 2'));
    await settle(20);
    expect((await services.history.list()).map((entry) => entry.request.path)).toEqual(['/api-tokens']);
  });

  it('exports HAR 1.2 through the downloads service, with no secret in it', async () => {
    const { root, services } = await setup();
    await user.click(button(root, 'Export HAR'));
    const download = services.download as ReturnType<typeof vi.fn>;
    // HAR export loads its module on first use: wait for it rather than for a fixed time.
    await waitForValue(() => download.mock.calls.length > 0);
    expect(download).toHaveBeenCalledTimes(1);
    const [blob, name] = download.mock.calls[0] as [Blob, string];
    expect(name).toMatch(/^keyhole-history-\d{8}-\d{4}\.har$/);
    const text = await blob.text();
    const har = JSON.parse(text);
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries).toHaveLength(3);
    for (const secret of ['OAuth leaked', 'lovelace-1815', 'tok_once']) expect(text).not.toContain(secret);
  });

  it('saves its limits and evicts beyond them', async () => {
    const { root, services } = await setup();
    const inputs = root.querySelectorAll<HTMLInputElement>('.kh-history-settings input');
    await user.type(inputs[1] as HTMLInputElement, '2');
    await user.click(button(root, 'Save limits'));
    await settle(20);
    expect(await services.history.caps()).toEqual({ maxBodyBytes: 1024 * 1024, maxEntries: 2 });
    expect(paths(root)).toEqual(['/api-tokens', '/v2/organisations/orga_x/applications']);
  });
});

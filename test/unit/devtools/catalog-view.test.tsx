// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SendRequest } from '../../../src/core/protocol.ts';
import CatalogView from '../../../src/devtools/panel/catalog/CatalogView.tsx';
import { createWorkbench } from '../../../src/devtools/panel/workbench.ts';
import { button, byLabel, mount, text, user, waitFor } from '../support/dom.ts';
import { createFakeServices, jsonResponse } from './fake-services.ts';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

async function setup(currentToken: (request: SendRequest) => ReturnType<typeof jsonResponse>) {
  const fake = createFakeServices((request) =>
    request.path === '/v2/self/tokens/current' ? currentToken(request) : jsonResponse(request, {}, 404),
  );
  const workbench = createWorkbench(fake.services);
  await workbench.ready;
  const showComposer = vi.fn();
  const mounted = mount(<CatalogView workbench={workbench} services={fake.services} showComposer={showComposer} />);
  cleanup = () => {
    mounted.unmount();
    workbench.dispose();
  };
  return { ...fake, workbench, showComposer, root: mounted.root };
}

const endpoint = (root: HTMLElement, id: string) => root.querySelector<HTMLElement>(`[data-endpoint-id="${id}"]`);
const count = (root: HTMLElement) => text(root.querySelector('[role="status"]'));

describe('the endpoint catalog view', () => {
  it('shows the whole described API, grouped, and marks what this session’s token lacks', async () => {
    const { root } = await setup((request) =>
      jsonResponse(request, {
        token: 'tok',
        rights: { access_organisations: true, access_personal_information: true },
      }),
    );
    await waitFor(() => expect(count(root)).toMatch(/^\d{3} endpoints$/));
    const total = Number(count(root).split(' ')[0]);
    expect(total).toBeGreaterThanOrEqual(380);
    // The list fills in slices (one task each), busy until every endpoint is in, each once.
    await waitFor(
      () => expect(root.querySelector('.kh-side-body > [aria-busy]')?.getAttribute('aria-busy')).toBe('false'),
      15_000,
    );
    const ids = [...root.querySelectorAll<HTMLElement>('[data-endpoint-id]')].map((row) => row.dataset.endpointId);
    expect(new Set(ids).size).toBe(total);
    expect(text(root)).toContain('Add-ons (');
    await waitFor(() => expect(text(root)).toContain('This session holds 2 rights (GET /v2/self/tokens/current)'));
    expect(endpoint(root, 'invoices')?.dataset.rightCheck).toBe('lacking');
    expect(text(endpoint(root, 'invoices'))).toContain('This session lacks this right');
    expect(endpoint(root, 'organisations')?.dataset.rightCheck).toBe('granted');
    const inferredWrite = endpoint(root, 'delete-v2-organisations-organisationId-addons-addonId');
    expect(inferredWrite?.dataset.rightCheck).toBe('probably-lacking');
    expect(text(inferredWrite)).toContain('manage_organisations_services?');
    // API tokens on the bridge: nobody says what they may do.
    expect(endpoint(root, 'api-tokens')?.dataset.rightCheck).toBe('unknown');
  });

  it('says the rights are unknown when the platform does not tell, and marks nothing', async () => {
    const { root } = await setup((request) => jsonResponse(request, { token: 'tok' }));
    await waitFor(() =>
      expect(text(root)).toContain('Rights of this session unknown: GET /v2/self/tokens/current did not list'),
    );
    expect(root.querySelector('[data-right-check="lacking"], [data-right-check="probably-lacking"]')).toBeNull();
  });

  it('searches with typos, caps what it renders, and opens an endpoint in the composer', async () => {
    const { root, workbench, showComposer } = await setup((request) => jsonResponse(request, {}, 404));
    await waitFor(() => expect(count(root)).toMatch(/endpoints$/));
    await user.type(byLabel(root, 'Search endpoints'), 'orgnisation membrs');
    await waitFor(() => expect(count(root)).toMatch(/^\d+ of \d+ endpoints$/));
    const first = root.querySelector<HTMLElement>('[data-endpoint-id]')!;
    expect(text(first)).toContain('/v2/organisations/{organisationId}/members');

    await user.type(byLabel(root, 'Search endpoints'), 'get');
    expect(root.querySelectorAll('[data-endpoint-id]').length).toBe(60);
    await user.click(button(root, /Show all \d+ matches/));
    expect(root.querySelectorAll('[data-endpoint-id]').length).toBeGreaterThan(60);

    await user.type(byLabel(root, 'Search endpoints'), 'invoice pdf console');
    await waitFor(() => expect(endpoint(root, 'invoice-pdf-console')).not.toBeNull());
    await user.click(endpoint(root, 'invoice-pdf-console'));
    expect(workbench.draft.get()).toMatchObject({
      method: 'GET',
      path: '/v4/billing/organisations/{organisationId}/invoices/{invoiceNumber}.pdf',
    });
    expect(showComposer).toHaveBeenCalled();
  });
});

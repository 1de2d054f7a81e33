// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RIGHT_MEANINGS, SPEC_RIGHTS } from '../../../../src/core/platform/rights.ts';
import type { SendRequest, SendResponse, SessionStatus } from '../../../../src/core/protocol.ts';
import { RIGHT_DESCRIPTIONS } from '../../../platform/defaults.ts';
import { button, byLabel, mount, text, unmountAll, user, waitFor } from '../../support/dom.ts';
import { SANDBOX_PROFILE } from '../../support/sandbox-session.ts';
import { sendResponse } from '../../support/send-response.ts';

const send = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/ui/send.ts', () => ({ send }));

const { default: RightsView } = await import('../../../../src/devtools/rights/index.tsx');

let status: SessionStatus;
let routes: Record<string, () => SendResponse>;

beforeEach(() => {
  status = {
    state: 'signed-in',
    profile: SANDBOX_PROFILE,
    user: { id: 'user_1', email: 'a@b.c' },
    expiresAt: '2099-01-01T00:00:00Z',
  };
  routes = {
    '/v2/oauth/rights': () => sendResponse(200, RIGHT_DESCRIPTIONS),
    '/v2/self/consumers/keyhole-sandbox': () =>
      sendResponse(200, {
        key: 'keyhole-sandbox',
        rights: { almighty: false, access_organisations: true, access_personal_information: true },
      }),
  };
  send.mockImplementation(async (name: string, request: SendRequest) => {
    if (name === 'session/status') return status;
    const route = routes[request.path];
    return route ? route() : sendResponse(404, { message: 'not found' });
  });
});

afterEach(() => {
  unmountAll();
  send.mockReset();
});

const rightItems = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('[data-right]')];

describe('the rights view', () => {
  it('shows the spec’s 11 rights with a meaning, the consumer’s requests and the endpoints needing each', async () => {
    const { root } = mount(<RightsView />);
    await waitFor(() => expect(text(root)).toContain('asks for 2 of the spec’s 11 rights'));
    await waitFor(() => expect(text(root)).toContain('Endpoints whose right is not known'));
    const names = rightItems(root).map((item) => item.dataset.right);
    expect(names.slice(0, 11)).toEqual([...SPEC_RIGHTS]);
    expect(names[11]).toBe('almighty');
    const bills = root.querySelector<HTMLElement>('[data-right="access_organisations_bills"]')!;
    expect(text(bills)).toContain(RIGHT_MEANINGS.access_organisations_bills);
    expect(text(bills)).toContain('Not requested');
    await waitFor(() => expect(text(bills)).toMatch(/Needed by \d+ catalog endpoints \(\d+ inferred by Keyhole/));
    expect(text(bills)).toContain('/v4/billing/organisations/{organisationId}/invoices');
    expect(text(bills)).toContain(`Platform: ${RIGHT_DESCRIPTIONS.access_organisations_bills}`);
    const orgs = root.querySelector<HTMLElement>('[data-right="access_organisations"]')!;
    expect(text(orgs)).toContain('Requested by your consumer');
    expect(text(root)).toContain('read from /v2/self/consumers/keyhole-sandbox');
    expect(text(root)).toContain(
      'Which rights this session was granted is unknown (GET /v2/self/tokens/current answered 404)',
    );
    expect(text(root)).not.toContain('Held by this session');
  });

  it('finds an organisation’s consumer through /v2/summary', async () => {
    routes['/v2/self/consumers/keyhole-sandbox'] = () => sendResponse(404, { message: 'Consumer not found' });
    routes['/v2/summary'] = () =>
      sendResponse(200, {
        user: { id: 'user_1', consumers: [] },
        organisations: [{ id: 'orga_x', consumers: [{ key: 'keyhole-sandbox' }] }],
      });
    routes['/v2/organisations/orga_x/consumers/keyhole-sandbox'] = () =>
      sendResponse(200, { rights: { manage_ssh_keys: true } });
    const { root } = mount(<RightsView />);
    await waitFor(() => expect(text(root)).toContain('read from /v2/organisations/orga_x/consumers/keyhole-sandbox'));
    expect(text(root.querySelector('[data-right="manage_ssh_keys"]')!)).toContain('Requested by your consumer');
  });

  it('still lists the spec’s rights when the platform’s list fails, and says so', async () => {
    routes['/v2/oauth/rights'] = () => sendResponse(500, { message: 'boom' });
    const { root } = mount(<RightsView />);
    await waitFor(() => expect(root.querySelector('[role="alert"]')).not.toBeNull());
    expect(rightItems(root)).toHaveLength(12);
    expect(text(root)).toContain('The spec’s rights are shown without the platform’s list.');
  });

  it('marks the consumer column unknown when signed out, saying why', async () => {
    status = { state: 'signed-out', profile: SANDBOX_PROFILE };
    const { root } = mount(<RightsView />);
    await waitFor(() => expect(text(root)).toContain('Sign in to read what your consumer asks for.'));
    expect(rightItems(root)).toHaveLength(11);
    expect(rightItems(root).every((item) => text(item).includes('Consumer: unknown'))).toBe(true);
  });

  it('explains a consumer record the session may not read', async () => {
    routes['/v2/self/consumers/keyhole-sandbox'] = () =>
      sendResponse(403, { message: 'requires right access_personal_information' });
    const { root } = mount(<RightsView />);
    await waitFor(() => expect(text(root)).toContain('Reading a consumer needs access_personal_information'));
  });

  it('filters by name, meaning or endpoint path', async () => {
    const { root } = mount(<RightsView />);
    await waitFor(() => expect(rightItems(root).length).toBe(12));
    await waitFor(() => expect(text(root)).toContain('Needed by'));
    await user.type(byLabel(root, 'Filter rights'), 'remove ssh');
    expect(rightItems(root).map((item) => item.dataset.right)).toEqual(['manage_ssh_keys']);
    await user.type(byLabel(root, 'Filter rights'), '/invoices');
    expect(rightItems(root).map((item) => item.dataset.right)).toEqual(['access_organisations_bills']);
    expect(text(root)).toContain('1 of 12 rights');
  });

  it('opens an endpoint in the panel’s composer when the panel provides one', async () => {
    const workbench = { openCatalogEntry: vi.fn() };
    const showComposer = vi.fn();
    const { root } = mount(<RightsView workbench={workbench} showComposer={showComposer} />);
    await waitFor(() => expect(rightItems(root).length).toBe(12));
    await waitFor(() => expect(text(root)).toContain('Needed by'));
    await user.click(button(root, 'Open GET /v4/billing/organisations/{organisationId}/invoices in the composer'));
    expect(workbench.openCatalogEntry).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'invoices', right: 'access_organisations_bills' }),
    );
    expect(showComposer).toHaveBeenCalled();
  });

  it('shows which rights the session’s token holds when the platform says so', async () => {
    routes['/v2/self/tokens/current'] = () =>
      sendResponse(200, {
        token: 'tok',
        rights: { access_organisations: true, manage_ssh_keys: true, almighty: false },
      });
    const { root } = mount(<RightsView />);
    await waitFor(() => expect(text(root)).toContain('This session’s token holds 2 of the spec’s 11 rights'));
    expect(text(root)).toContain('read from GET /v2/self/tokens/current');
    expect(text(root.querySelector('[data-right="manage_ssh_keys"]')!)).toContain('Held by this session');
    expect(text(root.querySelector('[data-right="access_organisations_bills"]')!)).toContain(
      'Not held by this session',
    );
  });
});

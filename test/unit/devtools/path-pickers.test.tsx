// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { SendRequest } from '../../../src/core/protocol.ts';
import { Composer } from '../../../src/devtools/panel/composer/Composer.tsx';
import { createWorkbench } from '../../../src/devtools/panel/workbench.ts';
import { button, byLabel, mount, settle, text, user, waitFor } from '../support/dom.ts';
import { createFakeServices, jsonResponse } from './fake-services.ts';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

async function setup(lists: Record<string, (request: SendRequest) => ReturnType<typeof jsonResponse>>) {
  const fake = createFakeServices((request) => lists[request.path]?.(request) ?? jsonResponse(request, {}, 404));
  const workbench = createWorkbench(fake.services);
  await workbench.ready;
  const mounted = mount(<Composer workbench={workbench} services={fake.services} />);
  cleanup = () => {
    mounted.unmount();
    workbench.dispose();
  };
  return { ...fake, workbench, root: mounted.root };
}

const optionsOf = (input: HTMLInputElement) =>
  [...(input.list?.querySelectorAll('option') ?? [])].map((option) => [option.value, option.textContent]);

describe('pickers for every kind of id', () => {
  it('lists the add-ons of the chosen organisation, once the organisation is there', async () => {
    const { root, sent } = await setup({
      '/v2/organisations/orga_1/addons': (request) =>
        jsonResponse(request, [
          { id: 'addon_1', realId: 'postgresql_1', name: 'main-db', provider: { name: 'PostgreSQL' } },
          { id: 'addon_2', name: 'cache', provider: { name: 'Redis' } },
        ]),
    });
    await user.type(byLabel(root, 'Path'), '/v2/organisations/{organisationId}/addons/{addonId}');
    await settle();
    const addon = byLabel(root, '{addonId}');
    expect(text(root)).toContain('Choose the organisation first to list the add-on values.');
    expect(sent().some((request) => request.path.includes('/addons'))).toBe(false);
    await user.type(byLabel(root, '{organisationId}'), 'orga_1');
    await waitFor(() =>
      expect(optionsOf(addon)).toEqual([
        ['addon_1', 'main-db · PostgreSQL'],
        ['addon_2', 'cache · Redis'],
      ]),
    );
    expect(text(root)).toContain('2 from GET /v2/organisations/{organisationId}/addons.');
    await user.type(addon, 'addon_1');
    await settle();
    expect(text(root)).toContain('main-db · PostgreSQL');
    // Fetched once, however often the field renders or gets focus.
    addon.dispatchEvent(new FocusEvent('focus'));
    await settle(350);
    expect(sent().filter((request) => request.path === '/v2/organisations/orga_1/addons')).toHaveLength(1);
  });

  it('lists API tokens from the bridge and invoices from billing', async () => {
    const { root, sent } = await setup({
      '/api-tokens': (request) => jsonResponse(request, [{ apiTokenId: 'tok_1', name: 'ci', state: 'ACTIVE' }]),
    });
    await user.type(byLabel(root, 'Path'), '/api-tokens/{apiTokenId}');
    await waitFor(() => expect(optionsOf(byLabel(root, '{apiTokenId}'))).toEqual([['tok_1', 'ci · ACTIVE']]));
    expect(sent().find((request) => request.path === '/api-tokens')).toMatchObject({ target: 'bridge', method: 'GET' });
  });

  it('says when a list is empty, when it failed (with a retry), and when no endpoint lists a kind', async () => {
    let allowed = false;
    const { root } = await setup({
      '/v2/self/keys': (request) =>
        allowed
          ? jsonResponse(request, [{ name: 'laptop', fingerprint: 'SHA256:x' }])
          : jsonResponse(request, { message: 'nope' }, 403),
    });
    await user.type(byLabel(root, 'Path'), '/v2/self/keys/{keyName}');
    await waitFor(() => expect(text(root)).toMatch(/Could not list them \(Not allowed to fill the SSH key picker/));
    allowed = true;
    await user.click(button(root, 'Retry'));
    await waitFor(() => expect(optionsOf(byLabel(root, '{keyName}'))).toEqual([['laptop', 'SHA256:x']]));

    await user.type(
      byLabel(root, 'Path'),
      '/v2/organisations/{organisationId}/addonproviders/{providerId}/plans/{planId}',
    );
    await settle();
    expect(text(root)).toContain('No endpoint lists plan values: type one.');
  });

  it('offers environment variables by name, never showing their values', async () => {
    const { root } = await setup({
      '/v2/organisations/orga_1/applications/app_1/env': (request) =>
        jsonResponse(request, [{ name: 'DATABASE_URL', value: 'postgres://user:secret@db' }]),
    });
    await user.type(
      byLabel(root, 'Path'),
      '/v2/organisations/{organisationId}/applications/{applicationId}/env/{envName}',
    );
    await settle();
    expect(text(root)).toContain(
      'Choose the organisation and application first to list the environment variable values.',
    );
    await user.type(byLabel(root, '{organisationId}'), 'orga_1');
    await user.type(byLabel(root, '{applicationId}'), 'app_1');
    await waitFor(() => expect(optionsOf(byLabel(root, '{envName}'))).toEqual([['DATABASE_URL', 'DATABASE_URL']]));
    expect(root.innerHTML).not.toContain('secret');
  });

  it('takes the ids a list needs from a concrete path too', async () => {
    const { root } = await setup({
      '/v2/organisations/orga_1/applications/app_1/env': (request) =>
        jsonResponse(request, [{ name: 'PORT', value: '8080' }]),
    });
    await user.type(byLabel(root, 'Path'), '/v2/organisations/orga_1/applications/app_1/env/{envName}');
    await waitFor(() => expect(optionsOf(byLabel(root, '{envName}'))).toEqual([['PORT', 'PORT']]));
  });
});

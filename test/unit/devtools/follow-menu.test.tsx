// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import FollowMenu from '../../../src/devtools/panel/response/follow/FollowMenu.tsx';
import { registerFollowAction } from '../../../src/devtools/panel/response/follow/follow-actions.ts';
import { createWorkbench } from '../../../src/devtools/panel/workbench.ts';
import { button, mount, user, waitFor, waitForValue } from '../support/dom.ts';
import { createFakeServices } from './fake-services.ts';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

const APP = 'app_0b2c8f8e-1111-4c4c-9d9d-123456789abc';
const ORG = 'orga_7a1e0c2d-2222-4b4b-8e8e-abcdefabcdef';

async function setup() {
  const fake = createFakeServices();
  const workbench = createWorkbench(fake.services);
  await workbench.ready;
  return workbench;
}

describe('the follow menu', () => {
  it('composes the chosen call with every placeholder filled, through the catalog path', async () => {
    const workbench = await setup();
    const closed = vi.fn();
    const { root, unmount } = mount(
      <FollowMenu
        target={{ type: 'id', kind: 'application', value: APP }}
        workbench={workbench}
        request={{ target: 'api', method: 'GET', path: `/v2/organisations/${ORG}/applications` }}
        onClose={closed}
      />,
    );
    cleanup = unmount;
    const list = await waitForValue(() => root.querySelector('[aria-label="Calls this id fits"]'));
    const first = list.querySelector('button') as HTMLButtonElement;
    expect(first.textContent).toContain('/v2/organisations/{organisationId}/applications/{applicationId}');
    await user.click(first);
    expect(closed).toHaveBeenCalled();
    expect(workbench.draft.get()).toMatchObject({
      method: 'GET',
      path: '/v2/organisations/{organisationId}/applications/{applicationId}',
      params: { organisationId: ORG, applicationId: APP },
    });
  });

  it('lists actions other features register for the kind, and runs them with the id and its context', async () => {
    const workbench = await setup();
    const run = vi.fn();
    const unregister = registerFollowAction({ id: 'tail-logs', label: 'Tail logs', kinds: ['application'], run });
    try {
      const { root, unmount } = mount(
        <FollowMenu
          target={{ type: 'id', kind: 'application', value: APP }}
          workbench={workbench}
          known={{ organisationId: ORG }}
          onClose={() => {}}
        />,
      );
      cleanup = unmount;
      await user.click(button(root, 'Tail logs'));
      expect(run).toHaveBeenCalledWith(
        expect.objectContaining({ kind: 'application', value: APP, known: { organisationId: ORG }, workbench }),
      );
      // Not offered for another kind.
      const other = mount(
        <FollowMenu
          target={{ type: 'id', kind: 'addon', value: 'addon_1234' }}
          workbench={workbench}
          onClose={() => {}}
        />,
      );
      expect(other.root.textContent).not.toContain('Tail logs');
      other.unmount();
    } finally {
      unregister();
    }
  });

  it('offers Tail logs and Access logs on an application whose organisation is known, and opens that stream', async () => {
    const workbench = await setup();
    const send = vi.spyOn(workbench, 'send').mockResolvedValue();
    const unknownOwner = mount(
      <FollowMenu target={{ type: 'id', kind: 'application', value: APP }} workbench={workbench} onClose={() => {}} />,
    );
    expect(unknownOwner.root.textContent).not.toContain('Tail logs');
    unknownOwner.unmount();
    const { root, unmount } = mount(
      <FollowMenu
        target={{ type: 'id', kind: 'application', value: APP }}
        workbench={workbench}
        request={{ target: 'api', method: 'GET', path: `/v2/organisations/${ORG}/applications` }}
        onClose={() => {}}
      />,
    );
    cleanup = unmount;
    await user.click(await waitFor(() => button(root, 'Access logs')));
    expect(workbench.draft.get()).toMatchObject({
      method: 'GET',
      path: `/v4/accesslogs/organisations/${ORG}/applications/${APP}/accesslogs`,
    });
    expect(send).toHaveBeenCalledTimes(1);
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ContextBar } from '../../../../../src/devtools/panel/variables/ContextBar.tsx';
import { createWorkbench } from '../../../../../src/devtools/panel/workbench.ts';
import { mount, settle, unmountAll, user, waitFor } from '../../../support/dom.ts';
import { createFakeServices } from '../../fake-services.ts';

afterEach(() => unmountAll());

async function setup() {
  const fake = createFakeServices();
  const workbench = createWorkbench(fake.services);
  await workbench.ready;
  const profile = workbench.profileId();
  workbench.variables.update((scope) => ({
    ...scope,
    contexts: { [profile]: { organisationId: 'orga_1', applicationId: 'app_1', addonId: 'addon_1' } },
  }));
  const view = mount(<ContextBar workbench={workbench} />);
  const forgets = () => [...view.root.querySelectorAll<HTMLButtonElement>('button[aria-label^="Forget "]')];
  return { workbench, profile, view, forgets };
}

describe('the context bar', () => {
  it('makes the forget buttons one Tab stop, moved with the arrow keys', async () => {
    const { forgets } = await setup();
    await waitFor(() => expect(forgets()).toHaveLength(3));
    expect(forgets().map((button) => button.tabIndex)).toEqual([0, -1, -1]);
    forgets()[0]!.focus();
    await user.press(document.activeElement!, 'ArrowRight');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Forget applicationId');
    await waitFor(() => expect(forgets().map((button) => button.tabIndex)).toEqual([-1, 0, -1]));
    await user.press(document.activeElement!, 'End');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Forget addonId');
    await user.press(document.activeElement!, 'Home');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Forget organisationId');
  });

  it('forgets an id and keeps focus in the group, on its neighbour', async () => {
    const { workbench, profile, forgets } = await setup();
    await waitFor(() => expect(forgets()).toHaveLength(3));
    forgets()[1]!.focus();
    await user.click(forgets()[1]!);
    await waitFor(() => expect(forgets()).toHaveLength(2));
    expect(workbench.variables.get().contexts[profile]).toEqual({ organisationId: 'orga_1', addonId: 'addon_1' });
    await settle(50);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Forget addonId');
    expect(forgets().map((button) => button.tabIndex)).toEqual([-1, 0]);
  });
});

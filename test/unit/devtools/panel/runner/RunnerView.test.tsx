// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import RunnerView from '../../../../../src/devtools/panel/runner/RunnerView.tsx';
import { createWorkbench } from '../../../../../src/devtools/panel/workbench.ts';
import { byLabel, choose, mount, text, unmountAll } from '../../../support/dom.ts';
import { createFakeServices } from '../../fake-services.ts';

afterEach(unmountAll);

describe('the Runner view', () => {
  it('says which of the context’s ids the chosen environment sends otherwise', async () => {
    const { services } = createFakeServices();
    const workbench = createWorkbench(services);
    await workbench.ready;
    const profileId = workbench.profileId();
    act(() =>
      workbench.variables.set({
        environments: [
          { id: 'prod', name: 'prod', variables: [{ name: 'organisationId', value: 'orga_prod', enabled: true }] },
        ],
        activeEnvironmentId: '',
        contexts: { [profileId]: { organisationId: 'orga_picked' } },
      }),
    );
    const { root } = mount(<RunnerView workbench={workbench} services={services} showComposer={() => undefined} />);
    expect(root.querySelector('.kh-runner .kh-hint')).toBeNull();
    act(() => choose(byLabel<HTMLSelectElement>(root, 'Environment'), 'prod'));
    expect(text(root.querySelector('.kh-runner .kh-hint'))).toBe(
      'This run sends prod’s {organisationId} = orga_prod, not the context’s (orga_picked); ids chosen under another organisation are left out.',
    );
  });
});

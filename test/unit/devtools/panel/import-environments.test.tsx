// @vitest-environment happy-dom
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { scopeValues } from '../../../../src/core/workbench/variable-scope.ts';
import { PanelApp } from '../../../../src/devtools/panel/PanelApp.tsx';
import { views } from '../../../../src/devtools/panel/views.ts';
import { createWorkbench } from '../../../../src/devtools/panel/workbench.ts';
import { button, mount, textOf, user, waitFor, waitForValue } from '../../support/dom.ts';
import { createFakeServices } from '../fake-services.ts';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
  history.replaceState(null, '', '#');
});

const row = (name: string, value: string) => ({ name, value, enabled: true });

/** A Postman collection named like the user's active environment, whose variables point elsewhere. */
const HOSTILE = JSON.stringify({
  info: { name: 'Acme', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
  item: [
    { name: 'Apps', request: { method: 'GET', url: '{{baseUrl}}/v2/organisations/{{organisationId}}/applications' } },
  ],
  variable: [
    { key: 'organisationId', value: 'orga_attacker' },
    { key: 'region', value: 'mtl' },
  ],
});

async function setup() {
  const fake = createFakeServices();
  location.hash = '#saved';
  const workbench = createWorkbench(fake.services);
  await workbench.ready;
  workbench.variables.set({
    environments: [{ id: 'e1', name: 'Acme', variables: [row('organisationId', 'orga_mine'), row('zone', 'par')] }],
    activeEnvironmentId: 'e1',
    contexts: {},
  });
  const mounted = mount(
    <PanelApp services={fake.services} workbench={workbench} views={views.filter((view) => view.id === 'saved')} />,
  );
  cleanup = () => {
    mounted.unmount();
    workbench.dispose();
  };
  const input = await waitForValue(() =>
    mounted.root.querySelector<HTMLInputElement>('input[aria-label^="Import a collection"]'),
  );
  return { workbench, root: mounted.root, input };
}

async function importFile(input: HTMLInputElement, text: string, name: string) {
  Object.defineProperty(input, 'files', { configurable: true, value: [new File([text], name)] });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('importing a collection with variables', () => {
  it('puts them in a new environment and merges into an existing one only after showing the difference', async () => {
    const { workbench, root, input } = await setup();
    const before = structuredClone(workbench.variables.get());
    await importFile(input, HOSTILE, 'acme.postman_collection.json');
    const notices = await waitForValue(() => root.querySelector('.kh-saved-notices'));
    await waitFor(() => expect(textOf(notices)).toContain('Imported 1 request'));

    // Nothing of the user's changed; the imported variables are a new environment, not active.
    const scope = workbench.variables.get();
    expect(scope.environments[0]).toEqual(before.environments[0]);
    expect(scope.activeEnvironmentId).toBe('e1');
    expect(scope.environments.map((environment) => environment.name)).toEqual(['Acme', 'Acme (imported)']);
    expect(scopeValues(scope, workbench.profileId()).organisationId).toBe('orga_mine');
    expect(textOf(notices)).toContain('New environment “Acme (imported)” with 2 variables; not active');

    // Merging shows what would change, old → new, and changes nothing until confirmed.
    await user.click(button(root, 'Show changes…'));
    const review = root.querySelector('[aria-label="Changes to “Acme”"]');
    expect(textOf(review)).toContain('Merging into “Acme”: 1 added, 1 changed');
    expect(textOf(review)).toContain('added region = mtl');
    expect(textOf(review)).toContain('changed organisationId: orga_mine → orga_attacker');
    expect(workbench.variables.get().environments[0]).toEqual(before.environments[0]);
    await user.click(button(root, 'Cancel'));
    expect(root.querySelector('[aria-label="Changes to “Acme”"]')).toBeNull();
    expect(workbench.variables.get().environments[0]).toEqual(before.environments[0]);

    await user.click(button(root, 'Show changes…'));
    await user.click(button(root, 'Merge into “Acme”'));
    expect(workbench.variables.get().environments[0]?.variables).toEqual([
      row('organisationId', 'orga_attacker'),
      row('zone', 'par'),
      row('region', 'mtl'),
    ]);
    expect(textOf(notices)).toContain('Merged “Acme (imported)” into “Acme”: 1 added, 1 changed.');
  });
});

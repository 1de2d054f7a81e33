import { describe, expect, it, vi } from 'vitest';
import { createWorkbench } from '../../../../src/devtools/panel/workbench.ts';
import { createServicesHoldingCall } from '../fake-services.ts';

/** Which of the lazily loaded body readers have been loaded (a module's factory runs on its first import). */
const loaded = vi.hoisted(() => new Set<string>());

vi.mock('../../../../src/ui/held-body.ts', async (importOriginal) => {
  loaded.add('held-body');
  return importOriginal();
});
vi.mock('../../../../src/devtools/panel/response/body-loader.ts', async (importOriginal) => {
  loaded.add('body-loader');
  return importOriginal();
});

describe('the code that receives a large body', () => {
  it('loads while the call is out, not after its answer (each load is a trip through the worker)', async () => {
    const { services, asked, answer } = createServicesHoldingCall('/v2/self');
    const workbench = createWorkbench(services);
    await workbench.ready;
    loaded.clear();
    workbench.edit((draft) => ({ ...draft, method: 'GET', path: '/v2/self' }));
    const sending = workbench.send();
    await vi.waitFor(() => expect(asked()).toBeDefined());
    // The call has not been answered yet: both readers are loaded already.
    await vi.waitFor(() => expect([...loaded].sort()).toEqual(['body-loader', 'held-body']));
    expect(workbench.run.get().phase).toBe('sending');
    answer({ id: 'user_1' });
    await sending;
    expect(workbench.run.get().phase).toBe('done');
    workbench.dispose();
  });
});

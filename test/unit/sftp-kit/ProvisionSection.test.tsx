// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunState } from '../../../src/core/sftp/provision-plan.ts';
import { newRunState } from '../../../src/core/sftp/provision-plan.ts';
import { ProvisionSection } from '../../../src/sftp-kit/ProvisionSection.tsx';
import { button, click, field, mount, textOf, unmountAll, waitFor } from '../support/dom.ts';
import { fakeLocks } from './fake-locks.ts';
import { fakeServices, SIGNED_IN } from './fake-services.ts';

// The run store is IndexedDB in the browser; here, one variable.
let stored: RunState | null = null;
vi.mock('../../../src/sftp-kit/run-store.ts', () => ({
  loadRun: async () => (stored ? structuredClone(stored) : null),
  saveRun: async (run: RunState) => {
    stored = structuredClone(run);
  },
  forgetRun: async () => {
    stored = null;
  },
}));

const CATALOG: Record<string, unknown> = {
  '/v2/summary': {
    user: { id: 'user_1', name: 'Ada', applications: [] },
    organisations: [{ id: 'orga_2', name: 'Engines' }],
  },
  '/v4/products/zones': [
    { name: 'par', displayName: 'Paris', city: 'Paris', country: 'France' },
    { name: 'mtl', city: 'Montreal', country: 'Canada' },
  ],
  '/v2/products/addonproviders': [
    { id: 'postgresql-addon', name: 'PostgreSQL', plans: [{ id: 'plan_pg', name: 'XS Small Space' }] },
    { id: 'cellar-addon', name: 'Cellar', plans: [{ id: 'plan_s3', name: 'S' }] },
  ],
  '/v2/products/instances': [
    { type: 'linux', version: '20250101', variant: { id: 'v-linux', slug: 'linux' }, defaultFlavor: { name: 'XS' } },
  ],
};

function services() {
  return fakeServices({
    sessionStatus: vi.fn(async () => SIGNED_IN),
    apiGet: vi.fn(async (path: string) => JSON.stringify(CATALOG[path])),
  });
}

beforeEach(() => {
  stored = null;
});
afterEach(() => unmountAll());

function runWaitingForThePush(): RunState {
  const run = newRunState('run-x', {
    ownerId: 'user_1',
    ownerName: 'Ada',
    zone: 'par',
    appName: 'gw',
    runtime: { type: 'linux', version: '1', variantId: 'v', flavor: 'XS' },
    postgresql: { providerId: 'postgresql-addon', planId: 'p', planName: 'XS' },
    storage: { providerId: 'cellar-addon', planId: 's', planName: 'S' },
    adminUsername: 'admin',
    bucket: 'files',
    sftpUsername: 'alice',
  });
  for (const id of [
    'app',
    'postgresql',
    'storage',
    'link-postgresql',
    'link-storage',
    'addons-ready',
    'env',
    'tcp-redir',
  ] as const) {
    run.steps[id] = { status: 'done' };
  }
  run.facts.appId = 'app_1';
  run.created = [{ kind: 'application', id: 'app_1', name: 'gw' }];
  return run;
}

describe('deploying through the API', () => {
  it('fills the pickers from the account and shows the plan, secrets masked, before any call is made', async () => {
    const fake = services();
    const { root } = mount(<ProvisionSection services={fake.services} />);
    await waitFor(() => button(root, 'Plan a deployment'));
    click(button(root, 'Plan a deployment'));
    await waitFor(() => expect(root.querySelectorAll('#sk-pv-zone option')).toHaveLength(2));
    expect([...root.querySelectorAll('#sk-pv-org option')].map((option) => option.textContent)).toEqual([
      'Ada (personal)',
      'Engines',
    ]);
    const password = field(root, 'Admin password').value;
    expect(password).toMatch(/^GeneratedPassword/);
    click(button(root, 'Review the plan'));
    await waitFor(() => expect(textOf(root)).toContain('The plan'));
    const plan = textOf(root.querySelector('.sk-plan'));
    expect(plan).toContain('POST /v2/organisations/user_1/applications');
    expect(plan).toContain('"instanceVariant": "v-linux"');
    expect(plan).toContain('"providerId": "cellar-addon"');
    expect(plan).toContain('secret, not shown');
    expect(plan).not.toContain(password);
    expect(fake.services.apiCall).not.toHaveBeenCalled();
    expect(stored).toBeNull();
  });

  it('resumes a stored run, and pauses while the user decides on the clean-up', async () => {
    const run = runWaitingForThePush();
    stored = run;
    const apiCall = vi.fn(async (method: string, path: string) => {
      if (method === 'GET' && path.endsWith('/deployments')) return { status: 200, text: '[]' };
      if (method === 'GET' && path.endsWith('/env')) return { status: 200, text: '[]' };
      return { status: 200, text: '{}' };
    });
    const fake = fakeServices({
      sessionStatus: vi.fn(async () => SIGNED_IN),
      apiGet: vi.fn(async (path: string) => JSON.stringify(CATALOG[path])),
      apiCall,
    });
    const { root } = mount(<ProvisionSection services={fake.services} />);
    await waitFor(() =>
      expect(root.querySelector('[data-step="deploy"]')?.getAttribute('data-status')).toBe('waiting'),
    );
    expect(textOf(root)).toContain('Push the code');
    click(button(root, 'Remove what the kit created'));
    await waitFor(() => expect(textOf(root)).toContain('DELETE /v2/organisations/user_1/applications/app_1'));
    const calls = apiCall.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 2600));
    expect(apiCall.mock.calls.length).toBe(calls);
    click(button(root, 'Delete them now'));
    await waitFor(() => expect(textOf(root)).toContain('Removed the 1 resources this run created.'));
    expect(apiCall).toHaveBeenLastCalledWith('DELETE', '/v2/organisations/user_1/applications/app_1', undefined);
    expect(stored).toBeNull();
  });

  it('lets one tab drive the run: a second kit tab waits, says so, and takes over when the first closes', async () => {
    const locks = fakeLocks();
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      stored = runWaitingForThePush();
      const tab = () => {
        const apiCall = vi.fn(async (method: string, path: string) => {
          if (method === 'GET' && path.endsWith('/deployments')) return { status: 200, text: '[]' };
          return { status: 200, text: '[]' };
        });
        const fake = fakeServices({ sessionStatus: vi.fn(async () => SIGNED_IN), apiCall });
        return { apiCall, ...mount(<ProvisionSection services={fake.services} />) };
      };
      const first = tab();
      await waitFor(() => expect(first.apiCall).toHaveBeenCalled());
      const second = tab();
      await waitFor(() => expect(textOf(second.root)).toContain('The kit is open in another tab'));
      await waitFor(() =>
        expect(second.root.querySelector('[data-step="deploy"]')?.getAttribute('data-status')).toBe('waiting'),
      );
      expect(second.apiCall).not.toHaveBeenCalled();
      expect(textOf(first.root)).not.toContain('The kit is open in another tab');
      first.unmount();
      await waitFor(() => expect(second.apiCall).toHaveBeenCalled());
      expect(textOf(second.root)).not.toContain('The kit is open in another tab');
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });
});

import { describe, expect, it } from 'vitest';
import {
  checkProvisionForm,
  parseAddonProviders,
  parseLinuxRuntime,
  parseZones,
} from '../../../../src/core/sftp/provision-choices.ts';

describe('the provisioning pickers', () => {
  it('lists zones with their place, by name', () => {
    const zones = parseZones(
      JSON.stringify([
        { id: 'z1', name: 'par', displayName: 'Paris', city: 'Paris', country: 'France' },
        { id: 'z2', name: 'mtl', city: 'Montreal', country: 'Canada' },
        { id: 'z3' },
      ]),
    );
    expect(zones).toEqual([
      { name: 'par', label: 'Paris — Paris, France (par)' },
      { name: 'mtl', label: 'mtl — Montreal, Canada (mtl)' },
    ]);
  });

  it('finds PostgreSQL and the object storage (cellar-addon on the platform, cellar in the sandbox)', () => {
    const providers = (storageId: string) =>
      JSON.stringify([
        { id: 'postgresql-addon', name: 'PostgreSQL', plans: [{ id: 'plan_1', name: 'XS', slug: 'xs_sml' }] },
        { id: storageId, name: 'Cellar', plans: [{ id: 'plan_2', slug: 's' }] },
      ]);
    expect(parseAddonProviders(providers('cellar-addon'))).toEqual({
      postgresql: { id: 'postgresql-addon', name: 'PostgreSQL', plans: [{ id: 'plan_1', name: 'XS' }] },
      storage: { id: 'cellar-addon', name: 'Cellar', plans: [{ id: 'plan_2', name: 's' }] },
    });
    expect(parseAddonProviders(providers('cellar')).storage.id).toBe('cellar');
    expect(() => parseAddonProviders(providers('redis-addon'))).toThrow(/no PostgreSQL or no object-storage/);
    expect(() => parseAddonProviders('{')).toThrow(/not JSON/);
  });

  it('takes the enabled Linux runtime with its variant id and default flavor', () => {
    const body = JSON.stringify([
      { type: 'node', version: '1', variant: { id: 'v-node', slug: 'node' }, enabled: true },
      { type: 'linux', version: '20250101', variant: { id: 'v-linux', slug: 'linux' }, defaultFlavor: { name: 'S' } },
    ]);
    expect(parseLinuxRuntime(body)).toEqual({ type: 'linux', version: '20250101', variantId: 'v-linux', flavor: 'S' });
    expect(() => parseLinuxRuntime('[]')).toThrow(/no Linux runtime/);
  });

  it('names every problem of the form at once', () => {
    expect(
      checkProvisionForm({
        appName: 'Bad Name',
        adminUsername: 'a b',
        adminPassword: 'short',
        bucket: 'No',
        sftpUsername: 'al ice',
      }),
    ).toEqual({
      appName: expect.stringContaining('lowercase'),
      adminUsername: expect.any(String),
      adminPassword: expect.stringContaining('12 or more'),
      bucket: expect.stringContaining('between 3 and 63'),
      sftpUsername: expect.any(String),
    });
    expect(
      checkProvisionForm({
        appName: 'sftp-gateway',
        adminUsername: 'admin',
        adminPassword: 'abcdefghijkl12',
        bucket: 'files.example',
        sftpUsername: 'alice',
      }),
    ).toEqual({});
  });
});

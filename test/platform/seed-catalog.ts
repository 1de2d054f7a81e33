/** Which applications and add-ons the sandbox holds, including the SFTP gateway of spec §4.4. */
import { type Rng, seededUuid } from './random.ts';
import { type AppSpec, addonEnv, buildAddon, buildApplication, realIdOf } from './seed-apps.ts';
import type { ProviderId } from './seed-products.ts';
import type { Application, PlatformState } from './state.ts';

/** Seed dates are fixed, not relative to now, so the same seed always gives the same data. */
export const BASE_DATE = Date.UTC(2024, 2, 1, 9, 0, 0);
export const DAY = 86_400_000;

export function seedApplications(
  rng: Rng,
  state: PlatformState,
  adaId: string,
  enginesId: string,
  worksId: string,
  graceId: string,
) {
  const at = (days: number) => BASE_DATE + days * DAY;
  const provider = (id: ProviderId) => state.addonProviders.find((candidate) => candidate.view.id === id)!;
  const addAddon = (spec: { ownerId: string; name: string; provider: ProviderId; days: number; zone: string }) => {
    const ids = { id: `addon_${seededUuid(rng)}`, realId: realIdOf(spec.provider, seededUuid(rng)) };
    const addon = buildAddon(state, ids, {
      ownerId: spec.ownerId,
      name: spec.name,
      provider: provider(spec.provider),
      createdAt: at(spec.days),
      zone: spec.zone,
    });
    addon.env = addonEnv(rng, spec.provider, ids.realId);
    state.addons.set(addon.view.id, addon);
    return addon;
  };
  addAddon({ ownerId: adaId, name: 'notes-db', provider: 'postgresql-addon', days: 3, zone: 'par' });
  const pg = addAddon({
    ownerId: enginesId,
    name: 'sftp-gateway-pg',
    provider: 'postgresql-addon',
    days: 30,
    zone: 'par',
  });
  const cellar = addAddon({
    ownerId: enginesId,
    name: 'sftp-gateway-storage',
    provider: 'cellar',
    days: 30,
    zone: 'par',
  });
  addAddon({ ownerId: enginesId, name: 'engine-cache', provider: 'redis-addon', days: 12, zone: 'rbx' });
  addAddon({ ownerId: worksId, name: 'legacy-db', provider: 'mysql-addon', days: 60, zone: 'par' });

  // The gateway's own environment holds its add-ons' variables (the SFTP kit reads them there).
  const sftpEnv = [
    ...cellar.env,
    ...pg.env,
    { name: 'SFTPGO_DATA_PROVIDER__DRIVER', value: 'postgresql' },
    { name: 'SFTPGO_HTTPD__BINDINGS__0__PORT', value: '8080' },
    { name: 'SFTPGO_LOG_LEVEL', value: 'info' },
    { name: 'SFTPGO_SFTPD__BINDINGS__0__PORT', value: '4040' },
  ].sort((a, b) => (a.name < b.name ? -1 : 1));
  const specs: AppSpec[] = [
    {
      ownerId: adaId,
      name: 'notes-api',
      description: 'Personal notes API',
      variant: 'node',
      zone: 'par',
      state: 'SHOULD_BE_UP',
      flavor: 'nano',
      createdAt: at(2),
      env: [{ name: 'NODE_ENV', value: 'production' }],
    },
    {
      ownerId: adaId,
      name: 'portfolio',
      description: 'Static portfolio site',
      variant: 'static',
      zone: 'par',
      state: 'SHOULD_BE_UP',
      flavor: 'pico',
      createdAt: at(5),
    },
    {
      ownerId: enginesId,
      name: 'engine-web',
      description: 'Customer-facing web front',
      variant: 'node',
      zone: 'par',
      state: 'SHOULD_BE_UP',
      flavor: 'S',
      createdAt: at(10),
      tags: ['production', 'web'],
      env: [
        { name: 'NODE_ENV', value: 'production' },
        { name: 'PORT', value: '8080' },
      ],
    },
    {
      ownerId: enginesId,
      name: 'engine-worker',
      description: 'Batch computations of Bernoulli numbers',
      variant: 'python',
      zone: 'rbx',
      state: 'SHOULD_BE_DOWN',
      flavor: 'M',
      createdAt: at(11),
      tags: ['batch'],
    },
    {
      ownerId: enginesId,
      name: 'sftp-gateway',
      description: 'SFTPGo exposing object storage over SFTP',
      variant: 'linux',
      zone: 'par',
      state: 'SHOULD_BE_UP',
      flavor: 'XS',
      createdAt: at(30),
      tags: ['sftp'],
      env: sftpEnv,
    },
    {
      ownerId: enginesId,
      name: 'billing-cron',
      description: 'Nightly billing exports',
      variant: 'java',
      zone: 'par',
      state: 'WANTS_TO_BE_UP',
      flavor: 'XS',
      createdAt: at(40),
    },
    {
      ownerId: worksId,
      name: 'difference-api',
      description: 'Tabulation API',
      variant: 'go',
      zone: 'mtl',
      state: 'SHOULD_BE_UP',
      flavor: 'XS',
      createdAt: at(50),
    },
    {
      ownerId: worksId,
      name: 'legacy-php',
      description: 'The old intranet',
      variant: 'php',
      zone: 'par',
      state: 'SHOULD_BE_DOWN',
      flavor: 'nano',
      createdAt: at(61),
      archived: true,
    },
    {
      ownerId: graceId,
      name: 'compiler-playground',
      description: 'A-0 compiler experiments',
      variant: 'docker',
      zone: 'par',
      state: 'SHOULD_BE_UP',
      flavor: 'nano',
      createdAt: at(4),
    },
  ];
  const byName = new Map<string, Application>();
  for (const spec of specs) {
    const app = buildApplication(rng, state, spec);
    state.applications.set(app.view.id, app);
    byName.set(spec.name, app);
  }
  // Links, so that `addons/env`, `dependencies/env` and `exposed_env` have something to show.
  const gateway = byName.get('sftp-gateway')!;
  gateway.linkedAddons = [pg.view.id, cellar.view.id];
  const worker = byName.get('engine-worker')!;
  worker.exposedEnv = [
    { name: 'WORKER_QUEUE', value: 'bernoulli-numbers' },
    { name: 'WORKER_URL', value: `https://${(worker.view.vhosts as { fqdn: string }[])[0]!.fqdn}` },
  ];
  byName.get('engine-web')!.dependencies = [worker.view.id];
}

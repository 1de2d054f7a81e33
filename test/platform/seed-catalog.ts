/** Which applications and add-ons the sandbox holds, including the SFTP gateway of spec §4.4. */
import { type Rng, seededHex } from './random.ts';
import { type AppSpec, buildAddon, buildApplication } from './seed-apps.ts';
import type { PlatformState } from './state.ts';

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
  const pg = buildAddon(rng, {
    ownerId: enginesId,
    name: 'sftp-gateway-pg',
    provider: 'postgresql-addon',
    createdAt: at(30),
    zone: 'par',
  });
  const cellar = buildAddon(rng, {
    ownerId: enginesId,
    name: 'sftp-gateway-storage',
    provider: 'cellar',
    createdAt: at(30),
    zone: 'par',
  });
  const addons = [
    buildAddon(rng, { ownerId: adaId, name: 'notes-db', provider: 'postgresql-addon', createdAt: at(3), zone: 'par' }),
    pg,
    cellar,
    buildAddon(rng, {
      ownerId: enginesId,
      name: 'engine-cache',
      provider: 'redis-addon',
      createdAt: at(12),
      zone: 'rbx',
    }),
    buildAddon(rng, { ownerId: worksId, name: 'legacy-db', provider: 'mysql-addon', createdAt: at(60), zone: 'par' }),
  ];
  for (const addon of addons) state.addons.set(addon.view.id, addon);

  const dbUser = `u${seededHex(rng, 12)}`;
  const dbPassword = seededHex(rng, 24);
  const dbHost = `${String(pg.view.realId).replace('_', '-')}-postgresql.services.sandbox.keyhole.test`;
  const sftpEnv = [
    { name: 'CELLAR_ADDON_HOST', value: 'cellar-par.services.sandbox.keyhole.test' },
    { name: 'CELLAR_ADDON_KEY_ID', value: seededHex(rng, 20).toUpperCase() },
    { name: 'CELLAR_ADDON_KEY_SECRET', value: seededHex(rng, 40) },
    { name: 'POSTGRESQL_ADDON_DB', value: `b${seededHex(rng, 12)}` },
    { name: 'POSTGRESQL_ADDON_HOST', value: dbHost },
    { name: 'POSTGRESQL_ADDON_PASSWORD', value: dbPassword },
    { name: 'POSTGRESQL_ADDON_PORT', value: '5432' },
    { name: 'POSTGRESQL_ADDON_URI', value: `postgresql://${dbUser}:${dbPassword}@${dbHost}:5432/sftpgo` },
    { name: 'POSTGRESQL_ADDON_USER', value: dbUser },
    { name: 'SFTPGO_DATA_PROVIDER__DRIVER', value: 'postgresql' },
    { name: 'SFTPGO_HTTPD__BINDINGS__0__PORT', value: '8080' },
    { name: 'SFTPGO_LOG_LEVEL', value: 'info' },
    { name: 'SFTPGO_SFTPD__BINDINGS__0__PORT', value: '4040' },
  ];
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
  for (const spec of specs) {
    const app = buildApplication(rng, spec);
    state.applications.set(app.view.id, app);
  }
}

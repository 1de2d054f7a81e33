/**
 * The catalog responder (resources-catalog.ts): the long tail of the platform's endpoints keeps one consistent
 * state (what is created is listed, what is deleted is gone), checks every id of the path (404 for unknown ones,
 * 403 for organisations of others), answers with the platform's OpenAPI shapes and rights.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform } from './index.ts';
import { ed25519KeyLine } from './resources-ssh-keys.ts';
import { dance, signerFor } from './support/oauth-client.ts';

let platform: Platform;
let call: ReturnType<typeof signerFor>;
let org: string;
let app: string;
let ada: string;
let grace: string;

beforeAll(async () => {
  platform = await startPlatform();
  call = signerFor(platform, await dance(platform));
  const { state } = platform;
  org = [...state.organisations.values()].find((o) => o.name === 'Analytical Engines Ltd')!.id;
  app = [...state.applications.values()].find((a) => a.ownerId === org)!.view.id;
  ada = [...state.users.values()].find((u) => u.email === platform.user.email)!.id;
  grace = [...state.users.values()].find((u) => u.email === platform.mfaUser.email)!.id;
});
afterAll(() => platform.close());

const json = async (method: string, path: string, body?: unknown) => {
  const response = await call(method, path, body === undefined ? {} : { json: body });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
};

describe('collections keep one state', () => {
  it('domains: PUT adds one, the list shows it, DELETE removes it, a second DELETE is 404', async () => {
    const base = `/v2/organisations/${org}/applications/${app}/vhosts`;
    const before = (await json('GET', base)).body as { fqdn: string }[];
    expect(before.length).toBeGreaterThan(0);
    expect(before[0]).toEqual({ fqdn: expect.stringMatching(/\.sandbox\.keyhole\.test$/) });
    expect((await json('PUT', `${base}/shop.example.test`)).status).toBe(200);
    const after = (await json('GET', base)).body as { fqdn: string }[];
    expect(after.map((vhost) => vhost.fqdn)).toContain('shop.example.test');
    expect((await json('DELETE', `${base}/shop.example.test`)).status).toBe(200);
    expect(((await json('GET', base)).body as { fqdn: string }[]).map((v) => v.fqdn)).not.toContain(
      'shop.example.test',
    );
    expect((await json('DELETE', `${base}/shop.example.test`)).status).toBe(404);
  });

  it('network groups: POST creates (body kept), GET reads it, DELETE makes it 404', async () => {
    const base = `/v4/networkgroups/organisations/${org}/networkgroups`;
    const created = (await json('POST', base, { label: 'walk-ng', description: 'test' })).body as Record<
      string,
      string
    >;
    expect(created).toMatchObject({ label: 'walk-ng', id: expect.stringMatching(/^ng_/) });
    expect((await json('GET', `${base}/${created.id}`)).body).toMatchObject({ label: 'walk-ng' });
    const ids = ((await json('GET', base)).body as { id: string }[]).map((ng) => ng.id);
    expect(ids).toContain(created.id);
    expect((await json('DELETE', `${base}/${created.id}`)).status).toBe(204);
    expect((await json('GET', `${base}/${created.id}`)).status).toBe(404);
    expect((await json('GET', `${base}/${created.id}/members`)).status).toBe(404);
  });

  it('/v2/self and the personal organisation are one store (SSH keys are upserted by name)', async () => {
    // The key line as a JSON string, as the official tools send it; an OpenSSH ed25519 key (blob: type, then 32 bytes).
    const line = ed25519KeyLine(Buffer.alloc(32, 7), 'ada@laptop');
    expect((await json('PUT', '/v2/self/keys/laptop', line)).status).toBe(200);
    const keys = (await json('GET', '/v2/self/keys')).body as { name: string; key: string }[];
    expect(keys.find((key) => key.name === 'laptop')).toMatchObject({ key: line });
    expect((await json('PUT', '/v2/self/keys/broken', 'ssh-ed25519 AAAA')).body).toMatchObject({ id: 505 });
    const hook = (
      await json('POST', `/v2/notifications/webhooks/${ada}`, { urls: [{ format: 'raw', url: 'https://hook.test/' }] })
    ).body as {
      id: string;
    };
    const hooks = (await json('GET', `/v2/notifications/webhooks/${ada}`)).body as { id: string }[];
    expect(hooks.map((h) => h.id)).toContain(hook.id);
    expect((await json('DELETE', '/v2/self/keys/laptop')).status).toBe(200);
    expect((await json('DELETE', '/v2/self/keys/laptop')).status).toBe(404);
  });

  it('instances: starting records a DEPLOY (newest first), stopping an UNDEPLOY, cancelling marks CANCELLED', async () => {
    const base = `/v2/organisations/${org}/applications/${app}`;
    // The official client sends the commit as a query parameter (esm/api/v2/application.js, `redeploy`).
    const started = await json('POST', `${base}/instances?commit=abc123`);
    expect(started.status).toBe(200);
    const [deploy] = (await json('GET', `${base}/deployments`)).body as Record<string, string>[];
    expect(deploy).toMatchObject({ action: 'DEPLOY', state: 'WIP', commit: 'abc123', id: expect.any(Number) });
    expect(started.body).toMatchObject({ deploymentId: deploy!.uuid });
    expect((await json('DELETE', `${base}/deployments/${deploy!.uuid}/instances`)).status).toBe(200);
    expect((await json('GET', `${base}/deployments/${deploy!.uuid}`)).body).toMatchObject({ state: 'CANCELLED' });
    expect((await json('DELETE', `${base}/instances`)).status).toBe(200);
    expect((await json('GET', `${base}/instances`)).body).toEqual([]);
    const [undeploy] = (await json('GET', `${base}/deployments`)).body as Record<string, string>[];
    expect(undeploy).toMatchObject({ action: 'UNDEPLOY' });
    expect((await json('DELETE', `${base}/deployments/deployment_nope/instances`)).status).toBe(404);
  });

  it("an application's branch: PUT changes it, the branches list and the application show it", async () => {
    const base = `/v2/organisations/${org}/applications/${app}`;
    expect((await json('PUT', `${base}/branch`, { branch: 'release/2' })).body).toMatchObject({ branch: 'release/2' });
    expect((await json('GET', `${base}/branches`)).body).toEqual(['release/2']);
    expect((await json('GET', base)).body).toMatchObject({ branch: 'release/2', branches: ['release/2'] });
    expect((await json('PUT', `${base}/branch`, { branch: '' })).status).toBe(400);
  });

  it('a single resource keeps what PUT wrote until DELETE', async () => {
    const path = '/v4/console/settings/theme';
    expect((await json('PUT', path, { value: 'dark' })).status).toBe(200);
    expect((await json('GET', path)).body).toMatchObject({ value: 'dark' });
    expect((await json('DELETE', path)).status).toBe(204);
    expect((await json('GET', path)).body).not.toMatchObject({ value: 'dark' });
  });
});

describe('ids, rights and shapes', () => {
  it('answers 404 for unknown organisations, applications, add-ons and invoices, 403 for others', async () => {
    expect((await json('GET', `/v2/organisations/orga_nope/applications/${app}/vhosts`)).status).toBe(404);
    expect((await json('GET', `/v2/organisations/${org}/applications/app_nope/deployments`)).status).toBe(404);
    expect((await json('GET', '/v2/logs/app_nope/drains')).status).toBe(404);
    expect((await json('GET', `/v2/organisations/${org}/addons/addon_nope/sso`)).status).toBe(404);
    expect((await json('GET', `/v2/organisations/${org}/payments/billings/NOPE-1`)).status).toBe(404);
    expect((await json('GET', `/v2/notifications/webhooks/${grace}`)).status).toBe(403);
    // An application of another organisation is not found under this one.
    const other = [...platform.state.applications.values()].find((a) => a.ownerId !== org && a.ownerId === ada)!;
    expect((await json('GET', `/v2/organisations/${org}/applications/${other.view.id}/vhosts`)).status).toBe(404);
  });

  it('checks the route right: a token without the bills right cannot read v2 billings', async () => {
    const limited = signerFor(platform, await dance(platform, { uncheck: ['access_organisations_bills'] }));
    expect((await limited('GET', `/v2/organisations/${org}/payments/billings`)).status).toBe(403);
    expect((await call('GET', `/v2/organisations/${org}/payments/billings`)).status).toBe(200);
  });

  it('serves the v2 billings from the same invoices as v4, and shapes others from the description', async () => {
    const v2 = (await json('GET', `/v2/organisations/${org}/payments/billings`)).body as { invoice_number: string }[];
    const v4 = (await json('GET', `/v4/billing/organisations/${org}/invoices`)).body as { invoice_number: string }[];
    expect(v2.map((i) => i.invoice_number).sort()).toEqual(v4.map((i) => i.invoice_number).sort());
    const deployments = (await json('GET', `/v2/organisations/${org}/applications/${app}/deployments`)).body;
    expect((deployments as Record<string, unknown>[])[0]).toMatchObject({
      uuid: expect.any(String),
      action: expect.any(String),
      commit: expect.any(String),
    });
    // An example's owner is the organisation of the path.
    expect((await json('GET', `/v2/organisations/${org}/credits`)).body).toMatchObject({ ownerId: org });
    expect((await json('GET', `/v2/users/${grace}`)).body).toMatchObject({ id: grace, email: platform.mfaUser.email });
  });

  it('matches names inside a segment: /v2/openapi.{type}, /v2/products/instances/{type}-{version}', async () => {
    const yaml = await call('GET', '/v2/openapi.yaml');
    expect(yaml.headers.get('content-type')).toMatch(/^application\/yaml/);
    expect((await call('GET', '/v2/openapi.xml')).status).toBe(404);
    expect((await json('GET', '/v2/products/instances/node-20240301')).body).toMatchObject({ type: 'node' });
    expect((await json('GET', '/v2/products/instances/node-1999')).status).toBe(404);
  });
});

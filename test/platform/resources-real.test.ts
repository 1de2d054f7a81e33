/**
 * The sandbox answers like the real API: its routes and only its routes (404/405 elsewhere), one consistent state,
 * the platform's date form and error ids. The official tools' view of the same is in conformance/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformDate } from './dates.ts';
import { type Platform, startPlatform } from './index.ts';
import { dance, signerFor } from './support/oauth-client.ts';

let platform: Platform;
let call: ReturnType<typeof signerFor>;
let engines: string;
let web: string;
let worker: string;

beforeAll(async () => {
  platform = await startPlatform();
  call = signerFor(platform, await dance(platform));
  const state = platform.state;
  engines = [...state.organisations.values()].find((org) => org.name === 'Analytical Engines Ltd')!.id;
  web = [...state.applications.values()].find((app) => app.view.name === 'engine-web')!.view.id;
  worker = [...state.applications.values()].find((app) => app.view.name === 'engine-worker')!.view.id;
});
afterAll(() => platform.close());

const json = async (method: string, path: string, extra = {}) => {
  const response = await call(method, path, extra);
  return { status: response.status, body: (await response.json()) as unknown };
};

describe('dates in the platform form', () => {
  it('prints minutes always, seconds and the fraction only when not zero, then the zone id', () => {
    expect(platformDate(Date.UTC(2024, 2, 1, 9, 0, 0))).toBe('2024-03-01T09:00Z[UTC]');
    expect(platformDate(Date.UTC(2024, 2, 1, 9, 0, 5))).toBe('2024-03-01T09:00:05Z[UTC]');
    expect(platformDate(Date.UTC(2024, 2, 1, 9, 0, 0, 120))).toBe('2024-03-01T09:00:00.120Z[UTC]');
  });

  it('uses it for OAuth tokens (with the last use) and add-ons; API tokens of the bridge stay plain ISO', async () => {
    const tokens = (await json('GET', '/v2/self/tokens')).body as Record<string, unknown>[];
    expect(tokens[0]).toMatchObject({
      creationDate: expect.stringMatching(/Z\[UTC]$/),
      expirationDate: expect.stringMatching(/Z\[UTC]$/),
      lastUtilisation: expect.stringMatching(/Z\[UTC]$/),
      consumer: { key: platform.consumerKey, rights: { almighty: false } },
    });
    const addons = (await json('GET', `/v2/organisations/${engines}/addons`)).body as Record<string, unknown>[];
    expect(addons[0]!.creationDate).toMatch(/^2024-\d\d-\d\dT09:00Z\[UTC]$/);
    // `clever tokens` prints them with `new Date(x).toISOString()`, which throws on `[UTC]`: the bridge sends ISO.
    const apiTokens = await fetch(`${platform.bridge}/api-tokens`, {
      headers: { Authorization: `Bearer ${platform.apiToken}` },
    });
    expect(((await apiTokens.json()) as { creationDate: string }[])[0]!.creationDate).toMatch(/\.\d{3}Z$/);
  });
});

describe('error ids are internal codes, not the HTTP status', () => {
  it('uses the platform ids it knows (6200 not a member, 101, 1004, 550) and 9000 + status otherwise', async () => {
    const grace = [...platform.state.users.values()].find((user) => user.email === platform.mfaUser.email)!;
    expect(await json('GET', `/v2/organisations/${grace.id}/applications`)).toMatchObject({
      status: 403,
      body: { id: 6200, type: 'error' },
    });
    expect((await json('PUT', `/v2/self/emails/${encodeURIComponent(platform.user.email)}`)).body).toMatchObject({
      id: 101,
    });
    expect((await json('PUT', `/v2/self/emails/${encodeURIComponent(platform.mfaUser.email)}`)).body).toMatchObject({
      id: 1004,
    });
    expect((await json('PUT', '/v2/self/emails/not-an-address')).body).toMatchObject({ id: 550 });
    expect((await json('GET', '/v2/nothing')).body).toMatchObject({ id: 9404 });
  });
});

describe('routes: the real ones only', () => {
  it('has no form-encoded POST on env or tags any more (405 with the real methods)', async () => {
    const env = await call('POST', `/v2/organisations/${engines}/applications/${web}/env`, {
      params: { name: 'A', value: 'b' },
      form: true,
    });
    expect(env.status).toBe(405);
    expect(env.headers.get('allow')).toBe('GET, PUT');
    const tags = await call('POST', `/v2/organisations/${engines}/applications/${web}/tags`, {
      params: { tag: 'x' },
      form: true,
    });
    expect(tags.status).toBe(405);
    expect(tags.headers.get('allow')).toBe('GET, PUT');
  });

  it('reads invoices/unpaid as the unpaid list, not as an invoice number', async () => {
    const unpaid = await json('GET', `/v4/billing/organisations/${engines}/invoices/unpaid`);
    expect(unpaid.status).toBe(200);
    expect((unpaid.body as { status: string }[]).map((invoice) => invoice.status)).toEqual(['PENDING']);
  });

  it('answers GET /v2/self/tokens/current for an OAuth token, 404 for an API token', async () => {
    expect((await json('GET', '/v2/self/tokens/current')).status).toBe(200);
    const viaApiToken = await fetch(`${platform.bridge}/v2/self/tokens/current`, {
      headers: { Authorization: `Bearer ${platform.apiToken}` },
    });
    expect(viaApiToken.status).toBe(404);
  });
});

describe('one consistent state', () => {
  it('sets and removes one variable; what is written is what is read', async () => {
    const base = `/v2/organisations/${engines}/applications/${web}/env`;
    const set = await json('PUT', `${base}/ONE`, { json: { value: '1 & 2' } });
    expect((set.body as { env: unknown[] }).env).toContainEqual({ name: 'ONE', value: '1 & 2' });
    expect((await json('GET', base)).body).toContainEqual({ name: 'ONE', value: '1 & 2' });
    expect((await json('DELETE', `${base}/ONE`)).status).toBe(200);
    expect((await json('GET', base)).body).not.toContainEqual({ name: 'ONE', value: '1 & 2' });
    expect((await json('DELETE', `${base}/ONE`)).status).toBe(404);
  });

  it("shows a dependency's exposed variables, and forgets the dependency when that application is deleted", async () => {
    const deps = `/v2/organisations/${engines}/applications/${web}/dependencies/env`;
    expect((await json('GET', deps)).body).toEqual([
      { app_id: worker, app_name: 'engine-worker', env: expect.arrayContaining([expect.anything()]) },
    ]);
    expect((await json('DELETE', `/v2/organisations/${engines}/applications/${worker}`)).status).toBe(200);
    expect((await json('GET', deps)).body).toEqual([]);
    expect((await json('GET', `/v2/organisations/${engines}/applications/${worker}`)).status).toBe(404);
  });

  it('creates an add-on that appears in the list and the summary, links it, and unlinks it when deleted', async () => {
    const created = await json('POST', `/v2/organisations/${engines}/addons`, {
      json: { name: 'extra-db', providerId: 'postgresql-addon', plan: 'xs_sml', region: 'par' },
    });
    expect(created.status).toBe(200);
    const addon = created.body as { id: string; realId: string; configKeys: string[] };
    expect(addon.configKeys).toContain('POSTGRESQL_ADDON_URI');
    const summary = (await json('GET', '/v2/summary')).body as {
      organisations: { id: string; addons: { id: string; realId: string }[] }[];
    };
    expect(summary.organisations.find((org) => org.id === engines)?.addons).toContainEqual(
      expect.objectContaining({ id: addon.id, realId: addon.realId }),
    );
    const link = await call('POST', `/v2/organisations/${engines}/applications/${web}/addons`, {
      json: addon.realId,
    });
    expect(link.status).toBe(200);
    const linkedEnv = (await json('GET', `/v2/organisations/${engines}/applications/${web}/addons/env`)).body;
    expect(linkedEnv).toContainEqual(expect.objectContaining({ addon_id: addon.id, provider_id: 'postgresql-addon' }));
    expect((await json('DELETE', `/v2/organisations/${engines}/addons/${addon.id}`)).status).toBe(200);
    expect((await json('GET', `/v2/organisations/${engines}/applications/${web}/addons/env`)).body).not.toContainEqual(
      expect.objectContaining({ addon_id: addon.id }),
    );
  });
});

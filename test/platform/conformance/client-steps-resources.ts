/**
 * `@clevercloud/client` 12.0.0, unchanged, against the sandbox: applications, environment, exposed environment,
 * tags, add-ons, invoices and PDFs (also through a link carrying `?authorization=`), credits, zones, and one of the
 * legacy `esm/api` functions the CLI is built on.
 */

import { CreateAddonCommand } from '@clevercloud/client/cc-api-commands/addon/create-addon-command.js';
import { DeleteAddonCommand } from '@clevercloud/client/cc-api-commands/addon/delete-addon-command.js';
import { GetAddonCommand } from '@clevercloud/client/cc-api-commands/addon/get-addon-command.js';
import { ListAddonCommand } from '@clevercloud/client/cc-api-commands/addon/list-addon-command.js';
import { UpdateAddonCommand } from '@clevercloud/client/cc-api-commands/addon/update-addon-command.js';
import { CreateApplicationCommand } from '@clevercloud/client/cc-api-commands/application/create-application-command.js';
import { DeleteApplicationCommand } from '@clevercloud/client/cc-api-commands/application/delete-application-command.js';
import { GetApplicationCommand } from '@clevercloud/client/cc-api-commands/application/get-application-command.js';
import { ListApplicationCommand } from '@clevercloud/client/cc-api-commands/application/list-application-command.js';
import { UpdateApplicationCommand } from '@clevercloud/client/cc-api-commands/application/update-application-command.js';
import { GetCreditsSummaryCommand } from '@clevercloud/client/cc-api-commands/credits/get-credits-summary-command.js';
import { CreateOrUpdateEnvironmentVariableCommand } from '@clevercloud/client/cc-api-commands/environment/create-or-update-environment-variable-command.js';
import { DeleteEnvironmentVariableCommand } from '@clevercloud/client/cc-api-commands/environment/delete-environment-variable-command.js';
import { GetEnvironmentCommand } from '@clevercloud/client/cc-api-commands/environment/get-environment-command.js';
import { GetExposedEnvironmentCommand } from '@clevercloud/client/cc-api-commands/environment/get-exposed-environment-command.js';
import { UpdateEnvironmentCommand } from '@clevercloud/client/cc-api-commands/environment/update-environment-command.js';
import { UpdateExposedEnvironmentCommand } from '@clevercloud/client/cc-api-commands/environment/update-exposed-environment-command.js';
import { GetInvoiceCommand } from '@clevercloud/client/cc-api-commands/invoice/get-invoice-command.js';
import { GetInvoiceHtmlCommand } from '@clevercloud/client/cc-api-commands/invoice/get-invoice-html-command.js';
import { GetInvoicePdfCommand } from '@clevercloud/client/cc-api-commands/invoice/get-invoice-pdf-command.js';
import { GetInvoiceUrl } from '@clevercloud/client/cc-api-commands/invoice/get-invoice-url.js';
import { ListInvoiceCommand } from '@clevercloud/client/cc-api-commands/invoice/list-invoice-command.js';
import { ListUnpaidInvoiceCommand } from '@clevercloud/client/cc-api-commands/invoice/list-unpaid-invoice-command.js';
import { ListProductAddonCommand } from '@clevercloud/client/cc-api-commands/product/list-product-addon-command.js';
import { ListProductRuntimeCommand } from '@clevercloud/client/cc-api-commands/product/list-product-runtime-command.js';
import { CreateTagCommand } from '@clevercloud/client/cc-api-commands/tag/create-tag-command.js';
import { DeleteTagCommand } from '@clevercloud/client/cc-api-commands/tag/delete-tag-command.js';
import { ListTagCommand } from '@clevercloud/client/cc-api-commands/tag/list-tag-command.js';
import { UpdateTagCommand } from '@clevercloud/client/cc-api-commands/tag/update-tag-command.js';
import { GetZoneCommand } from '@clevercloud/client/cc-api-commands/zone/get-zone-command.js';
import { ListZoneCommand } from '@clevercloud/client/cc-api-commands/zone/list-zone-command.js';
import { getSummary } from '@clevercloud/client/esm/api/v2/user.js';
import { addOauthHeader } from '@clevercloud/client/esm/oauth.js';
import { prefixUrl } from '@clevercloud/client/esm/prefix-url.js';
import { request } from '@clevercloud/client/esm/request.fetch.js';
import { expect } from 'vitest';
import type { ConformanceContext } from './context.ts';
import type { Step } from './recorder.ts';

export function applicationSteps(ctx: ConformanceContext): Step[] {
  const { client, ids, carry } = ctx;
  const step = (call: string, http: string[], run: () => Promise<string>): Step => ({
    tool: 'client',
    call,
    http,
    run,
  });
  const web = { applicationId: ids.webAppId };
  return [
    step('ListApplicationCommand', ['GET /v2/organisations/*/applications 200'], async () => {
      const apps = await client.send(new ListApplicationCommand({ ownerId: ids.enginesId, withBranches: false }));
      expect(apps.map((app) => app.name).sort()).toEqual([
        'billing-cron',
        'engine-web',
        'engine-worker',
        'sftp-gateway',
      ]);
      expect(apps[0]!.instance.flavors[0]).toMatchObject({ priceId: expect.any(String), machineLearning: false });
      return `${apps.length} applications`;
    }),
    step(
      'GetApplicationCommand (owner resolved from the summary)',
      ['GET /v2/organisations/*/applications/* 200'],
      async () => {
        const app = await client.send(new GetApplicationCommand(web));
        expect(app).toMatchObject({ id: ids.webAppId, ownerId: ids.enginesId, forceHttps: true });
        return `${app!.name}, ${app!.instance.variant.name}, ${app!.domains.length} domain`;
      },
    ),
    step('ListProductRuntimeCommand', ['GET /v2/products/instances 200'], async () => {
      const runtimes = await client.send(new ListProductRuntimeCommand());
      expect(runtimes.some((runtime) => runtime.variant.slug === 'node')).toBe(true);
      return `${runtimes.length} runtimes`;
    }),
    step(
      'CreateApplicationCommand {instance: {slug: "node"}}',
      ['POST /v2/organisations/*/applications 200', 'GET /v2/organisations/*/applications 200'],
      async () => {
        const app = await client.send(
          new CreateApplicationCommand({
            ownerId: ids.enginesId,
            name: 'conformance-app',
            description: 'Made by the official client',
            instance: { slug: 'node' },
            minFlavor: 'nano',
            environment: [{ name: 'FROM', value: 'client' }],
          } as never),
        );
        carry.appId = app.id;
        const apps = await client.send(new ListApplicationCommand({ ownerId: ids.enginesId, withBranches: false }));
        expect(apps.map((candidate) => candidate.id)).toContain(app.id);
        expect(app.environment).toEqual([{ name: 'FROM', value: 'client' }]);
        return `${app.id.slice(0, 12)}…, listed`;
      },
    ),
    step('UpdateApplicationCommand {name}', ['PUT /v2/organisations/*/applications/* 200'], async () => {
      const app = await client.send(
        new UpdateApplicationCommand({ ownerId: ids.enginesId, applicationId: carry.appId!, name: 'conformance-2' }),
      );
      expect(app.name).toBe('conformance-2');
      expect(ctx.platform.state.applications.get(carry.appId!)?.view.name).toBe('conformance-2');
      return app.name;
    }),
    step(
      'DeleteApplicationCommand',
      ['DELETE /v2/organisations/*/applications/* 200', 'GET /v2/organisations/*/applications/* 404'],
      async () => {
        await client.send(new DeleteApplicationCommand({ ownerId: ids.enginesId, applicationId: carry.appId! }));
        const app = await client.send(
          new GetApplicationCommand({ ownerId: ids.enginesId, applicationId: carry.appId! }),
        );
        expect(app).toBeNull();
        return 'deleted; GetApplicationCommand now gives null (404)';
      },
    ),
    step(
      'GetEnvironmentCommand {includeLinkedApplications, includeLinkedAddons}',
      ['GET /applications/*/env 200', 'GET /applications/*/dependencies/env 200', 'GET /applications/*/addons/env 200'],
      async () => {
        const env = await client.send(
          new GetEnvironmentCommand({ ...web, includeLinkedApplications: true, includeLinkedAddons: true }),
        );
        expect(env.environment.map((variable) => variable.name)).toEqual(['NODE_ENV', 'PORT']);
        expect(env.linkedApplicationsEnvironment?.[0]?.applicationName).toBe('engine-worker');
        return `${env.environment.length} own, ${env.linkedApplicationsEnvironment?.length} linked app`;
      },
    ),
    step('CreateOrUpdateEnvironmentVariableCommand', ['PUT /applications/*/env/CONFORMANCE 200'], async () => {
      const env = await client.send(
        new CreateOrUpdateEnvironmentVariableCommand({ ...web, name: 'CONFORMANCE', value: 'a b&c=d' }),
      );
      expect(env).toContainEqual({ name: 'CONFORMANCE', value: 'a b&c=d' });
      return `${env.length} variables`;
    }),
    step('DeleteEnvironmentVariableCommand', ['DELETE /applications/*/env/CONFORMANCE 200'], async () => {
      const env = await client.send(new DeleteEnvironmentVariableCommand({ ...web, name: 'CONFORMANCE' }));
      expect(env.map((variable) => variable.name)).not.toContain('CONFORMANCE');
      return `${env.length} variables`;
    }),
    step('UpdateEnvironmentCommand', ['PUT /applications/*/env 200'], async () => {
      const environment = [
        { name: 'NODE_ENV', value: 'production' },
        { name: 'PORT', value: '8080' },
        { name: 'REPLACED', value: 'yes' },
      ];
      const env = await client.send(new UpdateEnvironmentCommand({ ...web, environment }));
      expect(env).toEqual(environment);
      return `${env.length} variables`;
    }),
    step('GetExposedEnvironmentCommand', ['GET /applications/*/exposed_env 200'], async () => {
      const exposed = await client.send(new GetExposedEnvironmentCommand({ applicationId: ids.workerAppId }));
      expect(exposed?.map((variable) => variable.name)).toEqual(['WORKER_QUEUE', 'WORKER_URL']);
      return `${exposed?.length} exposed`;
    }),
    step(
      'UpdateExposedEnvironmentCommand',
      ['PUT /applications/*/exposed_env 200', 'GET /applications/*/exposed_env 200'],
      async () => {
        await client.send(
          new UpdateExposedEnvironmentCommand({
            ...web,
            environment: [{ name: 'WEB_URL', value: 'https://web.test' }],
          }),
        );
        const exposed = await client.send(new GetExposedEnvironmentCommand(web));
        expect(exposed).toEqual([{ name: 'WEB_URL', value: 'https://web.test' }]);
        return 'WEB_URL exposed';
      },
    ),
    step('ListTagCommand (application)', ['GET /applications/*/tags 200'], async () => {
      const tags = await client.send(new ListTagCommand(web));
      expect(tags).toEqual(['production', 'web']);
      return tags.join(', ');
    }),
    step('CreateTagCommand (application)', ['PUT /applications/*/tags/conformance 200'], async () => {
      const tags = await client.send(new CreateTagCommand({ ...web, tag: 'conformance' }));
      expect(tags).toEqual(['conformance', 'production', 'web']);
      return tags.join(', ');
    }),
    step('UpdateTagCommand (application)', ['PUT /applications/*/tags 200'], async () => {
      const tags = await client.send(new UpdateTagCommand({ ...web, tags: ['conformance', 'web'] }));
      expect(tags).toEqual(['conformance', 'web']);
      return tags.join(', ');
    }),
    step('DeleteTagCommand (application)', ['DELETE /applications/*/tags/conformance 200'], async () => {
      const tags = await client.send(new DeleteTagCommand({ ...web, tag: 'conformance' }));
      expect(tags).toEqual(['web']);
      return tags.join(', ');
    }),
  ];
}

export function addonAndBillingSteps(ctx: ConformanceContext): Step[] {
  const { client, ids, carry, platform, access } = ctx;
  const step = (call: string, http: string[], run: () => Promise<string>): Step => ({
    tool: 'client',
    call,
    http,
    run,
  });
  const invoice = { ownerId: ids.enginesId, invoiceNumber: ids.invoiceNumber };
  return [
    step('ListAddonCommand', ['GET /v2/organisations/*/addons 200'], async () => {
      const addons = await client.send(new ListAddonCommand({ ownerId: ids.enginesId }));
      expect(addons.map((addon) => addon.name)).toEqual(['engine-cache', 'sftp-gateway-pg', 'sftp-gateway-storage']);
      expect(addons[0]!.plan.features.length).toBeGreaterThan(0);
      return `${addons.length} add-ons`;
    }),
    step(
      'GetAddonCommand (by real id, resolved from the summary)',
      ['GET /v2/organisations/*/addons/* 200'],
      async () => {
        const addon = await client.send(new GetAddonCommand({ addonId: ids.notesDbRealId }));
        expect(addon).toMatchObject({ name: 'notes-db', realId: ids.notesDbRealId, zone: 'par' });
        expect(addon!.creationDate).toBe('2024-03-04T09:00:00.000Z');
        return `${addon!.name}, ${addon!.plan.name}`;
      },
    ),
    step('ListProductAddonCommand', ['GET /v2/products/addonproviders 200'], async () => {
      const providers = await client.send(new ListProductAddonCommand({ ownerId: ids.enginesId, withVersions: false }));
      const redis = providers.find((provider) => provider.id === 'redis-addon')!;
      carry.redisPlanId = redis.plans[0]!.id;
      const postgresql = providers.find((provider) => provider.id === 'postgresql-addon')!;
      expect(postgresql.plans.map((plan) => plan.slug)).toEqual(expect.arrayContaining(['dev', 'xxs_sml', 's_med']));
      return `${providers.length} providers, ${postgresql.plans.length} PostgreSQL plans`;
    }),
    step(
      'CreateAddonCommand',
      ['POST /v2/organisations/*/addons 200', 'GET /v2/organisations/*/addons 200'],
      async () => {
        const addon = await client.send(
          new CreateAddonCommand({
            ownerId: ids.enginesId,
            name: 'conformance-cache',
            providerId: 'redis-addon',
            planId: carry.redisPlanId!,
            zone: 'par',
          }),
        );
        carry.addonId = addon.id;
        const addons = await client.send(new ListAddonCommand({ ownerId: ids.enginesId }));
        expect(addons.map((candidate) => candidate.id)).toContain(addon.id);
        return `${addon.realId}, listed`;
      },
    ),
    step('UpdateAddonCommand {name}', ['PUT /v2/organisations/*/addons/* 200'], async () => {
      const addon = await client.send(new UpdateAddonCommand({ addonId: carry.addonId!, name: 'conformance-cache-2' }));
      expect(addon.name).toBe('conformance-cache-2');
      expect(ctx.platform.state.addons.get(carry.addonId!)?.view.name).toBe('conformance-cache-2');
      return addon.name;
    }),
    step('GetEnvironmentCommand {addonId}', ['GET /v2/organisations/*/addons/*/env 200'], async () => {
      const env = await client.send(new GetEnvironmentCommand({ addonId: carry.addonId! }));
      expect(env.environment.map((variable) => variable.name)).toContain('REDIS_URL');
      return `${env.environment.length} variables`;
    }),
    step('CreateTagCommand (add-on)', ['PUT /addons/*/tags/cache 200'], async () => {
      const tags = await client.send(new CreateTagCommand({ addonId: carry.addonId!, tag: 'cache' }));
      expect(tags).toEqual(['cache']);
      expect(ctx.platform.state.addons.get(carry.addonId!)?.tags).toEqual(['cache']);
      return tags.join(', ');
    }),
    step(
      'DeleteAddonCommand',
      ['DELETE /v2/organisations/*/addons/* 200', 'GET /v2/organisations/*/addons 200'],
      async () => {
        await client.send(new DeleteAddonCommand({ ownerId: ids.enginesId, addonId: carry.addonId! }));
        const addons = await client.send(new ListAddonCommand({ ownerId: ids.enginesId }));
        expect(addons.map((addon) => addon.id)).not.toContain(carry.addonId);
        return 'deleted, gone from the list';
      },
    ),
    step('ListInvoiceCommand', ['GET /invoices 200'], async () => {
      const invoices = await client.send(new ListInvoiceCommand({ ownerId: ids.enginesId }));
      expect(invoices).toHaveLength(4);
      expect(invoices[0]!.address.country).toBe('GB');
      return `${invoices.length} invoices`;
    }),
    step('ListUnpaidInvoiceCommand', ['GET /invoices/unpaid 200'], async () => {
      const unpaid = await client.send(new ListUnpaidInvoiceCommand({ ownerId: ids.enginesId }));
      expect(unpaid.map((item) => item.status)).toEqual(['PENDING']);
      return `${unpaid.length} unpaid`;
    }),
    step('GetInvoiceCommand', ['GET /invoices/* 200'], async () => {
      const found = await client.send(new GetInvoiceCommand(invoice));
      expect(found).toMatchObject({ invoiceNumber: ids.invoiceNumber, status: 'PAID' });
      expect(found!.payDate).toMatch(/Z$/);
      return `${found!.invoiceNumber}, ${found!.totalTaxExcluded.amount} ${found!.currency}`;
    }),
    step('GetInvoicePdfCommand', ['GET /invoices/*.pdf 200'], async () => {
      const pdf = (await client.send(new GetInvoicePdfCommand(invoice))) as unknown as Blob;
      const bytes = Buffer.from(await pdf.arrayBuffer());
      expect(bytes.subarray(0, 7).toString('latin1')).toBe('%PDF-1.');
      return `PDF, ${bytes.length} bytes`;
    }),
    step('GetInvoiceHtmlCommand', ['GET /invoices/*.html 200'], async () => {
      const html = String(await client.send(new GetInvoiceHtmlCommand(invoice)));
      expect(html).toContain(`Invoice ${ids.invoiceNumber}`);
      return 'HTML document';
    }),
    step('client.getUrl(GetInvoiceUrl {format: "pdf"}) then GET', ['GET /invoices/*.pdf 200'], async () => {
      const url = client.getUrl(new GetInvoiceUrl({ ...invoice, format: 'pdf' }));
      expect(url.searchParams.has('authorization')).toBe(true);
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      return 'PDF through a link carrying ?authorization=';
    }),
    step('GetCreditsSummaryCommand', ['GET /credits/summary 200'], async () => {
      const credits = await client.send(new GetCreditsSummaryCommand({ ownerId: ids.enginesId }));
      expect(credits).toEqual({ prepaidCredit: 250, freeCredit: 0, currency: 'EUR' });
      return `${credits.prepaidCredit} ${credits.currency} prepaid`;
    }),
    step('ListZoneCommand', ['GET /v4/products/zones 200'], async () => {
      const zones = await client.send(new ListZoneCommand({ ownerId: ids.enginesId }));
      expect(zones.map((zone) => zone.name)).toContain('par');
      return `${zones.length} zones`;
    }),
    step('GetZoneCommand', ['GET /v4/products/zones/mtl 200'], async () => {
      const zone = await client.send(new GetZoneCommand({ zoneName: 'mtl' }));
      expect(zone).toMatchObject({ name: 'mtl', countryCode: 'CA' });
      return `${zone.displayName}, ${zone.country}`;
    }),
    {
      tool: 'client esm',
      call: 'esm/api/v2/user.js getSummary + esm/oauth.js addOauthHeader',
      http: ['GET /v2/summary 200'],
      run: async () => {
        const tokens = {
          OAUTH_CONSUMER_KEY: platform.consumerKey,
          OAUTH_CONSUMER_SECRET: platform.consumerSecret,
          API_OAUTH_TOKEN: access.token,
          API_OAUTH_TOKEN_SECRET: access.secret,
        };
        const summary = (await getSummary({} as never)
          .then(prefixUrl(platform.api))
          .then(addOauthHeader(tokens))
          .then(request)) as { organisations: unknown[] };
        // The personal organisation and the two others.
        expect(summary.organisations).toHaveLength(3);
        return `${summary.organisations.length} organisations`;
      },
    },
  ];
}

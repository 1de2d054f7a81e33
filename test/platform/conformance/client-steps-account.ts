/**
 * `@clevercloud/client` 12.0.0, unchanged, against the sandbox: profile and emails, summary, organisations and
 * members, OAuth consumers, OAuth tokens, API tokens through the bridge. Each step checks what the client returned.
 */

import { CreateApiTokenCommand } from '@clevercloud/client/cc-api-bridge-commands/api-token/create-api-token-command.js';
import { DeleteApiTokenCommand } from '@clevercloud/client/cc-api-bridge-commands/api-token/delete-api-token-command.js';
import { ListApiTokenCommand } from '@clevercloud/client/cc-api-bridge-commands/api-token/list-api-token-command.js';
import { UpdateApiTokenCommand } from '@clevercloud/client/cc-api-bridge-commands/api-token/update-api-token-command.js';
import { CreateOauthConsumerCommand } from '@clevercloud/client/cc-api-commands/oauth-consumer/create-oauth-consumer-command.js';
import { DeleteOauthConsumerCommand } from '@clevercloud/client/cc-api-commands/oauth-consumer/delete-oauth-consumer-command.js';
import { GetOauthConsumerCommand } from '@clevercloud/client/cc-api-commands/oauth-consumer/get-oauth-consumer-command.js';
import { ListOauthConsumerCommand } from '@clevercloud/client/cc-api-commands/oauth-consumer/list-oauth-consumer-command.js';
import { UpdateOauthConsumerCommand } from '@clevercloud/client/cc-api-commands/oauth-consumer/update-oauth-consumer-command.js';
import { DeleteOauthTokenCommand } from '@clevercloud/client/cc-api-commands/oauth-token/delete-oauth-token-command.js';
import { ListOauthTokenCommand } from '@clevercloud/client/cc-api-commands/oauth-token/list-oauth-token-command.js';
import { AddOrganisationMemberCommand } from '@clevercloud/client/cc-api-commands/organisation/add-organisation-member-command.js';
import { CreateOrganisationCommand } from '@clevercloud/client/cc-api-commands/organisation/create-organisation-command.js';
import { DeleteOrganisationCommand } from '@clevercloud/client/cc-api-commands/organisation/delete-organisation-command.js';
import { GetOrganisationCommand } from '@clevercloud/client/cc-api-commands/organisation/get-organisation-command.js';
import { GetOrganisationSummariesCommand } from '@clevercloud/client/cc-api-commands/organisation/get-organisation-summaries-command.js';
import { ListOrganisationCommand } from '@clevercloud/client/cc-api-commands/organisation/list-organisation-command.js';
import { ListOrganisationMemberCommand } from '@clevercloud/client/cc-api-commands/organisation/list-organisation-member-command.js';
import { RemoveOrganisationMemberCommand } from '@clevercloud/client/cc-api-commands/organisation/remove-organisation-member-command.js';
import { UpdateOrganisationCommand } from '@clevercloud/client/cc-api-commands/organisation/update-organisation-command.js';
import { UpdateOrganisationMemberCommand } from '@clevercloud/client/cc-api-commands/organisation/update-organisation-member-command.js';
import { CreateProfileEmailAddressCommand } from '@clevercloud/client/cc-api-commands/profile/create-profile-email-address-command.js';
import { DeleteProfileEmailAddressCommand } from '@clevercloud/client/cc-api-commands/profile/delete-profile-email-address-command.js';
import { GetProfileCommand } from '@clevercloud/client/cc-api-commands/profile/get-profile-command.js';
import { ListProfileEmailAddressCommand } from '@clevercloud/client/cc-api-commands/profile/list-profile-email-address-command.js';
import { UpdateProfileCommand } from '@clevercloud/client/cc-api-commands/profile/update-profile-command.js';
import { ListZoneCommand } from '@clevercloud/client/cc-api-commands/zone/list-zone-command.js';
import { expect } from 'vitest';
import { apiTokenClient, type ConformanceContext, oauthClient, officialDance } from './context.ts';
import type { Step } from './recorder.ts';

/** Runs a call that must fail; returns the client's error code (the platform's error id, or its own mapping). */
export async function failureOf(call: Promise<unknown>, status: number): Promise<string> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught as { statusCode?: number; code?: string },
  );
  if (!error) throw new Error(`expected HTTP ${status}, the call succeeded`);
  expect(error.statusCode).toBe(status);
  return `HTTP ${status}, code ${error.code}`;
}

const ALL_RIGHTS = {
  accessOrganisations: true,
  accessOrganisationsBills: false,
  accessOrganisationsCreditCount: false,
  accessOrganisationsConsumptionStatistics: false,
  accessPersonalInformation: true,
  manageOrganisations: false,
  manageOrganisationsServices: false,
  manageOrganisationsApplications: false,
  manageOrganisationsMembers: false,
  managePersonalInformation: false,
  manageSshKeys: false,
};

export function accountSteps(ctx: ConformanceContext): Step[] {
  const { client, bridge, ids, carry, platform } = ctx;
  const step = (call: string, http: string[], run: () => Promise<string>): Step => ({
    tool: 'client',
    call,
    http,
    run,
  });
  return [
    step('GetProfileCommand', ['GET /v2/self 200'], async () => {
      const profile = await client.send(new GetProfileCommand());
      expect(profile).toMatchObject({ id: ids.userId, email: platform.user.email, preferredMFA: 'NONE' });
      expect(profile.creationDate).toBe('2024-03-01T09:00:00.000Z');
      return `${profile.name} <${profile.email}>`;
    }),
    step('UpdateProfileCommand {city}', ['PUT /v2/self 200'], async () => {
      const profile = await client.send(new UpdateProfileCommand({ city: 'Marylebone' }));
      expect(profile.city).toBe('Marylebone');
      expect(platform.state.users.get(ids.userId)?.city).toBe('Marylebone');
      return `city ${profile.city}`;
    }),
    step('CreateProfileEmailAddressCommand', ['PUT /v2/self/emails/* 200'], async () => {
      await client.send(new CreateProfileEmailAddressCommand({ address: 'ada.second@sandbox.keyhole.test' }));
      expect(platform.state.users.get(ids.userId)?.secondaryEmails).toEqual(['ada.second@sandbox.keyhole.test']);
      return 'added, kept as a secondary address';
    }),
    step('ListProfileEmailAddressCommand', ['GET /v2/self 200', 'GET /v2/self/emails 200'], async () => {
      const emails = await client.send(new ListProfileEmailAddressCommand());
      expect(emails.secondaryAddresses.map((email) => email.address)).toEqual(['ada.second@sandbox.keyhole.test']);
      return `primary ${emails.primaryAddress.address}, ${emails.secondaryAddresses.length} secondary`;
    }),
    step('CreateProfileEmailAddressCommand (own primary address)', ['PUT /v2/self/emails/* 400'], async () => {
      const failure = await failureOf(
        client.send(new CreateProfileEmailAddressCommand({ address: platform.user.email })),
        400,
      );
      // The platform's error id 101, which the client maps to its own code.
      expect(failure).toContain('clever.profile.email-address.already-defined');
      return failure;
    }),
    step('DeleteProfileEmailAddressCommand', ['DELETE /v2/self/emails/* 200', 'GET /v2/self/emails 200'], async () => {
      await client.send(new DeleteProfileEmailAddressCommand({ address: 'ada.second@sandbox.keyhole.test' }));
      const emails = await client.send(new ListProfileEmailAddressCommand());
      expect(emails.secondaryAddresses).toEqual([]);
      return 'removed, list empty again';
    }),
    step('GetOrganisationSummariesCommand', ['GET /v2/summary 200'], async () => {
      const summaries = await client.send(new GetOrganisationSummariesCommand());
      expect(summaries.map((summary) => summary.name)).toEqual([
        'Ada Lovelace',
        'Analytical Engines Ltd',
        'Difference Works',
      ]);
      expect(summaries[1]!.addons.every((addon) => addon.realId)).toBe(true);
      return `${summaries.length} owners`;
    }),
    step('ListOrganisationCommand', ['GET /v2/organisations 200'], async () => {
      const orgs = await client.send(new ListOrganisationCommand({ withPersonalOrganisation: false }));
      expect(orgs.map((org) => org.id)).toEqual([ids.enginesId, ids.worksId]);
      return orgs.map((org) => org.name).join(', ');
    }),
    step('GetOrganisationCommand', ['GET /v2/organisations/* 200'], async () => {
      const org = await client.send(new GetOrganisationCommand({ organisationId: ids.enginesId }));
      expect(org).toMatchObject({ name: 'Analytical Engines Ltd', vatState: 'VALID' });
      return `${org!.name}, billing ${org!.billingEmailAddress}`;
    }),
    step('ListOrganisationMemberCommand', ['GET /v2/organisations/*/members 200'], async () => {
      const members = await client.send(new ListOrganisationMemberCommand({ organisationId: ids.enginesId }));
      expect(members.map((member) => `${member.name}:${member.role}`)).toEqual([
        'Ada Lovelace:ADMIN',
        'Grace Hopper:DEVELOPER',
      ]);
      return `${members.length} members`;
    }),
    step('CreateOrganisationCommand', ['POST /v2/organisations 200', 'GET /v2/organisations 200'], async () => {
      const org = await client.send(
        new CreateOrganisationCommand({
          name: 'Conformance Ltd',
          description: 'Made by the official client',
          billingEmailAddress: 'billing@conformance.test',
          address: '1 Test Street',
          city: 'Paris',
          zipcode: '75001',
          country: 'FRANCE',
          company: 'Conformance Ltd',
          customerFullName: 'Conformance Ltd',
          VAT: '',
          contacts: [],
        } as never),
      );
      carry.orgId = org.id;
      const orgs = await client.send(new ListOrganisationCommand({ withPersonalOrganisation: false }));
      expect(orgs.map((candidate) => candidate.id)).toContain(org.id);
      return `${org.id.slice(0, 13)}…, listed`;
    }),
    step('UpdateOrganisationCommand', ['PUT /v2/organisations/* 200'], async () => {
      const org = await client.send(
        new UpdateOrganisationCommand({ organisationId: carry.orgId!, name: 'Conformance SA', contacts: [] } as never),
      );
      expect(org.name).toBe('Conformance SA');
      expect(platform.state.organisations.get(carry.orgId!)?.name).toBe('Conformance SA');
      return org.name;
    }),
    step(
      'AddOrganisationMemberCommand',
      ['POST /v2/organisations/*/members 200', 'GET /v2/organisations/*/members 200'],
      async () => {
        await client.send(
          new AddOrganisationMemberCommand({
            organisationId: carry.orgId!,
            email: platform.mfaUser.email,
            role: 'DEVELOPER',
            job: 'Reviewer',
          } as never),
        );
        const members = await client.send(new ListOrganisationMemberCommand({ organisationId: carry.orgId! }));
        carry.memberId = members.find((member) => member.email === platform.mfaUser.email)!.id;
        expect(members.find((member) => member.id === carry.memberId)?.preferredMFA).toBe('TOTP');
        return `${members.length} members`;
      },
    ),
    step(
      'UpdateOrganisationMemberCommand',
      ['PUT /v2/organisations/*/members/* 200', 'GET /v2/organisations/*/members 200'],
      async () => {
        await client.send(
          new UpdateOrganisationMemberCommand({
            organisationId: carry.orgId!,
            memberId: carry.memberId!,
            role: 'MANAGER',
          } as never),
        );
        const members = await client.send(new ListOrganisationMemberCommand({ organisationId: carry.orgId! }));
        expect(members.find((member) => member.id === carry.memberId)?.role).toBe('MANAGER');
        return 'role MANAGER';
      },
    ),
    step(
      'RemoveOrganisationMemberCommand',
      ['DELETE /v2/organisations/*/members/* 200', 'GET /v2/organisations/*/members 200'],
      async () => {
        await client.send(
          new RemoveOrganisationMemberCommand({ organisationId: carry.orgId!, memberId: carry.memberId! }),
        );
        const members = await client.send(new ListOrganisationMemberCommand({ organisationId: carry.orgId! }));
        expect(members).toHaveLength(1);
        return 'removed, 1 member left';
      },
    ),
    step('DeleteOrganisationCommand', ['DELETE /v2/organisations/* 200', 'GET /v2/organisations/* 404'], async () => {
      await client.send(new DeleteOrganisationCommand({ organisationId: carry.orgId! }));
      expect(await client.send(new GetOrganisationCommand({ organisationId: carry.orgId! }))).toBeNull();
      return 'deleted; GetOrganisationCommand now gives null (404)';
    }),
    step('ListOauthConsumerCommand', ['GET /v2/organisations/*/consumers 200'], async () => {
      const consumers = await client.send(new ListOauthConsumerCommand({ ownerId: ids.userId, withSecret: false }));
      expect(consumers.map((consumer) => consumer.key)).toContain(platform.consumerKey);
      return consumers.map((consumer) => consumer.name).join(', ');
    }),
    step('CreateOauthConsumerCommand', ['POST /v2/organisations/*/consumers 200'], async () => {
      const consumer = await client.send(
        new CreateOauthConsumerCommand({
          ownerId: ids.enginesId,
          name: 'Conformance consumer',
          description: 'From the official client',
          url: 'https://conformance.test',
          picture: 'https://conformance.test/logo.png',
          baseUrl: 'https://conformance.test/oauth',
          rights: ALL_RIGHTS,
        }),
      );
      carry.consumerKey = consumer.key;
      expect(consumer.rights).toMatchObject({ accessOrganisations: true, almighty: false });
      expect(platform.state.consumers.get(consumer.key)).toMatchObject({
        ownerId: ids.enginesId,
        name: 'Conformance consumer',
      });
      return `key ${consumer.key.slice(0, 8)}…`;
    }),
    step(
      'GetOauthConsumerCommand {withSecret}',
      ['GET /v2/organisations/*/consumers/* 200', 'GET /v2/organisations/*/consumers/*/secret 200'],
      async () => {
        const consumer = await client.send(
          new GetOauthConsumerCommand({ oauthConsumerKey: carry.consumerKey!, withSecret: true }),
        );
        expect(consumer).toMatchObject({ name: 'Conformance consumer', secret: expect.any(String) });
        return 'consumer with its secret';
      },
    ),
    step('UpdateOauthConsumerCommand', ['PUT /v2/organisations/*/consumers/* 200'], async () => {
      const consumer = await client.send(
        new UpdateOauthConsumerCommand({
          oauthConsumerKey: carry.consumerKey!,
          name: 'Conformance consumer (renamed)',
          description: 'From the official client',
          url: 'https://conformance.test',
          picture: 'https://conformance.test/logo.png',
          baseUrl: 'https://conformance.test/oauth',
          rights: { ...ALL_RIGHTS, manageOrganisations: true },
        }),
      );
      expect(consumer.rights.manageOrganisations).toBe(true);
      expect(platform.state.consumers.get(carry.consumerKey!)?.name).toBe('Conformance consumer (renamed)');
      return consumer.name;
    }),
    step(
      'DeleteOauthConsumerCommand',
      ['DELETE /v2/organisations/*/consumers/* 200', 'GET /v2/organisations/*/consumers 200'],
      async () => {
        await client.send(new DeleteOauthConsumerCommand({ oauthConsumerKey: carry.consumerKey! }));
        const consumers = await client.send(
          new ListOauthConsumerCommand({ ownerId: ids.enginesId, withSecret: false }),
        );
        expect(consumers.map((consumer) => consumer.key)).not.toContain(carry.consumerKey);
        return 'deleted, gone from the list';
      },
    ),
    step('ListOauthTokenCommand', ['GET /v2/self/tokens 200'], async () => {
      const spare = await officialDance(platform);
      carry.spareToken = spare.token;
      carry.spareSecret = spare.secret;
      const tokens = await client.send(new ListOauthTokenCommand());
      expect(tokens.map((token) => token.token)).toEqual(expect.arrayContaining([ctx.access.token, carry.spareToken]));
      // The dates came as `…Z[UTC]`; the client's normalizeDate made them ISO.
      expect(tokens[0]!.expirationDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      return `${tokens.length} tokens, consumer ${tokens[0]!.consumer.name}`;
    }),
    step('DeleteOauthTokenCommand', ['DELETE /v2/self/tokens/* 200', 'GET /v2/self/tokens 200'], async () => {
      await client.send(new DeleteOauthTokenCommand({ token: carry.spareToken! }));
      const tokens = await client.send(new ListOauthTokenCommand());
      expect(tokens.map((token) => token.token)).not.toContain(carry.spareToken);
      return 'revoked, gone from the list';
    }),
    step('GetProfileCommand (revoked OAuth token)', ['GET /v2/self 401'], async () => {
      const revoked = oauthClient(platform, { token: carry.spareToken!, secret: carry.spareSecret! });
      return failureOf(revoked.send(new GetProfileCommand()), 401);
    }),
    ...bridgeSteps(ctx, bridge),
  ];
}

function bridgeSteps(ctx: ConformanceContext, bridge: ConformanceContext['bridge']): Step[] {
  const { platform, carry, ids } = ctx;
  const step = (call: string, http: string[], run: () => Promise<string>): Step => ({
    tool: 'client (bridge)',
    call,
    http,
    run,
  });
  return [
    step('CreateApiTokenCommand', ['POST /api-tokens 201'], async () => {
      const created = (await bridge.send(
        new CreateApiTokenCommand({
          email: platform.user.email,
          password: platform.user.password,
          name: 'conformance',
          expirationDate: new Date(Date.now() + 7 * 86_400_000),
        }),
      )) as { apiToken: string; apiTokenId: string };
      carry.apiToken = created.apiToken;
      carry.apiTokenId = created.apiTokenId;
      expect(platform.state.apiTokens.get(created.apiTokenId)).toMatchObject({ name: 'conformance', revoked: false });
      return `id ${created.apiTokenId.slice(0, 16)}…`;
    }),
    step('ListApiTokenCommand', ['GET /api-tokens 200'], async () => {
      const tokens = (await bridge.send(new ListApiTokenCommand())) as { apiTokenId: string; name: string }[];
      expect(tokens.map((token) => token.apiTokenId)).toContain(carry.apiTokenId);
      return `${tokens.length} API tokens`;
    }),
    step('UpdateApiTokenCommand', ['PUT /api-tokens/* 204', 'GET /api-tokens 200'], async () => {
      await bridge.send(
        new UpdateApiTokenCommand({ apiTokenId: carry.apiTokenId!, name: 'conformance (renamed)', description: 'x' }),
      );
      const tokens = (await bridge.send(new ListApiTokenCommand())) as { apiTokenId: string; name: string }[];
      expect(tokens.find((token) => token.apiTokenId === carry.apiTokenId)?.name).toBe('conformance (renamed)');
      return 'renamed';
    }),
    step('GetProfileCommand (API token, bridge)', ['GET /v2/self 200'], async () => {
      const profile = await apiTokenClient(platform, carry.apiToken!).send(new GetProfileCommand());
      expect(profile.id).toBe(ids.userId);
      return profile.email;
    }),
    step('GetOrganisationSummariesCommand (API token, bridge)', ['GET /v2/summary 200'], async () => {
      const summaries = await apiTokenClient(platform, carry.apiToken!).send(new GetOrganisationSummariesCommand());
      expect(summaries.map((summary) => summary.id)).toEqual([ids.userId, ids.enginesId, ids.worksId]);
      return `${summaries.length} owners`;
    }),
    step('ListZoneCommand (API token, bridge)', ['GET /v4/products/zones 200'], async () => {
      const zones = await apiTokenClient(platform, carry.apiToken!).send(new ListZoneCommand());
      expect(zones.map((zone) => zone.name)).toContain('par');
      return `${zones.length} zones`;
    }),
    step('DeleteApiTokenCommand', ['DELETE /api-tokens/* 204', 'GET /v2/self 401'], async () => {
      await bridge.send(new DeleteApiTokenCommand({ apiTokenId: carry.apiTokenId! }));
      await failureOf(apiTokenClient(platform, carry.apiToken!).send(new GetProfileCommand()), 401);
      return 'revoked; the bridge now answers 401';
    }),
  ];
}

import { describe, expect, it } from 'vitest';
import { catalogEntryOf } from '../../../../src/core/platform/catalog.ts';
import description from '../../../../src/core/platform/description.json';
import type { DescribedEndpoint } from '../../../../src/core/platform/description-types.ts';
import { contextOf, followCalls, knownParams, recogniseFollowValue } from '../../../../src/core/platform/follow-ids.ts';
import {
  buildFollowPanelPath,
  buildResourceConsoleLink,
  parseFollowHash,
} from '../../../../src/core/platform/resource-links.ts';

const entries = (description as unknown as { endpoints: DescribedEndpoint[] }).endpoints.map((endpoint) =>
  catalogEntryOf(endpoint),
);
const origins = { apiBaseUrl: 'https://api.example.test', bridgeUrl: 'https://bridge.example.test' };
const APP = 'app_0b2c8f8e-1111-4c4c-9d9d-123456789abc';
const ORG = 'orga_7a1e0c2d-2222-4b4b-8e8e-abcdefabcdef';

describe('recognising what a value can be followed to', () => {
  it('knows the platform’s prefixed ids whatever the field', () => {
    expect(recogniseFollowValue('id', APP, origins)).toEqual({ type: 'id', kind: 'application', value: APP });
    expect(recogniseFollowValue(0, ORG, origins)).toEqual({ type: 'id', kind: 'organisation', value: ORG });
    expect(recogniseFollowValue('x', 'addon_abcd-1234', origins)).toMatchObject({ kind: 'addon' });
    expect(recogniseFollowValue('x', 'user_abcd-1234', origins)).toMatchObject({ kind: 'user' });
  });

  it('knows unprefixed ids by their field: consumer keys, invoice numbers, API token ids', () => {
    expect(recogniseFollowValue('consumerKey', 'k3yAbc', origins)).toEqual({
      type: 'id',
      kind: 'consumer',
      value: 'k3yAbc',
    });
    expect(recogniseFollowValue('invoice_number', 'INV-2026-0001', origins)).toMatchObject({ kind: 'invoice' });
    expect(recogniseFollowValue('invoiceNumber', 42, origins)).toMatchObject({ kind: 'invoice', value: '42' });
    expect(recogniseFollowValue('apiTokenId', 'tok_1', origins)).toMatchObject({ kind: 'api-token' });
  });

  it('leaves prose, look-alikes and other fields alone', () => {
    expect(recogniseFollowValue('name', 'my app', origins)).toBeUndefined();
    expect(recogniseFollowValue('name', 'k3yAbc', origins)).toBeUndefined();
    expect(recogniseFollowValue('description', 'see app_ for details', origins)).toBeUndefined();
    expect(recogniseFollowValue('consumerKey', 'two words', origins)).toBeUndefined();
    expect(recogniseFollowValue('count', 3, origins)).toBeUndefined();
    expect(recogniseFollowValue('id', true, origins)).toBeUndefined();
  });

  it('composes calls only for addresses on the profile’s own API or bridge; other URLs are just copyable', () => {
    expect(recogniseFollowValue('href', 'https://api.example.test/v2/self/applications?x=1', origins)).toEqual({
      type: 'call',
      target: 'api',
      path: '/v2/self/applications',
      query: [['x', '1']],
      url: 'https://api.example.test/v2/self/applications?x=1',
    });
    expect(recogniseFollowValue('href', 'https://bridge.example.test/v4/products/zones', origins)).toMatchObject({
      type: 'call',
      target: 'bridge',
    });
    // The real platform's address is not this profile's: it is not composed for it.
    expect(recogniseFollowValue('href', 'https://api.clever-cloud.com/v2/self', origins)).toEqual({
      type: 'url',
      url: 'https://api.clever-cloud.com/v2/self',
    });
    expect(recogniseFollowValue('href', 'https://evil.example/v2/self', origins)).toMatchObject({ type: 'url' });
    expect(recogniseFollowValue('href', 'https://api.example.test/oauth/authorize', origins)).toMatchObject({
      type: 'url',
    });
  });
});

describe('the calls an id can be followed to', () => {
  it('an application id with its organisation known: reads first, all placeholders filled', () => {
    const calls = followCalls(entries, { kind: 'application', value: APP }, { organisationId: ORG });
    expect(calls.length).toBeGreaterThan(5);
    expect(calls[0]?.entry.method).toBe('GET');
    expect(calls.map((call) => `${call.entry.method} ${call.entry.pathTemplate}`)).toContain(
      'GET /v2/organisations/{organisationId}/applications/{applicationId}',
    );
    for (const call of calls) {
      for (const name of call.entry.pathTemplate.match(/\{([^}]+)\}/g) ?? [])
        expect(call.params[name.slice(1, -1)]).toBeTruthy();
    }
    // Its organisation's endpoints first; the personal space's would not find an organisation's application.
    expect(calls[0]?.entry.pathTemplate).toBe('/v2/organisations/{organisationId}/applications/{applicationId}');
    expect(calls.some((call) => call.entry.pathTemplate.startsWith('/v2/self/applications/'))).toBe(false);
    const firstPost = calls.findIndex((call) => call.entry.method !== 'GET');
    expect(calls.slice(firstPost).every((call) => call.entry.method !== 'GET')).toBe(true);
  });

  it('without the organisation, only the calls that need nothing else (the personal ones)', () => {
    const calls = followCalls(entries, { kind: 'application', value: APP }, {});
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.entry.pathTemplate).not.toContain('{organisationId}');
  });

  it('a user id fills an organisation placeholder (the personal organisation)', () => {
    const calls = followCalls(entries, { kind: 'user', value: 'user_abcd-1234' }, {});
    expect(calls.map((call) => call.entry.pathTemplate)).toContain('/v2/organisations/{organisationId}');
  });

  it('reads the placeholders of the call a response came from', () => {
    expect(
      knownParams(entries, { method: 'GET', target: 'api', path: `/v2/organisations/${ORG}/applications` }),
    ).toEqual({ organisationId: ORG });
  });
});

describe('console links for applications and add-ons', () => {
  it('under the organisation, or the personal space', () => {
    expect(
      buildResourceConsoleLink(
        'https://console.example.test/',
        { id: ORG, personal: false },
        { kind: 'application', id: APP },
      ),
    ).toBe(`https://console.example.test/organisations/${ORG}/applications/${APP}`);
    expect(
      buildResourceConsoleLink(
        'https://console.example.test',
        { id: 'user_1', personal: true },
        { kind: 'addon', id: 'addon_1' },
      ),
    ).toBe('https://console.example.test/users/me/addons/addon_1');
    expect(
      buildResourceConsoleLink('javascript:alert(1)', { id: ORG, personal: false }, { kind: 'addon', id: 'addon_1' }),
    ).toBeUndefined();
  });
});

describe('the panel address that opens the follow menu (the popup’s “Compose a call…”)', () => {
  it('round-trips an application and its owner', () => {
    const path = buildFollowPanelPath({ kind: 'application', value: APP, ownerId: ORG });
    expect(path).toBe(`src/devtools/panel.html#catalog?follow=application%3A${APP}&owner=${ORG}`);
    expect(parseFollowHash(`#${path.split('#')[1]}`)).toEqual({ kind: 'application', value: APP, ownerId: ORG });
  });

  it('ignores anything unexpected: another kind, odd characters, no request', () => {
    expect(parseFollowHash('#catalog')).toBeUndefined();
    expect(parseFollowHash('#catalog?follow=env-var:PORT')).toBeUndefined();
    expect(parseFollowHash('#catalog?follow=application:app_1%2F..%2Fx')).toBeUndefined();
    expect(parseFollowHash('#catalog?follow=application:app_1&owner=orga_1%3Cb%3E')).toEqual({
      kind: 'application',
      value: 'app_1',
    });
  });
});

describe('the context a value’s surroundings give', () => {
  const summary = {
    user: { id: 'user_abcd-1234', applications: [{ id: 'app_perso-1234' }] },
    organisations: [{ id: ORG, applications: [{ id: APP, name: 'web' }] }],
  };

  it('an application in /v2/summary belongs to the organisation it is listed under', () => {
    expect(contextOf(summary, '/organisations/0/applications/0/id')).toEqual({ organisationId: ORG });
    expect(contextOf(summary, '/user/applications/0/id')).toEqual({ organisationId: 'user_abcd-1234' });
  });

  it('an application record names its owner; an organisation’s own id is not its own owner', () => {
    expect(contextOf([{ id: APP, ownerId: ORG }], '/0/id')).toEqual({ organisationId: ORG });
    expect(contextOf({ id: ORG, name: 'x' }, '/id')).toEqual({});
    expect(contextOf({ a: 1 }, '/a')).toEqual({});
  });
});

// @vitest-environment happy-dom

import { describe, expect, it } from 'vitest';
import { KeyholeError } from '../../../../src/core/errors.ts';
import type { CatalogEntry } from '../../../../src/core/platform/catalog.ts';
import { REDACTED } from '../../../../src/core/workbench/redact-secrets.ts';
import { createDraft } from '../../../../src/core/workbench/request-draft.ts';
import { scopeForStorage } from '../../../../src/devtools/panel/variables/variable-storage.ts';
import { createWorkbench } from '../../../../src/devtools/panel/workbench.ts';
import { waitForValue } from '../../support/dom.ts';
import { createFakeServices, jsonResponse } from '../fake-services.ts';

const entry = (method: CatalogEntry['method'], pathTemplate: string) =>
  ({ method, target: 'api', pathTemplate }) as CatalogEntry;
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

async function setup() {
  const fake = createFakeServices();
  const workbench = createWorkbench(fake.services);
  await workbench.ready;
  return { ...fake, workbench };
}

describe('context and variables in the workbench', () => {
  it('keeps the organisation chosen once for every later endpoint that names it, across unrelated ones', async () => {
    const { workbench } = await setup();
    workbench.openCatalogEntry(entry('GET', '/v2/organisations/{organisationId}/applications'));
    workbench.edit((draft) => ({ ...draft, params: { ...draft.params, organisationId: 'orga_1' } }));
    workbench.openCatalogEntry(entry('GET', '/v2/self'));
    workbench.openCatalogEntry(entry('GET', '/v2/organisations/{organisationId}/addons/{addonId}'));
    expect(workbench.draft.get().params).toEqual({ organisationId: 'orga_1' });
    expect(workbench.variables.get().contexts).toEqual({ [workbench.profileId()]: { organisationId: 'orga_1' } });
    workbench.dispose();
  });

  it('sends environment values in the query, headers and body, and refuses a variable without one by name', async () => {
    const { workbench, sent } = await setup();
    workbench.variables.update((scope) => ({
      ...scope,
      environments: [{ id: 'e', name: 'dev', variables: [{ name: 'zone', value: 'par', enabled: true }] }],
      activeEnvironmentId: 'e',
    }));
    workbench.open(
      createDraft({
        method: 'POST',
        path: '/v2/self/consumers',
        query: [{ name: 'zone', value: '{zone}', enabled: true }],
        headers: [{ name: 'X-Zone', value: '{zone}-{rack}', enabled: true }],
        bodyMode: 'json',
        json: '{"zone": "{zone}"}',
      }),
    );
    await workbench.send();
    expect(sent()).toEqual([]);
    expect(workbench.notices.get()[0]).toMatch(/^Not sent: \{rack\} has no value/);
    workbench.edit((draft) => ({ ...draft, headers: [{ name: 'X-Zone', value: '{zone}', enabled: true }] }));
    await workbench.send();
    expect(sent()).toHaveLength(1);
    // The refusal no longer holds: it does not stay above the response as if this request was not sent.
    expect(workbench.notices.get()).toEqual([]);
    expect(sent()[0]).toMatchObject({
      query: [['zone', 'par']],
      headers: [['X-Zone', 'par']],
      body: { kind: 'json', text: '{"zone": "par"}' },
    });
    workbench.dispose();
  });

  it('stores no secret-looking variable', async () => {
    const stored = scopeForStorage({
      environments: [
        {
          id: 'e',
          name: 'dev',
          variables: [
            { name: 'apiKey', value: 'key-123', enabled: true },
            { name: 'note', value: 'Bearer abcdefghijklmnop', enabled: true },
            { name: 'zone', value: 'par', enabled: true },
          ],
        },
      ],
      activeEnvironmentId: 'e',
      contexts: {},
    });
    expect(stored.environments[0]?.variables.map((row) => row.value)).toEqual([REDACTED, REDACTED, 'par']);
  });

  it('comes back after a reload from storage', async () => {
    const fake = createFakeServices();
    const first = createWorkbench(fake.services);
    await first.ready;
    first.variables.update((scope) => ({ ...scope, contexts: { p: { organisationId: 'orga_9' } } }));
    await new Promise((resolve) => setTimeout(resolve, 400));
    first.dispose();
    const again = createWorkbench(fake.services);
    await again.ready;
    await settle();
    expect(again.variables.get().contexts).toEqual({ p: { organisationId: 'orga_9' } });
    again.dispose();
  });
});

describe('the context across owners (issue #32 item 5)', () => {
  it('fills an organisation’s app id only under that organisation, says so, and never under /v2/self', async () => {
    const { workbench, sent } = await setup();
    workbench.openCatalogEntry(entry('GET', '/v2/organisations/{organisationId}/applications/{applicationId}'));
    workbench.edit((draft) => ({ ...draft, params: { organisationId: 'orga_1', applicationId: 'app_1' } }));
    expect(workbench.contextFilled.get()).toEqual({});

    workbench.openCatalogEntry(entry('GET', '/v2/self/applications/{applicationId}/instances'));
    expect(workbench.draft.get().params).toEqual({});
    expect(workbench.contextFilled.get()).toEqual({});
    // Send does not take it from the context either: it names the missing value.
    await workbench.send();
    expect(sent().filter((request) => request.path.includes('/instances'))).toEqual([]);
    expect(workbench.notices.get()[0]).toMatch(/\{applicationId\} has no value/);

    workbench.openCatalogEntry(
      entry('GET', '/v2/organisations/{organisationId}/applications/{applicationId}/instances'),
    );
    expect(workbench.draft.get().params).toEqual({ organisationId: 'orga_1', applicationId: 'app_1' });
    expect(workbench.contextFilled.get()).toEqual({ organisationId: 'orga_1', applicationId: 'app_1' });

    // A personal app chosen under /v2/self fills /v2/self paths, and not an organisation's.
    workbench.openCatalogEntry(entry('GET', '/v2/self/applications/{applicationId}'));
    workbench.edit((draft) => ({ ...draft, params: { applicationId: 'app_p' } }));
    workbench.openCatalogEntry(entry('GET', '/v2/self/applications/{applicationId}/env'));
    expect(workbench.draft.get().params).toEqual({ applicationId: 'app_p' });
    workbench.openCatalogEntry(entry('GET', '/v2/organisations/{organisationId}/applications/{applicationId}/env'));
    expect(workbench.draft.get().params).toEqual({ organisationId: 'orga_1' });
    workbench.dispose();
  });
});

describe('a field emptied by the user', () => {
  it('stays empty, also the organisation; an id of another owner is taken out', async () => {
    const { workbench } = await setup();
    workbench.openCatalogEntry(entry('GET', '/v2/organisations/{organisationId}/applications/{applicationId}'));
    workbench.edit((draft) => ({ ...draft, params: { organisationId: 'orga_1', applicationId: 'app_1' } }));
    workbench.openCatalogEntry(entry('GET', '/v2/self'));
    workbench.openCatalogEntry(entry('GET', '/v2/organisations/{organisationId}/applications/{applicationId}/env'));
    expect(workbench.contextFilled.get()).toEqual({ organisationId: 'orga_1', applicationId: 'app_1' });
    workbench.edit((draft) => ({ ...draft, params: { ...draft.params, organisationId: '' } }));
    expect(workbench.draft.get().params.organisationId).toBe('');
    // Another organisation typed: the application the context filled (orga_1's) goes with the marker.
    workbench.edit((draft) => ({ ...draft, params: { ...draft.params, organisationId: 'orga_2' } }));
    expect(workbench.draft.get().params).toEqual({ organisationId: 'orga_2', applicationId: '' });
    expect(workbench.contextFilled.get()).toEqual({});
    workbench.dispose();
  });
});

describe('a PUT replacing all environment variables (issue #32 item 9)', () => {
  it('waits for a yes, listing what goes as read with a GET of the same path; Cancel sends nothing', async () => {
    const fake = createFakeServices((request) =>
      jsonResponse(
        request,
        request.method === 'GET'
          ? [
              { name: 'A', value: '1' },
              { name: 'GONE', value: 'x' },
            ]
          : {},
      ),
    );
    const workbench = createWorkbench(fake.services);
    await workbench.ready;
    workbench.open(
      createDraft({
        method: 'PUT',
        path: '/v2/self/applications/app_1/env',
        bodyMode: 'json',
        json: '{"A":"2","NEW":"3"}',
      }),
    );
    await workbench.send();
    expect(fake.sent().filter((request) => request.method === 'PUT')).toEqual([]);
    await settle();
    expect(workbench.pendingReplace.get()?.listing).toEqual({
      state: 'ready',
      replacement: { removed: ['GONE'], changed: ['A'], added: ['NEW'], unchanged: 0 },
    });
    await workbench.answerReplace(false);
    expect(workbench.pendingReplace.get()).toBeUndefined();
    expect(fake.sent().filter((request) => request.method === 'PUT')).toEqual([]);
    await workbench.send();
    await workbench.answerReplace(true);
    expect(fake.sent().filter((request) => request.method === 'PUT')).toHaveLength(1);
    workbench.dispose();
  });

  it('says a PUT without a body has none, not that its body is unreadable', async () => {
    const fake = createFakeServices((request) => jsonResponse(request, {}));
    const workbench = createWorkbench(fake.services);
    await workbench.ready;
    workbench.open(createDraft({ method: 'PUT', path: '/v2/organisations/orga_1/applications/app_1/env' }));
    await workbench.send();
    await settle();
    expect(workbench.pendingReplace.get()?.listing).toEqual({ state: 'unknown', why: 'the request has no body' });
    workbench.dispose();
  });
});

describe('re-sending the call an expired session refused (issue #32 item 9)', () => {
  /** A workbench whose calls the session refuses until `signIn`. */
  async function expiredSession() {
    let expired = true;
    const fake = createFakeServices((request) => {
      if (expired) throw new KeyholeError('session-expired', 'Session expired — sign in again.');
      return jsonResponse(request, { ok: true });
    });
    const workbench = createWorkbench(fake.services);
    await workbench.ready;
    return { fake, workbench, signIn: () => (expired = false) };
  }

  it('sends that call as it was, not the draft edited since', async () => {
    const { fake, workbench, signIn } = await expiredSession();
    workbench.open(createDraft({ method: 'GET', path: '/v2/self', query: [{ name: 'a', value: 'b', enabled: true }] }));
    await workbench.send();
    expect(workbench.run.get().phase).toBe('failed');
    workbench.edit((draft) => ({ ...draft, path: '/v2/summary' }));
    signIn();
    await workbench.resend();
    const last = fake.sent().at(-1);
    expect(last).toMatchObject({ method: 'GET', path: '/v2/self', query: [['a', 'b']] });
    expect(workbench.run.get().phase).toBe('done');
    // Nothing refused any more: a second click sends nothing.
    const count = fake.sent().length;
    await workbench.resend();
    expect(fake.sent()).toHaveLength(count);
    workbench.dispose();
  });

  it('does not send the stored copy of a call reopened from history: its secrets are masked there', async () => {
    const { fake, workbench, signIn } = await expiredSession();
    workbench.open(createDraft({ method: 'GET', path: '/v2/self;access_token=s3cr3t;v=2' }));
    await workbench.send();
    const kept = await waitForValue(async () => (await fake.services.history.list())[0]);
    expect(kept.request.path).toBe(`/v2/self;access_token=${encodeURIComponent(REDACTED)};v=2`);
    workbench.openHistory(kept, undefined);
    expect(workbench.run.get().phase).toBe('failed');
    signIn();
    const count = fake.sent().length;
    await workbench.resend();
    // Re-send would have sent the mask as the token; it says what to do instead.
    expect(fake.sent()).toHaveLength(count);
    expect(workbench.notices.get().join(' ')).toMatch(/masked/);
    workbench.dispose();
  });
});

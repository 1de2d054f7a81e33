// @vitest-environment happy-dom

import { describe, expect, it } from 'vitest';
import { KeyholeError } from '../../../../src/core/errors.ts';
import type { CatalogEntry } from '../../../../src/core/platform/catalog.ts';
import { REDACTED } from '../../../../src/core/workbench/redact-secrets.ts';
import { createDraft, validateDraft } from '../../../../src/core/workbench/request-draft.ts';
import { scopeForStorage } from '../../../../src/core/workbench/stored-scope.ts';
import type { VariableScope } from '../../../../src/core/workbench/variable-scope.ts';
import { saveScopeNow } from '../../../../src/devtools/panel/variables/variable-storage.ts';
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

  it('reopens a kept call with the credential header it was sent with, masked: Send asks for it again', async () => {
    const { sent, services, workbench } = await setup();
    workbench.open(
      createDraft({ method: 'GET', path: '/v2/self', headers: [{ name: 'X-Api-Key', value: 'key-1', enabled: true }] }),
    );
    await workbench.send();
    expect(sent().at(-1)?.headers).toEqual([['X-Api-Key', 'key-1']]);
    const kept = await waitForValue(async () => (await services.history.list())[0]);
    expect(kept.request.headers).toEqual([['X-Api-Key', REDACTED]]);
    // Reopened, the request shows the header with its mask (it was dropped: sent again without it, silently)…
    workbench.openHistory(kept, undefined);
    expect(workbench.draft.get().headers).toEqual([{ name: 'X-Api-Key', value: REDACTED, enabled: true }]);
    // …and Send refuses it until the value is typed again.
    const count = sent().length;
    await workbench.send();
    expect(sent()).toHaveLength(count);
    expect(workbench.attempted.get()).toBe(true);
    expect(validateDraft(workbench.draft.get())).toEqual({
      ok: false,
      issues: [
        expect.objectContaining({ field: 'headers', message: expect.stringMatching(/masked when it was saved/) }),
      ],
    });
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

describe('variables shared by two panels (two DevTools windows) and the options page', () => {
  const SAVED = 400; // variable-storage.ts saves 300 ms after the last change
  async function twoPanels() {
    const first = createFakeServices();
    const second = createFakeServices();
    const storage = first.storage;
    const one = createWorkbench({ ...first.services, workspace: 'window-1' });
    const two = createWorkbench({
      ...second.services,
      storage,
      history: first.services.history,
      workspace: 'window-2',
    });
    await Promise.all([one.ready, two.ready]);
    return { one, two, storage };
  }

  it('keeps an environment added in one panel when the other then remembers an organisation', async () => {
    const { one, two, storage } = await twoPanels();
    one.variables.update((scope) => ({
      ...scope,
      environments: [{ id: 'prod', name: 'prod', variables: [{ name: 'zone', value: 'mtl', enabled: true }] }],
      activeEnvironmentId: 'prod',
    }));
    await new Promise((resolve) => setTimeout(resolve, SAVED));
    // The other panel shows it without a reload…
    expect(two.variables.get().environments.map((environment) => environment.name)).toEqual(['prod']);
    two.openCatalogEntry(entry('GET', '/v2/organisations/{organisationId}/applications'));
    two.edit((draft) => ({ ...draft, params: { ...draft.params, organisationId: 'orga_7' } }));
    await new Promise((resolve) => setTimeout(resolve, SAVED));
    // …and its own save (the organisation it remembered) keeps it: stored, and in the first panel with the context.
    const stored = scopeForStorage((await storage.get('keyhole.devtools.variables')) as VariableScope);
    expect(stored.environments.map((environment) => environment.name)).toEqual(['prod']);
    expect(stored.contexts[two.profileId()]).toEqual({ organisationId: 'orga_7' });
    expect(one.variables.get().environments.map((environment) => environment.name)).toEqual(['prod']);
    expect(one.variables.get().contexts[one.profileId()]).toEqual({ organisationId: 'orga_7' });
    one.dispose();
    two.dispose();
  });

  it('keeps a secret typed in this panel when another panel’s save arrives with only its mask', async () => {
    const { one, two, storage } = await twoPanels();
    one.variables.update((scope) => ({
      ...scope,
      environments: [{ id: 'dev', name: 'dev', variables: [{ name: 'apiToken', value: 'tok_live_1', enabled: true }] }],
    }));
    await new Promise((resolve) => setTimeout(resolve, SAVED));
    // Never stored in clear: the other panel has the mask.
    expect(JSON.stringify(await storage.get('keyhole.devtools.variables'))).not.toContain('tok_live_1');
    expect(two.variables.get().environments[0]?.variables[0]?.value).toBe(REDACTED);
    two.variables.update((scope) => ({ ...scope, activeEnvironmentId: 'dev' }));
    await new Promise((resolve) => setTimeout(resolve, SAVED));
    expect(one.variables.get().activeEnvironmentId).toBe('dev');
    expect(one.variables.get().environments[0]?.variables[0]?.value).toBe('tok_live_1');
    one.dispose();
    two.dispose();
  });

  it('stores no secret typed as a context value in the Variables dialog, and keeps it in the panel it was typed in', async () => {
    const { one, two, storage } = await twoPanels();
    // The dialog's Context editor takes any name and value.
    one.variables.update((scope) => ({
      ...scope,
      contexts: { [one.profileId()]: { apiToken: 'tok_live_2', appId: 'Bearer tok_live_3', organisationId: 'orga_1' } },
    }));
    await new Promise((resolve) => setTimeout(resolve, SAVED));
    const stored = JSON.stringify(await storage.get('keyhole.devtools.variables'));
    expect(stored).not.toContain('tok_live_');
    expect(stored).toContain('orga_1');
    expect(two.variables.get().contexts[two.profileId()]).toEqual({
      apiToken: REDACTED,
      appId: REDACTED,
      organisationId: 'orga_1',
    });
    two.variables.update((scope) => ({
      ...scope,
      activeEnvironmentId: '',
      environments: [{ id: 'qa', name: 'qa', variables: [] }],
    }));
    await new Promise((resolve) => setTimeout(resolve, SAVED));
    expect(one.variables.get().environments.map((environment) => environment.name)).toEqual(['qa']);
    expect(one.variables.get().contexts[one.profileId()]).toEqual({
      apiToken: 'tok_live_2',
      appId: 'Bearer tok_live_3',
      organisationId: 'orga_1',
    });
    one.dispose();
    two.dispose();
  });

  it('shows an Import all made in the options page at once, and writes nothing back', async () => {
    const fake = createFakeServices();
    const workbench = createWorkbench(fake.services);
    await workbench.ready;
    const writes: unknown[] = [];
    const set = fake.storage.set.bind(fake.storage);
    fake.storage.set = async (key, value) => {
      if (key === 'keyhole.devtools.variables') writes.push(value);
      await set(key, value);
    };
    const imported: VariableScope = {
      environments: [{ id: 'e', name: 'imported', variables: [{ name: 'zone', value: 'par', enabled: true }] }],
      activeEnvironmentId: 'e',
      contexts: {},
      owners: {},
    };
    await saveScopeNow(fake.storage, imported);
    expect(workbench.variables.get()).toEqual(imported);
    await new Promise((resolve) => setTimeout(resolve, SAVED));
    expect(writes).toHaveLength(1);
    workbench.dispose();
  });
});

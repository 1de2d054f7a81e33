import { describe, expect, it } from 'vitest';
import type { ProfileView } from '../../../../../src/core/protocol.ts';
import { createDraft } from '../../../../../src/core/workbench/request-draft.ts';
import type { RunItem } from '../../../../../src/core/workbench/run/run-collection.ts';
import type { SavedRequest } from '../../../../../src/core/workbench/saved-requests.ts';
import type { VariableScope } from '../../../../../src/core/workbench/variable-scope.ts';
import {
  createRunnerSession,
  EXCERPT_CHARS,
  itemsOf,
  overriddenContext,
  writesToConfirm,
} from '../../../../../src/devtools/panel/runner/runner-session.ts';
import { createStore } from '../../../../../src/devtools/panel/store.ts';
import { createFakeServices, jsonResponse, SIGNED_IN } from '../../fake-services.ts';

const saved = (
  id: string,
  folder: string,
  order: number,
  method: RunItem['draft']['method'] = 'GET',
): SavedRequest => ({
  id,
  name: id,
  folder,
  order,
  updatedAt: 0,
  draft: createDraft({ method, path: '/v2/self' }),
});

const profile = 'profile' in SIGNED_IN ? SIGNED_IN.profile : (undefined as never);

describe('the Runner session', () => {
  it('takes a folder with its sub-folders, in order', () => {
    const list = [saved('b', 'Apps', 1), saved('a', 'Apps', 0), saved('c', 'Apps/Deploy', 0), saved('d', 'Other', 0)];
    expect(itemsOf(list, 'Apps').map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(itemsOf(list, '').map((item) => item.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('asks about writes everywhere but the local sandbox', () => {
    const items = itemsOf([saved('read', '', 0), saved('write', '', 1, 'DELETE')], '');
    const sandbox: ProfileView = {
      ...profile,
      preset: 'sandbox',
      apiBaseUrl: 'http://127.0.0.1:8780',
      bridgeUrl: 'http://127.0.0.1:8781',
    };
    expect(writesToConfirm(items, sandbox)).toEqual([]);
    expect(writesToConfirm(items, { ...sandbox, preset: 'custom' }).map((item) => item.id)).toEqual(['write']);
    // A sandbox profile edited to point at another machine is not the local sandbox.
    expect(
      writesToConfirm(items, { ...sandbox, apiBaseUrl: 'https://api.clever-cloud.com' }).map((item) => item.id),
    ).toEqual(['write']);
    expect(writesToConfirm(items, undefined).map((item) => item.id)).toEqual(['write']);
  });

  it('runs through the worker with the chosen environment and puts an environment capture there', async () => {
    const { services, sent } = createFakeServices((request) =>
      jsonResponse(request, request.path === '/v2/organisations' ? [{ id: 'orga_9' }] : { path: request.path }),
    );
    const variables = createStore<VariableScope>({
      environments: [{ id: 'env-1', name: 'prod', variables: [{ name: 'region', value: 'par', enabled: true }] }],
      activeEnvironmentId: '',
      contexts: {},
    });
    const session = createRunnerSession(services, variables);
    const items: RunItem[] = [
      {
        id: '1',
        name: 'orgs',
        folder: '',
        draft: createDraft({
          path: '/v2/organisations',
          query: [{ name: 'region', value: '{region}', enabled: true }],
          checks: {
            assertions: [],
            captures: [{ variable: 'organisationId', expression: '.[0].id', into: 'environment' }],
          },
        }),
      },
      {
        id: '2',
        name: 'apps',
        folder: '',
        draft: createDraft({ path: '/v2/organisations/{organisationId}/applications' }),
      },
    ];
    await session.run(items, { environmentId: 'env-1', name: 'test', profileId: 'p' });
    expect(sent().map((request) => [request.path, request.query, typeof request.requestId])).toEqual([
      ['/v2/organisations', [['region', 'par']], 'string'],
      ['/v2/organisations/orga_9/applications', [], 'string'],
    ]);
    const state = session.state.get();
    expect(state.phase === 'done' && state.summary.results.map((result) => result.outcome)).toEqual([
      'passed',
      'passed',
    ]);
    expect(variables.get().environments[0]?.variables).toEqual([
      { name: 'region', value: 'par', enabled: true },
      { name: 'organisationId', value: 'orga_9', enabled: true },
    ]);
  });

  it('runs with the chosen environment’s values over the context’s; the context fills only what it does not name', async () => {
    const { services, sent } = createFakeServices();
    const variables = createStore<VariableScope>({
      environments: [
        { id: 'prod', name: 'prod', variables: [{ name: 'organisationId', value: 'orga_prod', enabled: true }] },
      ],
      activeEnvironmentId: '',
      contexts: { p: { organisationId: 'orga_picked', applicationId: 'app_picked' } },
    });
    const session = createRunnerSession(services, variables);
    const draft = createDraft({ path: '/v2/organisations/{organisationId}/applications/{applicationId}' });
    await session.run([{ id: '1', name: 'app', folder: '', draft }], {
      environmentId: 'prod',
      name: 't',
      profileId: 'p',
    });
    await session.run([{ id: '1', name: 'app', folder: '', draft }], { environmentId: '', name: 't', profileId: 'p' });
    expect(sent().map((request) => request.path)).toEqual([
      '/v2/organisations/orga_prod/applications/app_picked',
      '/v2/organisations/orga_picked/applications/app_picked',
    ]);
  });

  it('keeps the start of each response for the result’s detail, never in the results themselves', async () => {
    const long = 'x'.repeat(5000);
    const { services } = createFakeServices((request) =>
      jsonResponse(request, request.path === '/v2/self' ? { long } : [], request.path === '/v2/self' ? 200 : 404),
    );
    const variables = createStore<VariableScope>({ environments: [], activeEnvironmentId: '', contexts: {} });
    const session = createRunnerSession(services, variables);
    await session.run(
      [
        { id: 'a', name: 'self', folder: '', draft: createDraft({ path: '/v2/self' }) },
        { id: 'b', name: 'zones', folder: '', draft: createDraft({ path: '/v2/products/zones' }) },
      ],
      { environmentId: '', name: 't', profileId: 'p' },
    );
    const responses = session.responses.get();
    expect(responses.a).toMatchObject({ status: 200, contentType: 'application/json', cut: true });
    expect(responses.a?.text).toHaveLength(EXCERPT_CHARS);
    expect(responses.b).toEqual({ status: 404, contentType: 'application/json', text: '[]', cut: false });
    const state = session.state.get();
    expect(JSON.stringify(state.phase === 'done' && state.summary)).not.toContain('xxxx');
  });

  it('leaves out a context id chosen under another organisation than the one the run’s environment names', async () => {
    const { services, sent } = createFakeServices();
    const variables = createStore<VariableScope>({
      environments: [
        { id: 'prod', name: 'prod', variables: [{ name: 'organisationId', value: 'orga_prod', enabled: true }] },
      ],
      activeEnvironmentId: '',
      contexts: { p: { organisationId: 'orga_picked', applicationId: 'app_picked', addonId: 'addon_free' } },
      // The app was chosen in orga_picked's path: the composer fills it only in orga_picked's paths.
      owners: { p: { applicationId: 'orga_picked' } },
    });
    const session = createRunnerSession(services, variables);
    const items: RunItem[] = [
      {
        id: '1',
        name: 'app',
        folder: '',
        draft: createDraft({ path: '/v2/organisations/{organisationId}/applications/{applicationId}' }),
      },
      {
        id: '2',
        name: 'addon',
        folder: '',
        draft: createDraft({ path: '/v2/organisations/{organisationId}/addons/{addonId}' }),
      },
    ];
    await session.run(items, { environmentId: 'prod', name: 't', profileId: 'p' });
    // Not orga_prod's app_picked (an app of another organisation, which the composer would not send either).
    expect(sent().map((request) => request.path)).toEqual(['/v2/organisations/orga_prod/addons/addon_free']);
    const done = session.state.get();
    expect(done.phase === 'done' && done.summary.results[0]?.error).toMatch(/applicationId/);
    await session.run(items, { environmentId: '', name: 't', profileId: 'p' });
    expect(
      sent()
        .map((request) => request.path)
        .slice(1),
    ).toEqual([
      '/v2/organisations/orga_picked/applications/app_picked',
      '/v2/organisations/orga_picked/addons/addon_free',
    ]);
  });

  it('names the context’s ids the chosen environment sends otherwise, for the Runner to say so', () => {
    const scope: VariableScope = {
      environments: [
        {
          id: 'prod',
          name: 'prod',
          variables: [
            { name: 'organisationId', value: 'orga_prod', enabled: true },
            { name: 'applicationId', value: 'app_same', enabled: true },
            { name: 'addonId', value: 'addon_off', enabled: false },
          ],
        },
      ],
      activeEnvironmentId: '',
      contexts: { p: { organisationId: 'orga_picked', applicationId: 'app_same', addonId: 'addon_1' } },
    };
    expect(overriddenContext(scope, 'prod', 'p')).toEqual([
      { name: 'organisationId', environment: 'orga_prod', context: 'orga_picked' },
    ]);
    expect(overriddenContext(scope, '', 'p')).toEqual([]);
    expect(overriddenContext(scope, 'prod', 'other')).toEqual([]);
  });
});

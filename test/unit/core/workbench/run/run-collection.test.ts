import { describe, expect, it } from 'vitest';
import { MASK } from '../../../../../src/core/http/hide-reusable.ts';
import type { SendRequest } from '../../../../../src/core/protocol.ts';
import { REDACTED } from '../../../../../src/core/workbench/redact-secrets.ts';
import { createDraft } from '../../../../../src/core/workbench/request-draft.ts';
import type { RequestChecks } from '../../../../../src/core/workbench/run/checks.ts';
import { environmentValuesFromFile } from '../../../../../src/core/workbench/run/collection-items.ts';
import { evaluateChecks, type ObservedResponse } from '../../../../../src/core/workbench/run/evaluate-checks.ts';
import { type RunItem, runCollection, writesIn } from '../../../../../src/core/workbench/run/run-collection.ts';

const item = (
  name: string,
  path: string,
  checks?: RequestChecks,
  method: RunItem['draft']['method'] = 'GET',
): RunItem => ({
  id: name,
  name,
  folder: 'Chain',
  draft: createDraft({ method, path, ...(checks ? { checks } : {}) }),
});

/** A tiny platform: organisations, then the applications of one. */
function fakeSend(sent: SendRequest[]) {
  return async (request: SendRequest): Promise<ObservedResponse> => {
    sent.push(request);
    const json = (status: number, value: unknown): ObservedResponse => ({
      status,
      durationMs: 5,
      headers: [['content-type', 'application/json']],
      body: JSON.stringify(value),
    });
    if (request.path === '/v2/organisations') return json(200, [{ id: 'orga_1' }, { id: 'orga_2' }]);
    if (request.path === '/v2/organisations/orga_1/applications') return json(200, [{ id: 'app_9' }]);
    if (request.path === '/v2/boom') throw new Error('Could not reach the API');
    return json(404, { message: 'not found' });
  };
}

const chain = [
  item('organisations', '/v2/organisations', {
    assertions: [{ kind: 'status', op: 'is', values: [200] }],
    captures: [{ variable: 'organisationId', expression: '.[0].id', into: 'run' }],
  }),
  item('applications', '/v2/organisations/{organisationId}/applications', {
    assertions: [{ kind: 'jq', expression: '.[0].id', op: 'equals', expected: 'app_9' }],
    captures: [{ variable: 'applicationId', expression: '.[0].id', into: 'run' }],
  }),
];

describe('runCollection', () => {
  it('reports a path with a secret segment parameter masked (reports travel), and sends it as resolved', async () => {
    const sent: SendRequest[] = [];
    const summary = await runCollection(
      [
        item('self', '/v2/self;access_token={{tok}};v=2'),
        item('boom', '/v2/boom;password=pw1'),
        item('unresolved', '/v2/x;password=pw2/{{missing}}'),
      ],
      {
        values: { tok: 's3cr3t-tok' },
        send: fakeSend(sent),
      },
    );
    expect(sent.map((request) => request.path)).toEqual([
      '/v2/self;access_token=s3cr3t-tok;v=2',
      '/v2/boom;password=pw1',
    ]);
    const mask = encodeURIComponent(REDACTED);
    expect(summary.results.map((result) => result.path)).toEqual([
      `/v2/self;access_token=${mask};v=2`,
      `/v2/boom;password=${mask}`,
      `/v2/x;password=${mask}/{{missing}}`,
    ]);
    expect(summary.results[2]?.error).toMatch(/missing/);
  });

  it('reports a variable filled under a name the saved request masks, masked too (not only the strict names)', async () => {
    const sent: SendRequest[] = [];
    const summary = await runCollection([item('self', '/v2/self;token={{tok}}/x;db-password={{pw}};v=2')], {
      values: { tok: 's3cr3t-tok', pw: 's3cr3t-pw' },
      send: fakeSend(sent),
    });
    expect(sent[0]?.path).toBe('/v2/self;token=s3cr3t-tok/x;db-password=s3cr3t-pw;v=2');
    const mask = encodeURIComponent(REDACTED);
    expect(summary.results[0]?.path).toBe(`/v2/self;token=${mask}/x;db-password=${mask};v=2`);
  });

  it('masks what the server echoed of a secret the request sent, in an assertion’s message and an error (reports travel)', async () => {
    const echoing = async (request: SendRequest): Promise<ObservedResponse> => {
      if (request.path === '/v2/boom') throw new Error(`Could not reach ${JSON.stringify(request.headers)}`);
      return {
        status: 404,
        durationMs: 5,
        headers: [],
        body: JSON.stringify({ message: `bad key ${request.headers?.[0]?.[1]}` }),
      };
    };
    const keyed = (name: string, path: string, checks?: RequestChecks): RunItem => {
      const base = item(name, path, checks);
      return { ...base, draft: { ...base.draft, headers: [{ name: 'X-Api-Key', value: '{{key}}', enabled: true }] } };
    };
    const summary = await runCollection(
      [
        keyed('self', '/v2/self', {
          assertions: [{ kind: 'jq', expression: '.message', op: 'equals', expected: 'ok' }],
          captures: [],
        }),
        keyed('boom', '/v2/boom'),
      ],
      { values: { key: 'k3y-s3cr3t-value' }, send: echoing },
    );
    const reported = JSON.stringify(summary.results);
    expect(reported).not.toContain('k3y-s3cr3t-value');
    expect(summary.results[0]?.outcome).toBe('failed');
    expect(summary.results[0]?.assertions?.find((one) => one.label.includes('.message'))?.message).toContain(MASK);
    expect(summary.results[1]?.error).toContain(MASK);
  });

  it('chains a capture into the next request and judges each one', async () => {
    const sent: SendRequest[] = [];
    const seen: string[] = [];
    const summary = await runCollection(chain, {
      values: {},
      send: fakeSend(sent),
      onStart: (index) => seen.push(`start ${index}`),
      onResult: (result, index) => seen.push(`${result.outcome} ${index}`),
    });
    expect(sent.map((request) => request.path)).toEqual(['/v2/organisations', '/v2/organisations/orga_1/applications']);
    expect(summary.results.map((result) => result.outcome)).toEqual(['passed', 'passed']);
    expect(summary.captured).toEqual({ organisationId: 'orga_1', applicationId: 'app_9' });
    expect(seen).toEqual(['start 0', 'passed 0', 'start 1', 'passed 1']);
    expect(summary.stopped).toBe(false);
  });

  it('judges through a given judge (the panel’s worker): its outcomes chain; a judge that fails is an error', async () => {
    const judged: string[] = [];
    const summary = await runCollection(chain, {
      values: {},
      send: fakeSend([]),
      judge: async (checks, response, endpoint) => {
        judged.push(`${endpoint.method} ${endpoint.pathTemplate} ${response.status}`);
        await new Promise((resolve) => setTimeout(resolve, 1));
        return evaluateChecks(checks, response, endpoint);
      },
    });
    expect(judged).toEqual(['GET /v2/organisations 200', 'GET /v2/organisations/{organisationId}/applications 200']);
    expect(summary.results.map((result) => result.outcome)).toEqual(['passed', 'passed']);
    expect(summary.captured).toEqual({ organisationId: 'orga_1', applicationId: 'app_9' });

    const failed = await runCollection(chain.slice(0, 1), {
      values: {},
      send: fakeSend([]),
      judge: () => Promise.reject(new Error('The checks’ worker could not start.')),
    });
    expect(failed.results[0]).toMatchObject({
      outcome: 'error',
      status: 200,
      error: 'The checks’ worker could not start.',
    });
  });

  it('a value missing for a request is an error naming it; the environment supplies values', async () => {
    const summary = await runCollection([chain[1] as RunItem], { values: {}, send: fakeSend([]) });
    expect(summary.results[0]).toMatchObject({ outcome: 'error', error: expect.stringContaining('{organisationId}') });
    const withValue = await runCollection([chain[1] as RunItem], {
      values: { organisationId: 'orga_1' },
      send: fakeSend([]),
    });
    expect(withValue.results[0]?.outcome).toBe('passed');
  });

  it('a request without a status assertion fails on an error status; a thrown send is an error', async () => {
    const summary = await runCollection([item('missing', '/v2/nothing'), item('boom', '/v2/boom')], {
      values: {},
      send: fakeSend([]),
    });
    expect(summary.results[0]).toMatchObject({ outcome: 'failed', status: 404 });
    expect(summary.results[0]?.assertions[0]).toMatchObject({
      pass: false,
      label: 'status below 400 (no status assertion)',
    });
    expect(summary.results[1]).toMatchObject({ outcome: 'error', error: 'Could not reach the API' });
  });

  it('bail stops at the first request that does not pass; the rest are skipped', async () => {
    const sent: SendRequest[] = [];
    const summary = await runCollection([item('missing', '/v2/nothing'), ...chain], {
      values: {},
      send: fakeSend(sent),
      bail: true,
    });
    expect(sent).toHaveLength(1);
    expect(summary.results.map((result) => result.outcome)).toEqual(['failed', 'skipped', 'skipped']);
    expect(summary.stopped).toBe(true);
  });

  it('stop (abort) ends the run before the next request', async () => {
    const controller = new AbortController();
    const sent: SendRequest[] = [];
    const summary = await runCollection(chain, {
      values: {},
      send: fakeSend(sent),
      signal: controller.signal,
      onResult: () => controller.abort(),
    });
    expect(sent).toHaveLength(1);
    expect(summary.results.map((result) => result.outcome)).toEqual(['passed', 'skipped']);
    expect(summary.stopped).toBe(true);
  });

  it('stop reaches a judge still working (a hostile check in the panel’s worker): the run ends without waiting', async () => {
    const controller = new AbortController();
    const summary = await runCollection(chain, {
      values: {},
      send: fakeSend([]),
      signal: controller.signal,
      // Never answers by itself, as a jq check spending its whole allowance; gives up when the run is stopped.
      judge: (_checks, _response, _endpoint, signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(new Error('Stopped before its checks were judged.')));
          controller.abort();
        }),
    });
    expect(summary.results.map((result) => [result.outcome, result.error])).toEqual([
      ['error', 'Stopped before its checks were judged.'],
      ['skipped', undefined],
    ]);
    expect(summary.stopped).toBe(true);
  });

  it('hands control back between requests', async () => {
    let pauses = 0;
    await runCollection(chain, {
      values: {},
      send: fakeSend([]),
      pause: async () => {
        pauses += 1;
      },
    });
    expect(pauses).toBe(1);
  });
});

describe('writesIn', () => {
  it('lists POST, PUT, PATCH and DELETE requests only', () => {
    const items = [
      item('a', '/v2/self'),
      item('b', '/v2/self', undefined, 'POST'),
      item('c', '/v2/self', undefined, 'DELETE'),
    ];
    expect(writesIn(items).map((entry) => entry.name)).toEqual(['b', 'c']);
  });
});

describe('captured values in a run', () => {
  it('win over an id saved in the path field', async () => {
    const sent: SendRequest[] = [];
    const saved = item('applications', '/v2/organisations/{organisationId}/applications');
    saved.draft.params = { organisationId: 'orga_picked_when_saved' };
    await runCollection([chain[0] as RunItem, saved], { values: {}, send: fakeSend(sent) });
    expect(sent[1]?.path).toBe('/v2/organisations/orga_1/applications');
    const alone = await runCollection([saved], { values: {}, send: fakeSend(sent) });
    expect(alone.results[0]?.path).toBe('/v2/organisations/orga_picked_when_saved/applications');
  });
});

describe('capture and environment names are data', () => {
  it.each(['__proto__', 'constructor', 'toString'])('a capture into {%s} carries to the next request', async (name) => {
    const sent: SendRequest[] = [];
    const summary = await runCollection(
      [
        item('organisations', '/v2/organisations', {
          assertions: [],
          captures: [{ variable: name, expression: '.[0].id', into: 'run' }],
        }),
        item('applications', `/v2/organisations/{${name}}/applications`),
      ],
      { values: {}, send: fakeSend(sent) },
    );
    expect(sent.map((request) => request.path)).toEqual(['/v2/organisations', '/v2/organisations/orga_1/applications']);
    expect(Object.hasOwn(summary.captured, name) && summary.captured[name]).toBe('orga_1');
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });

  it.each(['__proto__', 'constructor'])('a collection environment variable named %s is a value', (name) => {
    const file = { environments: [{ name: 'dev', variables: [[name, 'orga_1']] }] };
    const values = environmentValuesFromFile(file, 'dev');
    expect(Object.hasOwn(values, name) && values[name]).toBe('orga_1');
  });
});

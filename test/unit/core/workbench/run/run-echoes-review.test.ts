import { describe, expect, it } from 'vitest';
import type { SendRequest } from '../../../../../src/core/protocol.ts';
import { createDraft } from '../../../../../src/core/workbench/request-draft.ts';
import type { RequestChecks } from '../../../../../src/core/workbench/run/checks.ts';
import type { ObservedResponse } from '../../../../../src/core/workbench/run/evaluate-checks.ts';
import { type RunItem, runCollection } from '../../../../../src/core/workbench/run/run-collection.ts';
import { toJsonReport, toJUnitXml } from '../../../../../src/core/workbench/run/run-report.ts';

const SECRET = 'k3y-s3cr3t-value-0123456789abcdef';
const meta = { name: 'c', environment: 'e', startedAt: new Date(0) };

const keyed = (
  name: string,
  path: string,
  header: [string, string],
  checks: RequestChecks,
  params: Record<string, string> = {},
): RunItem => ({
  id: name,
  name,
  folder: '',
  draft: {
    ...createDraft({ method: 'GET', path, checks }),
    params,
    headers: [{ name: header[0], value: header[1], enabled: true }],
  },
});

const jqEquals = (expression: string): RequestChecks => ({
  assertions: [{ kind: 'jq', expression, op: 'equals', expected: 'ok' }],
  captures: [],
});

function reports(summary: Awaited<ReturnType<typeof runCollection>>): string {
  return toJsonReport(summary, meta) + toJUnitXml(summary, meta);
}

/** Cases from an outside review of the run reports' echo masking (each of the first three failed on f81d9e8). */
describe('secrets kept out of a run report', () => {
  it('an echo cut by the assertion message’s 120-character limit: its head is masked too', async () => {
    const send = async (request: SendRequest): Promise<ObservedResponse> => ({
      status: 200,
      durationMs: 1,
      headers: [['content-type', 'application/json']],
      body: JSON.stringify({ message: `${'x'.repeat(100)} ${request.headers?.[0]?.[1]}` }),
    });
    const summary = await runCollection([keyed('cut', '/v2/self', ['X-Api-Key', '{{key}}'], jqEquals('.message'))], {
      values: { key: SECRET },
      send,
    });
    const message = summary.results[0]?.assertions.find((one) => one.label.startsWith('.message'))?.message ?? '';
    // 'got "xxx… k3y-s3cr3t-val…"': 17 characters of the secret, over the 8-character floor.
    expect(reports(summary)).not.toContain(SECRET.slice(0, 12));
    expect(message).not.toContain(SECRET.slice(0, 12));
  });

  it('a secret variable sent under a plain header name is masked in an echo', async () => {
    const send = async (request: SendRequest): Promise<ObservedResponse> => ({
      status: 200,
      durationMs: 1,
      headers: [],
      body: JSON.stringify({ message: `bad db ${request.headers?.[0]?.[1]}` }),
    });
    const summary = await runCollection(
      [keyed('plain', '/v2/self', ['X-Db', '{{dbPassword}}'], jqEquals('.message'))],
      { values: { dbPassword: SECRET }, send },
    );
    expect(reports(summary)).not.toContain(SECRET);
  });

  it('a secret variable filled into a path segment: not in the reported path', async () => {
    const send = async (): Promise<ObservedResponse> => ({ status: 200, durationMs: 1, headers: [], body: '{}' });
    const summary = await runCollection(
      [keyed('seg', '/v2/keys/{{apiToken}}', ['X-A', 'b'], { assertions: [], captures: [] })],
      { values: { apiToken: SECRET }, send },
    );
    expect(reports(summary)).not.toContain(SECRET);
  });

  it('masking leaves pass/fail and chaining alone: a capture of an echoed secret still feeds the next request', async () => {
    const sent: SendRequest[] = [];
    const send = async (request: SendRequest): Promise<ObservedResponse> => {
      sent.push(request);
      return {
        status: 200,
        durationMs: 1,
        headers: [['content-type', 'application/json']],
        body: JSON.stringify({ key: request.headers?.[0]?.[1] }),
      };
    };
    const summary = await runCollection(
      [
        keyed('first', '/v2/self', ['X-Api-Key', '{{key}}'], {
          assertions: [{ kind: 'jq', expression: '.key', op: 'exists', expected: '' }],
          captures: [{ variable: 'again', expression: '.key', into: 'run' }],
        }),
        keyed('second', '/v2/self', ['X-Api-Key', '{{again}}'], { assertions: [], captures: [] }),
      ],
      { values: { key: SECRET }, send },
    );
    expect(summary.results.map((one) => one.outcome)).toEqual(['passed', 'passed']);
    expect(sent[1]?.headers?.[0]?.[1]).toBe(SECRET);
    expect(reports(summary)).not.toContain(SECRET);
  });
});

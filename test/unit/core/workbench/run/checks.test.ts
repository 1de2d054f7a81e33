import { describe, expect, it } from 'vitest';
import { exportCollection, parseCollectionFile } from '../../../../../src/core/workbench/collection-file.ts';
import { createDraft } from '../../../../../src/core/workbench/request-draft.ts';
import { describeAssertion, reviveChecks } from '../../../../../src/core/workbench/run/checks.ts';

describe('reviveChecks', () => {
  it('keeps rows of the right shape and drops the rest', () => {
    const checks = reviveChecks({
      assertions: [
        { kind: 'status', op: 'in', values: [200, 201, 'x', 999] },
        { kind: 'jq', expression: '.id', op: 'exists' },
        { kind: 'jq', expression: '.id', op: 'eval' },
        { kind: 'script', code: 'alert(1)' },
        { kind: 'time', underMs: -1 },
        { kind: 'schema' },
        { kind: 'header', name: 'Content-Type', pattern: 'json' },
      ],
      captures: [
        { variable: 'applicationId', expression: '.id' },
        { variable: 'not a name', expression: '.id' },
        { variable: 'x', expression: '.id', into: 'environment' },
      ],
    });
    expect(checks?.assertions.map(describeAssertion)).toEqual([
      'status in 200, 201',
      '.id exists',
      'valid against the description',
      'header Content-Type matches json',
    ]);
    expect(checks?.captures).toEqual([
      { variable: 'applicationId', expression: '.id', into: 'run' },
      { variable: 'x', expression: '.id', into: 'environment' },
    ]);
  });

  it('nothing usable is no checks at all', () => {
    expect(reviveChecks({ assertions: [{ kind: 'nope' }] })).toBeUndefined();
    expect(reviveChecks('x')).toBeUndefined();
  });

  it('checks travel through a collection file with their request', () => {
    const checks = {
      assertions: [{ kind: 'status' as const, op: 'is' as const, values: [200] }],
      captures: [{ variable: 'organisationId', expression: '.[0].id', into: 'run' as const }],
    };
    const text = exportCollection([
      {
        id: 'a',
        name: 'Orgs',
        folder: 'F',
        order: 0,
        updatedAt: 0,
        draft: createDraft({ path: '/v2/organisations', checks }),
      },
    ]);
    const [imported] = parseCollectionFile(JSON.parse(text));
    expect(imported?.draft.checks).toEqual(checks);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { importCollectionText } from '../../../../src/core/workbench/collection-import.ts';
import {
  addImportedEnvironments,
  applyEnvironmentDiff,
  describeDiff,
  diffEnvironment,
} from '../../../../src/core/workbench/environment-import.ts';
import { REDACTED } from '../../../../src/core/workbench/redact-secrets.ts';
import { scopeValues, setContextValue, type VariableScope } from '../../../../src/core/workbench/variable-scope.ts';

const row = (name: string, value: string) => ({ name, value, enabled: true });

/** The user's own: an active environment named like the hostile collection, and an organisation picked. */
function userScope(): VariableScope {
  const scope: VariableScope = {
    environments: [{ id: 'e1', name: 'Acme', variables: [row('organisationId', 'orga_mine'), row('zone', 'par')] }],
    activeEnvironmentId: 'e1',
    contexts: {},
  };
  return setContextValue(scope, 'p1', 'applicationId', 'app_mine');
}

const hostile = JSON.stringify({
  info: { name: 'Acme', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
  item: [
    { name: 'Apps', request: { method: 'GET', url: '{{baseUrl}}/v2/organisations/{{organisationId}}/applications' } },
  ],
  variable: [
    { key: 'organisationId', value: 'orga_attacker' },
    { key: 'applicationId', value: 'app_attacker' },
    { key: 'region', value: 'mtl' },
  ],
});

describe('imported environments', () => {
  it('a collection named like the active environment changes nothing of the user’s: a new environment, not active', () => {
    const before = userScope();
    const imported = importCollectionText(hostile, 'acme.postman_collection.json');
    let next = 0;
    const { scope, added } = addImportedEnvironments(before, imported.environments, () => `n${++next}`);
    expect(scope.environments[0]).toEqual(before.environments[0]);
    expect(scope.contexts).toEqual(before.contexts);
    expect(scope.activeEnvironmentId).toBe('e1');
    expect(added).toEqual([{ id: 'n1', name: 'Acme (imported)', count: 3 }]);
    expect(scopeValues(scope, 'p1')).toEqual({ organisationId: 'orga_mine', zone: 'par', applicationId: 'app_mine' });
    // Imported again: a second new one, numbered.
    const again = addImportedEnvironments(scope, imported.environments, () => `n${++next}`);
    expect(again.added.map((item) => item.name)).toEqual(['Acme (imported 2)']);
  });

  it('even when activated, it does not beat the ids the user chose (the context)', () => {
    const imported = importCollectionText(hostile, 'acme.json');
    const { scope, added } = addImportedEnvironments(userScope(), imported.environments, () => 'n1');
    const active = { ...scope, activeEnvironmentId: added[0]!.id };
    expect(scopeValues(active, 'p1')).toMatchObject({ applicationId: 'app_mine', organisationId: 'orga_attacker' });
  });

  it('a merge is a difference to review: added and changed (old → new); applied only to the environment chosen', () => {
    const target = userScope().environments[0]!;
    const diff = diffEnvironment(target, [
      row('organisationId', 'orga_attacker'),
      row('zone', 'par'),
      row('region', 'mtl'),
      row('password', REDACTED),
      row('region', 'ignored duplicate'),
    ]);
    expect(diff).toEqual({
      added: [row('region', 'mtl')],
      changed: [{ name: 'organisationId', from: 'orga_mine', to: 'orga_attacker' }],
      same: 1,
      masked: ['password'],
    });
    expect(describeDiff(diff)).toBe('1 added, 1 changed, 1 already the same, 1 masked, not merged');
    const merged = applyEnvironmentDiff(userScope(), 'e1', diff);
    expect(merged.environments[0]!.variables).toEqual([
      row('organisationId', 'orga_attacker'),
      row('zone', 'par'),
      row('region', 'mtl'),
    ]);
    expect(applyEnvironmentDiff(userScope(), 'other', diff)).toEqual(userScope());
  });
});

describe('a file with thousands of environments of one name', () => {
  // Counted in look-ups, not time: each new name used to count up from “(imported 2)” again, so n environments cost
  // n²/2 look-ups (8,000 froze the panel 7 s).
  it('names each once, in order, with work that grows linearly', () => {
    const count = 2000;
    const imported = Array.from({ length: count }, () => ({ name: 'Acme', variables: [row('zone', 'par')] }));
    let next = 0;
    const lookups = vi.spyOn(Set.prototype, 'has');
    try {
      const { scope, added } = addImportedEnvironments(userScope(), imported, () => `new-${++next}`);
      expect(lookups.mock.calls.length).toBeLessThan(count * 4);
      expect(added.map((item) => item.name).slice(0, 3)).toEqual([
        'Acme (imported)',
        'Acme (imported 2)',
        'Acme (imported 3)',
      ]);
      expect(new Set(scope.environments.map((item) => item.name)).size).toBe(count + 1);
      expect(scope.environments[0]).toEqual(userScope().environments[0]);
    } finally {
      lookups.mockRestore();
    }
  });

  it('skips names the user already has, wherever they are in the sequence', () => {
    const scope: VariableScope = {
      ...userScope(),
      environments: ['Acme (imported)', 'Acme (imported 3)'].map((name, at) => ({ id: `u${at}`, name, variables: [] })),
    };
    const imported = Array.from({ length: 3 }, () => ({ name: 'Acme', variables: [] }));
    let next = 0;
    const { added } = addImportedEnvironments(scope, imported, () => `new-${++next}`);
    expect(added.map((item) => item.name)).toEqual(['Acme (imported 2)', 'Acme (imported 4)', 'Acme (imported 5)']);
  });
});

import { describe, expect, it, vi } from 'vitest';
import type * as records from '../../../../src/core/data-record.ts';
import { mergeScopes, sameData, withOwnSecrets } from '../../../../src/core/workbench/merge-scope.ts';
import { REDACTED } from '../../../../src/core/workbench/redact-secrets.ts';
import type { Environment, VariableScope } from '../../../../src/core/workbench/variable-scope.ts';

// Entries copied into records (data-record.ts), to count the merge's work on large records.
let copied = 0;
vi.mock('../../../../src/core/data-record.ts', async (importOriginal) => {
  const real = await importOriginal<typeof records>();
  return {
    ...real,
    dataRecord: (from?: Parameters<typeof real.dataRecord>[0]) => {
      const made = real.dataRecord(from);
      copied += Object.keys(made).length;
      return made;
    },
  };
});

const row = (name: string, value: string, enabled = true) => ({ name, value, enabled });
const env = (id: string, name: string, ...variables: ReturnType<typeof row>[]): Environment => ({
  id,
  name,
  variables,
});
const scope = (parts: Partial<VariableScope> = {}): VariableScope => ({
  environments: [],
  activeEnvironmentId: '',
  contexts: {},
  owners: {},
  ...parts,
});

describe('merging another view’s save of the variables into this view’s', () => {
  const base = scope({
    environments: [env('dev', 'dev', row('zone', 'par'), row('rack', 'r1'))],
    activeEnvironmentId: 'dev',
    contexts: { p1: { organisationId: 'orga_1' } },
    owners: { p1: { organisationId: 'self' } },
  });

  it('keeps an environment added here when the other view remembered an organisation (the lost-save case)', () => {
    const ours = scope({ ...base, environments: [...base.environments, env('prod', 'prod', row('zone', 'mtl'))] });
    const theirs = scope({
      ...base,
      contexts: { p1: { organisationId: 'orga_2' } },
      owners: { p1: { organisationId: 'orga_2' } },
    });
    expect(mergeScopes(base, ours, theirs)).toEqual({
      environments: [base.environments[0], env('prod', 'prod', row('zone', 'mtl'))],
      activeEnvironmentId: 'dev',
      contexts: { p1: { organisationId: 'orga_2' } },
      owners: { p1: { organisationId: 'orga_2' } },
    });
  });

  it('takes their changes whole where this view changed nothing', () => {
    const theirs = scope({
      environments: [env('qa', 'qa', row('zone', 'rbx'))],
      activeEnvironmentId: 'qa',
      contexts: {},
      owners: {},
    });
    expect(mergeScopes(base, base, theirs)).toEqual(theirs);
  });

  it('merges one environment variable by variable when both views edited it, this view winning a conflict', () => {
    const ours = scope({
      ...base,
      environments: [env('dev', 'development', row('zone', 'par2'), row('rack', 'r1'), row('mine', '1'))],
    });
    const theirs = scope({
      ...base,
      environments: [env('dev', 'dev', row('zone', 'par3'), row('theirs', '2'))],
    });
    // rack: removed there, unchanged here → removed; zone: changed on both → ours; both additions kept.
    expect(mergeScopes(base, ours, theirs).environments).toEqual([
      env('dev', 'development', row('zone', 'par2'), row('mine', '1'), row('theirs', '2')),
    ]);
  });

  it('keeps an environment removed on one side and edited on the other, and drops one removed and untouched', () => {
    const withTwo = scope({ ...base, environments: [...base.environments, env('qa', 'qa', row('a', '1'))] });
    const ours = scope({ ...withTwo, environments: [env('dev', 'dev', row('zone', 'par'), row('rack', 'r2'))] });
    const theirs = scope({ ...withTwo, environments: [withTwo.environments[1] as Environment] });
    const merged = mergeScopes(withTwo, ours, theirs);
    // dev: removed there, edited here → kept; qa: removed here, untouched there → gone.
    expect(merged.environments).toEqual([env('dev', 'dev', row('zone', 'par'), row('rack', 'r2'))]);
    expect(merged.activeEnvironmentId).toBe('dev');
  });

  it('clears the active environment when the merged scope no longer has it', () => {
    const theirs = scope({ ...base, environments: [], activeEnvironmentId: '' });
    const ours = scope({ ...base, activeEnvironmentId: 'dev' });
    expect(mergeScopes(base, ours, theirs)).toMatchObject({ environments: [], activeEnvironmentId: '' });
  });

  it('merges contexts name by name, a value removed on one side removed, and drops owners without a context', () => {
    const ours = scope({
      ...base,
      contexts: { p1: { organisationId: 'orga_1', applicationId: 'app_1' } },
    });
    const theirs = scope({ ...base, contexts: { p2: { organisationId: 'orga_9' } }, owners: {} });
    expect(mergeScopes(base, ours, theirs)).toMatchObject({
      // p1's organisation removed there (unchanged here), its application added here.
      contexts: { p2: { organisationId: 'orga_9' }, p1: { applicationId: 'app_1' } },
      owners: {},
    });
  });

  it('keeps each context value with the owner it was chosen under, from the same side', () => {
    // Here an application of the user's own was picked (owner unchanged: self); there one of orga_2.
    const was = scope({ contexts: { p1: { applicationId: 'app_0' } }, owners: { p1: { applicationId: 'self' } } });
    const ours = scope({ contexts: { p1: { applicationId: 'app_self' } }, owners: { p1: { applicationId: 'self' } } });
    const theirs = scope({
      contexts: { p1: { applicationId: 'app_orga' } },
      owners: { p1: { applicationId: 'orga_2' } },
    });
    expect(mergeScopes(was, ours, theirs)).toMatchObject({
      contexts: { p1: { applicationId: 'app_self' } },
      owners: { p1: { applicationId: 'self' } },
    });
    // The same the other way round: their value, their owner (none recorded there).
    const noOwner = scope({ contexts: { p1: { applicationId: 'app_x' } }, owners: { p1: {} } });
    expect(mergeScopes(was, was, noOwner)).toMatchObject({
      contexts: { p1: { applicationId: 'app_x' } },
      owners: { p1: {} },
    });
    const ownerOnly = scope({ contexts: was.contexts, owners: { p1: { applicationId: 'orga_3' } } });
    const valueOnly = scope({ contexts: { p1: { applicationId: 'app_y' } }, owners: was.owners });
    expect(mergeScopes(was, valueOnly, ownerOnly)).toMatchObject({
      contexts: { p1: { applicationId: 'app_y' } },
      owners: { p1: { applicationId: 'self' } },
    });
  });

  it('keeps a second row of the same name added on the other side (a disabled alternative), and a row being named', () => {
    const was = scope({ environments: [env('dev', 'dev', row('host', 'a.example'))] });
    const ours = scope({ environments: [env('dev', 'dev', row('host', 'a.example'), row('zone', 'par'))] });
    const theirs = scope({
      environments: [env('dev', 'dev', row('host', 'a.example'), row('host', 'b.example', false), row('', 'typed'))],
    });
    expect(mergeScopes(was, ours, theirs).environments).toEqual([
      env(
        'dev',
        'dev',
        row('host', 'a.example'),
        row('zone', 'par'),
        row('host', 'b.example', false),
        row('', 'typed'),
      ),
    ]);
    // And the other way round: the other view removed the duplicate, which this view had not touched.
    const withZone = scope({
      environments: [env('dev', 'dev', row('host', 'a.example'), row('host', 'b.example', false), row('zone', 'par'))],
    });
    expect(mergeScopes(theirs, withZone, was).environments).toEqual([
      env('dev', 'dev', row('host', 'a.example'), row('zone', 'par')),
    ]);
  });

  it('puts this view’s own secret values back where the merge kept the stored mask', () => {
    const own = scope({ environments: [env('dev', 'dev', row('apiToken', 'tok_live_1'), row('zone', 'par'))] });
    const merged = scope({
      environments: [env('dev', 'dev', row('apiToken', REDACTED), row('zone', 'mtl'), row('password', REDACTED))],
    });
    expect(withOwnSecrets(merged, own).environments).toEqual([
      env('dev', 'dev', row('apiToken', 'tok_live_1'), row('zone', 'mtl'), row('password', REDACTED)),
    ]);
  });

  it('puts secrets back in a number of steps that grows with the rows, not with their square (a large environment)', () => {
    const size = 2000;
    let reads = 0;
    const counted = <T extends object>(list: T[]) =>
      new Proxy(list, {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
          return Reflect.get(target, key, receiver);
        },
      });
    const names = Array.from({ length: size }, (_, at) => `auth${at}`);
    const own = scope({ environments: [env('dev', 'dev', ...names.map((name) => row(name, `Bearer ${name}`)))] });
    own.environments[0] = {
      ...(own.environments[0] as Environment),
      variables: counted(own.environments[0]?.variables ?? []),
    };
    const merged = scope({ environments: [env('dev', 'dev', ...names.map((name) => row(name, REDACTED)))] });
    const back = withOwnSecrets(merged, own);
    expect(back.environments[0]?.variables.map((item) => item.value)).toEqual(names.map((name) => `Bearer ${name}`));
    expect(reads).toBeLessThan(size * 4);
  });

  it('merges a context of many names with their owners in work that grows with the names, not their square', () => {
    const size = 2000;
    const names = Array.from({ length: size }, (_, at) => `app${at}Id`);
    const was = scope({
      contexts: { p1: Object.fromEntries(names.map((name) => [name, 'app_1'])) },
      owners: { p1: Object.fromEntries(names.map((name) => [name, 'self'])) },
    });
    const theirs = scope({ ...was, contexts: { p1: { ...was.contexts.p1, app0Id: 'app_2' } } });
    copied = 0;
    const merged = mergeScopes(was, was, theirs);
    expect(merged.contexts.p1?.app0Id).toBe('app_2');
    expect(Object.keys(merged.owners?.p1 ?? {})).toHaveLength(size);
    expect(copied).toBeLessThan(size * 20);
  });
});

describe('sameData', () => {
  it('compares plain data by content, objects whatever their keys’ order, arrays in order', () => {
    expect(sameData({ a: 1, b: [1, { c: '' }] }, { b: [1, { c: '' }], a: 1 })).toBe(true);
    expect(sameData([1, 2], [2, 1])).toBe(false);
    expect(sameData({ a: undefined }, {})).toBe(false);
    expect(sameData(null, {})).toBe(false);
    expect(sameData([], {})).toBe(false);
  });
});

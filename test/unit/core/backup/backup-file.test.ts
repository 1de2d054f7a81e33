import { describe, expect, it } from 'vitest';
import { buildBackup, parseBackup } from '../../../../src/core/backup/backup-file.ts';
import { planImport, restoreEnvironments, withContexts } from '../../../../src/core/backup/backup-merge.ts';
import type { ProfileView } from '../../../../src/core/protocol.ts';
import { newRunState, type RunState } from '../../../../src/core/sftp/provision-plan.ts';
import { REDACTED } from '../../../../src/core/workbench/redact-secrets.ts';
import { createDraft } from '../../../../src/core/workbench/request-draft.ts';
import type { SavedRequest } from '../../../../src/core/workbench/saved-requests.ts';
import { EMPTY_SCOPE, type VariableScope } from '../../../../src/core/workbench/variable-scope.ts';

const profile: ProfileView = {
  id: 'p-work',
  name: 'Work',
  preset: 'custom',
  apiBaseUrl: 'https://api.example.com',
  bridgeUrl: 'https://bridge.example.com',
  consumerKey: 'ck-work',
  hasConsumerSecret: true,
  signatureMethod: 'HMAC-SHA512',
  tokenEndpoint: 'form',
};

const saved = (id: string, name: string, folder: string, path: string): SavedRequest => ({
  id,
  name,
  folder,
  order: 0,
  updatedAt: 1,
  draft: createDraft({
    method: 'GET',
    path,
    headers: [{ name: 'Authorization', value: 'Bearer tok-SECRET', enabled: true }],
  }),
});

const scope: VariableScope = {
  environments: [
    {
      id: 'env-1',
      name: 'dev',
      variables: [
        { name: 'appId', value: 'app_1', enabled: true },
        { name: 'apiKey', value: 'key-SECRET', enabled: true },
      ],
    },
  ],
  activeEnvironmentId: 'env-1',
  contexts: { 'p-work': { organisationId: 'orga_1' } },
};

function kitRun(): RunState {
  const run = newRunState('run-1', {
    ownerId: 'orga_1',
    ownerName: 'Acme',
    zone: 'par',
    appName: 'sftp-acme',
    runtime: { type: 'linux', version: '1', variantId: 'v', flavor: 'XS' },
    postgresql: { providerId: 'postgresql-addon', planId: 'plan_1', planName: 'DEV' },
    storage: { providerId: 'cellar-addon', planId: 'plan_2', planName: 'S' },
    adminUsername: 'admin',
    bucket: 'sftp-acme',
    sftpUsername: 'alice',
  });
  run.steps.app = { status: 'done', note: 'created' };
  run.facts = { appId: 'app_1', domain: 'evil.example', fingerprint: 'SHA256:abc', gitUrl: 'https://git.example' };
  run.addresses = { storageEndpoint: 'http://127.0.0.1:1', serverUrl: 'http://127.0.0.1:2' };
  run.created = [{ kind: 'application', id: 'app_1', name: 'sftp-acme' }];
  return run;
}

const contents = () => ({
  profiles: [profile],
  requests: [saved('r1', 'List apps', 'Apps', '/v2/self/applications')],
  scope,
  kitRuns: [kitRun()],
});

describe('buildBackup', () => {
  it('holds profiles without secrets, requests and environments masked, contexts and the portable kit run', () => {
    const text = buildBackup(contents(), '0.2.0', new Date('2026-01-01T00:00:00Z'));
    expect(text).not.toContain('SECRET');
    expect(text).not.toContain('hasConsumerSecret');
    const file = JSON.parse(text);
    expect(file).toMatchObject({ format: 'keyhole-backup', version: 1, app: '0.2.0', contexts: scope.contexts });
    expect(file.profiles[0]).toEqual({ ...profile, hasConsumerSecret: undefined, consoleUrl: undefined });
    expect(file.collection.requests[0]).toMatchObject({
      name: 'List apps',
      folder: 'Apps',
      path: '/v2/self/applications',
    });
    // What the platform told this machine stays home; the steps reached are looked up again.
    expect(file.kitRuns[0]).toMatchObject({
      facts: {},
      created: [],
      steps: { app: { status: 'pending', attempted: true } },
    });
    expect(file.kitRuns[0].addresses).toBeUndefined();
  });

  it('reads back what it wrote', () => {
    const parsed = parseBackup(buildBackup(contents(), '0.2.0'));
    expect(parsed.skipped).toEqual([]);
    expect(parsed.profiles).toEqual([
      expect.objectContaining({
        id: 'p-work',
        name: 'Work',
        apiBaseUrl: 'https://api.example.com',
        consumerKey: 'ck-work',
      }),
    ]);
    expect(parsed.requests.map((item) => [item.folder, item.name, item.draft.path])).toEqual([
      ['Apps', 'List apps', '/v2/self/applications'],
    ]);
    expect(parsed.environments[0]?.variables.map((row) => row.name)).toEqual(['appId', 'apiKey']);
    expect(parsed.kitRuns[0]?.choices.appName).toBe('sftp-acme');
  });
});

describe('parseBackup (hostile input)', () => {
  const base = () => JSON.parse(buildBackup(contents(), '0.2.0'));

  it('refuses what is not a backup, or a newer format, with a specific message', () => {
    expect(() => parseBackup('not json')).toThrow('not JSON');
    expect(() => parseBackup('{"format":"keyhole-collection"}')).toThrow('not a Keyhole backup');
    expect(() => parseBackup(JSON.stringify({ ...base(), version: 2 }))).toThrow('newer Keyhole');
    expect(() => parseBackup(' '.repeat(21 * 1024 * 1024))).toThrow('too large');
  });

  it('leaves out, and says, a profile whose address is not allowed or whose fields are not strings', () => {
    const file = base();
    file.profiles.push({ ...file.profiles[0], name: 'Plain', apiBaseUrl: 'http://api.example.com' });
    file.profiles.push({ ...file.profiles[0], name: { toString: 1 } });
    file.profiles.push('nope');
    const parsed = parseBackup(JSON.stringify(file));
    expect(parsed.profiles.map((item) => item.name)).toEqual(['Work']);
    expect(parsed.skipped).toHaveLength(3);
    expect(parsed.skipped[0]).toMatch(/^Profile “Plain”: /);
  });

  it('a kit run from a file never points the kit at a host: addresses and facts are dropped, names checked', () => {
    const file = base();
    file.kitRuns = [
      { ...kitRun() },
      { ...kitRun(), choices: { ...kitRun().choices, appName: 'x; rm -rf /' } },
      { version: 2 },
    ];
    const parsed = parseBackup(JSON.stringify(file));
    expect(parsed.kitRuns).toHaveLength(1);
    expect(parsed.kitRuns[0]).toMatchObject({ facts: {}, created: [] });
    expect(parsed.kitRuns[0]?.addresses).toBeUndefined();
    expect(parsed.skipped).toEqual([
      'SFTP kit run 2: its “appName” is not a plain name.',
      'SFTP kit run 3: not a kit run this version reads.',
    ]);
  });

  it('keeps only id-like context names with string values', () => {
    const file = base();
    file.contexts = { 'p-work': { organisationId: 'orga_1', free: 'text', appId: 5 }, other: 'x' };
    expect(parseBackup(JSON.stringify(file)).contexts).toEqual({ 'p-work': { organisationId: 'orga_1' } });
    const hostile = parseBackup(
      JSON.stringify(file).replace(
        '"contexts":{',
        '"contexts":{"__proto__":{"appId":"x"},"constructor":{"appId":"y"},',
      ),
    );
    expect(Object.getPrototypeOf(hostile.contexts)).toBe(Object.prototype);
    expect(withContexts(EMPTY_SCOPE, hostile.contexts, {}).contexts).toEqual({});
  });

  it('leaves out a context value stored masked (a credential typed as an id), exported or imported', () => {
    const masked = { organisationId: 'orga_1', appId: REDACTED };
    const built = JSON.parse(
      buildBackup(
        { ...contents(), scope: { ...scope, contexts: { 'p-work': masked, 'p-gone': { appId: REDACTED } } } },
        '0.2.0',
      ),
    );
    expect(built.contexts).toEqual({ 'p-work': { organisationId: 'orga_1' } });
    // A file from a build that exported them: the mask is no value, imported it would fill paths with it.
    const file = base();
    file.contexts = { 'p-work': masked };
    expect(parseBackup(JSON.stringify(file)).contexts).toEqual({ 'p-work': { organisationId: 'orga_1' } });
    // Nor one this machine would store masked (a credential as an id: scopeForStorage masks it when saved).
    file.contexts = { 'p-work': { organisationId: 'orga_1', appId: 'Bearer abcd1234efgh' } };
    expect(parseBackup(JSON.stringify(file)).contexts).toEqual({ 'p-work': { organisationId: 'orga_1' } });
  });
});

describe('planImport', () => {
  const ids = () => {
    let n = 0;
    return () => `new-${++n}`;
  };
  const backup = () => parseBackup(buildBackup(contents(), '0.2.0'));

  it('on an empty machine adds everything and says the secrets are to be typed again', () => {
    const plan = planImport(backup(), { profiles: [], requests: [], scope: EMPTY_SCOPE, kitRun: null }, ids(), 5);
    expect(plan.profiles.map((item) => [item.from, item.input.name, 'consumerSecret' in item.input])).toEqual([
      ['p-work', 'Work', false],
    ]);
    expect(plan.requests).toEqual([
      expect.objectContaining({ id: 'new-1', name: 'List apps', folder: 'Apps', order: 0 }),
    ]);
    expect(plan.scope.environments.map((item) => item.name)).toEqual(['dev']);
    expect(plan.kitRun?.id).toBe('run-1');
    expect(plan.notices[0]).toContain('type each consumer secret again');
  });

  it('never overwrites: what is here stays, a different record of the same name comes in beside it', () => {
    const mine = saved('mine', 'List apps', 'Apps', '/v2/self/applications');
    const current = {
      profiles: [profile, { ...profile, id: 'p-2', name: 'Work (imported)', consumerKey: 'other' }],
      requests: [mine],
      scope: {
        ...scope,
        environments: [{ id: 'env-9', name: 'dev', variables: [{ name: 'appId', value: 'mine', enabled: true }] }],
      },
      kitRun: { ...kitRun(), id: 'run-here' },
    };
    const file = backup();
    file.profiles.push({ ...file.profiles[0]!, id: 'p-other', consumerKey: 'ck-other' });
    file.requests.push({ ...file.requests[0]!, draft: { ...file.requests[0]!.draft, path: '/v2/self' } });
    const plan = planImport(file, current, ids());
    expect(plan.profilesHere).toEqual({ 'p-work': 'p-work' });
    expect(plan.profiles.map((item) => item.input.name)).toEqual(['Work (imported 2)']);
    expect(plan.requests.map((item) => [item.name, item.order])).toEqual([['List apps (imported)', 1]]);
    // The user's "dev" is untouched; the backup's differing "dev" comes in beside it (never merged silently).
    expect(plan.scope.environments[0]).toEqual({
      id: 'env-9',
      name: 'dev',
      variables: [{ name: 'appId', value: 'mine', enabled: true }],
    });
    expect(plan.scope.environments[1]?.name).toBe('dev (imported)');
    expect(plan.scope.environments[1]?.variables).toContainEqual({
      name: 'apiKey',
      value: expect.not.stringContaining('SECRET'),
      enabled: true,
    });
    expect(plan.kitRun).toBeUndefined();
    expect(plan.notices).toContain(
      'The SFTP kit run is not imported: one is under way here; finish or forget it first.',
    );
  });

  it('contexts follow the profiles to their ids here and never replace a value', () => {
    const joined = withContexts(
      { ...EMPTY_SCOPE, contexts: { here: { organisationId: 'mine' } } },
      { 'p-work': { organisationId: 'theirs', applicationId: 'app_1' }, unknown: { appId: 'x' } },
      { 'p-work': 'here' },
    );
    expect(joined.contexts).toEqual({ here: { organisationId: 'mine', applicationId: 'app_1' } });
  });
});

describe('a hostile backup against what is here', () => {
  const ids = () => {
    let n = 0;
    return () => `new-${++n}`;
  };
  const backup = () => parseBackup(buildBackup(contents(), '0.2.0'));
  const here = (contexts: VariableScope['contexts']) => ({
    profiles: [profile],
    requests: [],
    scope: { ...scope, contexts },
    kitRun: null,
  });

  it('names each value it adds to the context of a profile already here', () => {
    // The file matches the user's profile (addresses and consumer key are not secret) and brings an organisation id.
    const file = backup();
    file.contexts = { 'p-work': { organisationId: 'orga_attacker', addonId: 'addon_1' } };
    const plan = planImport(file, here({ 'p-work': { addonId: 'addon_mine' } }), ids());
    expect(plan.profilesHere).toEqual({ 'p-work': 'p-work' });
    expect(plan.notices).toContain(
      'Context of “Work”: organisationId = orga_attacker added (values already set stay).',
    );
  });

  it('says nothing about a context it leaves as it is', () => {
    const file = backup();
    file.contexts = { 'p-work': { organisationId: 'orga_1' } };
    expect(planImport(file, here({ 'p-work': { organisationId: 'orga_1' } }), ids()).notices.join('\n')).not.toContain(
      'Context of',
    );
  });

  it.each(['dev ', 'Dev', ' DEV', 'ｄｅｖ', 'de\u200Bv', 'dev\u00A0'])(
    'an environment named %j like the user’s “dev” comes in marked (imported)',
    (name) => {
      const file = backup();
      file.environments = [{ name, variables: [{ name: 'organisationId', value: 'orga_attacker', enabled: true }] }];
      const plan = planImport(file, here({}), ids());
      expect(plan.scope.environments.map((item) => item.name)).toEqual(['dev', `${name.trim()} (imported)`]);
      expect(plan.scope.environments[0]).toEqual(scope.environments[0]);
      expect(plan.scope.activeEnvironmentId).toBe('env-1');
      expect(plan.notices.join('\n')).toContain('is named like your “dev”');
    },
  );
});

describe('a backup with thousands of environments', () => {
  // Counted in reads of the existing environments' names, not time: each backup environment used to search the
  // whole list (and copy it), so 8,000 took a minute on the options page.
  it('reads each existing environment a bounded number of times', () => {
    let reads = 0;
    const existing = Array.from({ length: 500 }, (_, at) => ({
      id: `u${at}`,
      get name() {
        reads += 1;
        return `mine ${at}`;
      },
      variables: [],
    }));
    const file = Array.from({ length: 1000 }, (_, at) => ({
      name: at % 2 ? `mine ${at % 500}` : `new ${at}`,
      variables: [{ name: 'zone', value: 'mtl', enabled: true }],
    }));
    let next = 0;
    const result = restoreEnvironments({ ...EMPTY_SCOPE, environments: existing }, file, () => `new-${++next}`);
    expect(reads).toBeLessThan(existing.length * 10);
    expect(result.scope.environments).toHaveLength(500 + 500 + 500);
    expect(result.notices.filter((line) => line.includes('differs from yours'))).toHaveLength(500);
    expect(result.notices[1]).toBe(
      'Environment “mine 1” differs from yours: it comes in beside it as “mine 1 (imported)”; yours is unchanged.',
    );
  });
});

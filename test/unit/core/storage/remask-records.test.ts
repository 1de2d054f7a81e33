import { describe, expect, it } from 'vitest';
import { MASK } from '../../../../src/core/http/hide-reusable.ts';
import { MIGRATION_STEPS } from '../../../../src/core/storage/migration-steps.ts';
import { RECORD_KINDS, type RecordKind } from '../../../../src/core/storage/record-kinds.ts';
import {
  remaskHistoryBody,
  remaskHistoryEntry,
  remaskName,
  remaskSavedRequest,
  remaskStoredDraft,
  remaskTabResponse,
  remaskTabResponseSpill,
  remaskTabSet,
  remaskVariables,
} from '../../../../src/core/storage/remask-records.ts';
import { type MigrationStore, runMigrations } from '../../../../src/core/storage/run-migrations.ts';
import { describeStorageChanges, type StorageStatus } from '../../../../src/core/storage/storage-status.ts';
import { REDACTED } from '../../../../src/core/workbench/redact-secrets.ts';
import { historyEntry010 } from './history-entry-010.ts';

/**
 * Records as release 0.1.0 wrote them (its draftForStorage, tab storage, sanitizeRequest, Save and variable storage,
 * read from `git show v0.1.0:…`), holding what that release kept in clear and this build masks. The update e2e
 * (update-keeps-data) fills the real release through its UI; these pin each kind's rule and its edges.
 */
const SECRETS = ['seg-s3cr3t', 'query-s3cr3t', 'param-s3cr3t', 'header-s3cr3t', 'upstream-s3cr3t', 'ctx-s3cr3t'];
const ENCODED_MASK = encodeURIComponent(REDACTED);

/** v0.1.0's stored draft: the path and path parameters as typed, the rows and bodies masked as now. */
function draft010(overrides: Record<string, unknown> = {}) {
  return {
    method: 'GET',
    target: 'api',
    path: '/v2/self;access_token=seg-s3cr3t?db_password=query-s3cr3t&limit=2',
    params: { id: 'Bearer param-s3cr3t', app: 'app_1' },
    query: [{ name: 'limit', value: '2', enabled: true }],
    headers: [{ name: 'Accept', value: 'application/json', enabled: true }],
    bodyMode: 'none',
    json: '',
    form: [],
    text: '',
    textContentType: 'text/plain',
    signatureMethod: '',
    bridgeAuth: '',
    ...overrides,
  };
}

/** v0.1.0's history summary holding what it kept in clear: a segment secret, a query, a user-named and a scheme header. */
function entry010() {
  return historyEntry010(
    {
      path: '/v2/self;access_token=seg-s3cr3t',
      query: [
        ['db_password', 'query-s3cr3t'],
        ['limit', '2'],
      ],
      headers: [
        ['X-Db-Password', 'header-s3cr3t'],
        ['X-Upstream', 'Bearer upstream-s3cr3t'],
        ['Accept', 'application/json'],
      ],
    },
    { url: 'http://127.0.0.1:8080/v2/self;access_token=seg-s3cr3t?limit=2', status: 200, statusText: 'OK' },
  );
}

const holdsNoSecret = (value: unknown) => {
  const text = JSON.stringify(value);
  return SECRETS.filter((secret) => text.includes(secret));
};

describe('masks an earlier release kept in clear, applied to its stored records', () => {
  it('the stored draft: the path typed with a segment parameter and a query, a credential path parameter', () => {
    const stored = draft010();
    const masked = remaskStoredDraft(stored) as ReturnType<typeof draft010>;
    expect(holdsNoSecret(masked)).toEqual([]);
    expect(masked.path).toBe(`/v2/self;access_token=${ENCODED_MASK}?db_password=${ENCODED_MASK}&limit=2`);
    expect(masked.params).toEqual({ id: REDACTED, app: 'app_1' });
    // What the masks do not change stays as stored.
    expect(masked.query).toBe(stored.query);
    expect(masked.headers).toBe(stored.headers);
    expect({ ...masked, path: stored.path, params: stored.params }).toEqual(stored);
  });

  it('a record with nothing to mask is returned itself (the migration writes nothing for it)', () => {
    const clean = draft010({ path: '/v2/self?limit=2', params: { app: 'app_1' } });
    expect(remaskStoredDraft(clean)).toBe(clean);
    const entry = {
      ...entry010(),
      request: { target: 'api', method: 'GET', path: '/v2/self', body: { kind: 'none' } },
    };
    delete (entry as Partial<typeof entry>).url;
    expect(remaskHistoryEntry(remaskHistoryEntry(entry))).toEqual(remaskHistoryEntry(entry));
    const once = remaskHistoryEntry(entry);
    expect(remaskHistoryEntry(once)).toBe(once);
  });

  it('each kind accepts its own output unchanged (a stop before the version is marked runs it again)', () => {
    const records: [(value: unknown) => unknown, unknown][] = [
      [remaskStoredDraft, draft010()],
      [remaskTabSet, { activeId: 't1', tabs: [{ id: 't1', draft: draft010(), name: 'GET /v2/self?password=pw' }] }],
      [remaskHistoryEntry, entry010()],
      [
        (body) => remaskHistoryBody(body, 'b', entry010()),
        { id: 'b', body: { kind: 'text', text: '{"message":"no /v2/self;access_token=seg-s3cr3t"}' } },
      ],
      [
        remaskTabResponse,
        { entry: entry010(), body: { id: 'b', body: { kind: 'text', text: 'X-Db-Password: header-s3cr3t' } } },
      ],
      [remaskTabResponseSpill, { t1: { entry: entry010() } }],
      [remaskSavedRequest, { id: 's', name: 'GET /v2/self;access_token=seg-s3cr3t', folder: '', draft: draft010() }],
      [remaskVariables, { environments: [], contexts: { p1: { token: 'Bearer ctx-s3cr3t' } } }],
    ];
    for (const [remask, record] of records) {
      const once = remask(record);
      expect(once).not.toBe(record);
      expect(remask(once)).toBe(once);
    }
  });

  it("request tabs: each tab's draft as the stored draft, a name made from a path masked, the index untouched", () => {
    const set = {
      activeId: 't2',
      tabs: [
        { id: 't1', draft: draft010({ path: '/v2/summary', params: {} }) },
        { id: 't2', draft: draft010(), savedId: 's1', name: 'GET /self;access_token=seg-s3cr3t' },
      ],
    };
    const masked = remaskTabSet(set) as typeof set;
    expect(holdsNoSecret(masked)).toEqual([]);
    expect(masked.tabs[0]).toBe(set.tabs[0]);
    expect(masked.tabs[1]?.name).toBe(`GET /self;access_token=${ENCODED_MASK}`);
    expect(masked.tabs[1]?.savedId).toBe('s1');
    expect(masked.activeId).toBe('t2');
  });

  it('history: the path, query and URL as sent, a header named as a secret, a value carrying its own scheme', () => {
    const masked = remaskHistoryEntry(entry010()) as ReturnType<typeof entry010>;
    expect(holdsNoSecret(masked)).toEqual([]);
    expect(masked.request.headers).toEqual([
      ['X-Db-Password', REDACTED],
      ['X-Upstream', REDACTED],
      ['Accept', 'application/json'],
    ]);
    expect(masked.request.query).toEqual([
      ['db_password', REDACTED],
      ['limit', '2'],
    ]);
    expect(masked.url).toBe(`http://127.0.0.1:8080/v2/self;access_token=${ENCODED_MASK}?limit=2`);
    expect({ ...masked, request: undefined, url: undefined }).toEqual({
      ...entry010(),
      request: undefined,
      url: undefined,
    });
  });

  it("a tab's kept response and a window's pagehide copy: their summary as history's, the body's echoes masked", () => {
    // The body's secret-named fields were masked when it was stored (the same rule as now): it is not walked again.
    const text = `{"password":"${REDACTED}","message":"bad header-s3cr3t","n":1}`;
    const kept = { entry: entry010(), body: { id: 'b', body: { kind: 'text', text } } };
    const masked = remaskTabResponse(kept) as typeof kept;
    expect(holdsNoSecret(masked)).toEqual([]);
    expect(masked.body.body.text).toBe(`{"password":"${REDACTED}","message":"bad ${MASK}","n":1}`);
    const unrelated = {
      entry: { ...entry010(), request: { target: 'api', method: 'GET', path: '/v2/self' } },
      body: kept.body,
    };
    expect(remaskTabResponse(unrelated)).toEqual({ ...unrelated, entry: remaskHistoryEntry(unrelated.entry) });
    expect((remaskTabResponse(unrelated) as typeof kept).body).toBe(kept.body);
    const spill = remaskTabResponseSpill({ t1: kept, t2: { entry: { id: 'x', startedAt: 2, hasBody: false } } }) as {
      t1: typeof kept;
      t2: unknown;
    };
    expect(holdsNoSecret(spill)).toEqual([]);
    expect(spill.t2).toEqual({ entry: { id: 'x', startedAt: 2, hasBody: false } });
  });

  it('what the server echoed of a secret the request sent: in the body (read with its entry), an error, a header', () => {
    const entry = {
      ...entry010(),
      status: 404,
      responseHeaders: [['location', '/v2/self;access_token=seg-s3cr3t']],
      error: {
        code: 'http-error',
        message: 'No endpoint GET /v2/self;access_token=seg-s3cr3t',
        detail: 'header-s3cr3t',
      },
    };
    const echo = {
      id: entry.id,
      body: { kind: 'text', text: 'Not Found: /v2/self;access_token=seg-s3cr3t (upstream-s3cr3t)' },
    };
    const body = remaskHistoryBody(echo, entry.id, entry) as typeof echo;
    expect(body.body.text).toBe(`Not Found: /v2/self;access_token=${MASK} (${MASK})`);
    // Without its entry (none stored), only the body's own secret-named fields can be masked.
    expect(remaskHistoryBody(echo, entry.id, undefined)).toBe(echo);
    const masked = remaskHistoryEntry(entry) as typeof entry;
    expect(holdsNoSecret(masked)).toEqual([]);
    expect(masked.responseHeaders).toEqual([['location', `/v2/self;access_token=${MASK}`]]);
    expect(masked.error).toEqual({
      code: 'http-error',
      message: `No endpoint GET /v2/self;access_token=${MASK}`,
      detail: MASK,
    });
    const kept = remaskTabResponse({ entry, body: echo }) as { body: typeof echo };
    expect(holdsNoSecret(kept)).toEqual([]);
    expect(kept.body.body.text).toBe(body.body.text);
  });

  it('a saved request: its draft as Save masks it (no credential header), a name made from the path masked', () => {
    const saved = {
      id: 's1',
      name: 'GET /v2/self;access_token=seg-s3cr3t?db_password=query-s3cr3t',
      folder: 'Apps',
      order: 0,
      updatedAt: 5,
      draft: draft010({ headers: [{ name: 'X-Db-Password', value: 'header-s3cr3t', enabled: true }] }),
    };
    const masked = remaskSavedRequest(saved) as typeof saved;
    expect(holdsNoSecret(masked)).toEqual([]);
    expect(masked.name).toBe(`GET /v2/self;access_token=${ENCODED_MASK}?db_password=${ENCODED_MASK}`);
    expect(masked.draft.headers).toEqual([{ name: 'X-Db-Password', value: REDACTED, enabled: true }]);
    expect({ ...masked, name: saved.name, draft: saved.draft }).toEqual(saved);
    // A name the user typed, without a path in it, is theirs.
    expect(remaskName('List apps; then delete')).toBe('List apps; then delete');
  });

  it('variables: a credential typed as a context value or a secret-named row, the marks kept', () => {
    const scope = {
      environments: [
        {
          id: 'e1',
          name: 'dev',
          variables: [
            { name: 'org', value: 'orga_1', enabled: true },
            { name: 'apiKey', value: 'k', enabled: true },
          ],
        },
      ],
      activeEnvironmentId: 'e1',
      contexts: { p1: { organisationId: 'orga_1', note: 'Bearer ctx-s3cr3t' } },
      owners: { p1: { organisationId: 'self' } },
      savedBy: 'view-1',
      basedOn: 'view-0',
    };
    const masked = remaskVariables(scope) as typeof scope;
    expect(holdsNoSecret(masked)).toEqual([]);
    expect(masked.contexts.p1).toEqual({ organisationId: 'orga_1', note: REDACTED });
    expect(masked.environments[0]?.variables[1]?.value).toBe(REDACTED);
    expect({ ...masked, contexts: scope.contexts, environments: scope.environments }).toEqual(scope);
  });

  it('records of another shape are kept as stored (the reader drops what it cannot use), never lost', () => {
    const odd: [(value: unknown) => unknown, unknown][] = [
      [remaskStoredDraft, { method: 'GET' }],
      [remaskStoredDraft, 'text'],
      [remaskTabSet, null],
      [remaskTabSet, { tabs: [null, 3, { id: 'x' }] }],
      [remaskHistoryEntry, { id: 'h', request: { path: '/v2/self', headers: [['only-a-name']] } }],
      [remaskHistoryBody, { id: 'b', body: { kind: 'bytes', base64: 'AAAA' } }],
      [remaskSavedRequest, { id: 's', name: 7, folder: '', draft: { method: 'GET' } }],
      [remaskVariables, { environments: [{ id: 'e', name: 'n', variables: 'none' }], contexts: {} }],
      [remaskTabResponseSpill, null],
    ];
    for (const [remask, record] of odd) expect(remask(record)).toBe(record);
    // A stored body larger than the draft keeps is left whole, not emptied.
    const large = largeBodyDraft();
    expect((remaskStoredDraft(large) as { json: string }).json).toBe(large.json);
  });
});

function largeBodyDraft() {
  return draft010({ path: '/v2/self', params: {}, json: `{"password":"pw","pad":"${'x'.repeat(200_001)}"}` });
}

/** storage.local and IndexedDB in memory, by kind. */
function memoryStore(records: Record<string, Record<string, unknown>>, versions: Record<string, number>) {
  let writes = 0;
  const store: MigrationStore = {
    readVersions: async () => ({ ...versions }),
    async markVersions(marks) {
      writes += 1;
      Object.assign(versions, marks);
    },
    list: async (kind: RecordKind) => Object.entries(records[kind.name] ?? {}),
    async update(kind, key, next) {
      const value = next(records[kind.name]?.[key]);
      if (value === undefined) return;
      writes += 1;
      records[kind.name] = { ...records[kind.name], [key]: structuredClone(value) };
    },
    async remove(kind, key) {
      writes += 1;
      delete records[kind.name]?.[key];
    },
    async setAside() {
      throw new Error('nothing of release 0.1.0 here is unreadable');
    },
  };
  return { store, records, versions, writes: () => writes };
}

describe('the update from a build at version 1 (release 0.1.0 or later)', () => {
  it('masks every kind that held a secret in clear, once; a second run writes nothing', async () => {
    const atOne = Object.fromEntries(RECORD_KINDS.map((kind) => [kind.name, 1]));
    const memory = memoryStore(
      {
        'workbench-settings': {
          'keyhole.devtools.draft': draft010(),
          'keyhole.devtools.layout': { side: 30 },
        },
        tabs: {
          'keyhole.devtools.tabs-index': { 'devtools-7': 5 },
          'keyhole.devtools.tabs.devtools-7': { activeId: 't1', tabs: [{ id: 't1', draft: draft010() }] },
        },
        history: { [entry010().id]: entry010() },
        'history-bodies': {
          [entry010().id]: {
            id: entry010().id,
            body: { kind: 'text', text: 'No endpoint /v2/self;access_token=seg-s3cr3t' },
          },
        },
        'tab-responses': { 'devtools-7/t1': { entry: entry010() } },
        'tab-response-spills': { 'keyhole.devtools.tab-spilled.devtools-7': { t1: { entry: entry010() } } },
        'saved-requests': {
          s1: { id: 's1', name: 'GET /v2/self;access_token=seg-s3cr3t', folder: '', order: 0, draft: draft010() },
        },
        variables: {
          'keyhole.devtools.variables': { environments: [], contexts: { p1: { x: 'Bearer ctx-s3cr3t' } } },
        },
      },
      atOne,
    );
    const report = await runMigrations(memory.store, RECORD_KINDS, MIGRATION_STEPS);
    expect(report.state).toBe('current');
    expect(holdsNoSecret(memory.records)).toEqual([]);
    // What the settings page says the update changed, kind by kind.
    const status = { ...report, setAside: [], at: '2026-11-28T00:00:00.000Z' } as StorageStatus;
    expect(describeStorageChanges(status)).toEqual([
      'Workbench draft, layout and history limits: masked the secrets an earlier release kept in clear (1 record)',
      'Environments and contexts: masked the secrets an earlier release kept in clear (1 record)',
      'Request tabs: masked the secrets an earlier release kept in clear (1 record)',
      'Request tabs’ last responses: masked the secrets an earlier release kept in clear (1 record)',
      'Request tabs’ responses written at reload: masked the secrets an earlier release kept in clear (1 record)',
      'Saved requests: masked the secrets an earlier release kept in clear (1 record)',
      'History response bodies: masked the secrets an earlier release kept in clear (1 record)',
      'History: masked the secrets an earlier release kept in clear (1 record)',
    ]);
    expect(memory.records['workbench-settings']?.['keyhole.devtools.layout']).toEqual({ side: 30 });
    expect(memory.records.tabs?.['keyhole.devtools.tabs-index']).toEqual({ 'devtools-7': 5 });
    expect(memory.versions).toEqual(Object.fromEntries(RECORD_KINDS.map((kind) => [kind.name, kind.version])));
    const masked = structuredClone(memory.records);
    const before = memory.writes();
    expect(await runMigrations(memory.store, RECORD_KINDS, MIGRATION_STEPS)).toEqual({
      state: 'current',
      migrated: [],
    });
    expect(memory.writes()).toBe(before);
    expect(memory.records).toEqual(masked);
  });
});

import { describe, expect, it } from 'vitest';
import { MIGRATION_STEPS, type MigrationStep } from '../../../../src/core/storage/migration-steps.ts';
import { RECORD_KINDS, type RecordKind } from '../../../../src/core/storage/record-kinds.ts';
import { type MigrationStore, runMigrations, type SetAside } from '../../../../src/core/storage/run-migrations.ts';

/** Storage in memory, by kind; `failAfterWrites` makes the store throw like a worker stopped mid-run. */
function memoryStore(records: Record<string, Record<string, unknown>>, versions: Record<string, number> = {}) {
  const aside = new Map<string, { entry: SetAside; value: unknown }>();
  let writes = 0;
  const state = { failAfterWrites: Number.POSITIVE_INFINITY };
  const count = () => {
    if (++writes > state.failAfterWrites) throw new Error('worker stopped');
  };
  const store: MigrationStore = {
    readVersions: async () => structuredClone(versions),
    markVersions: async (marks) => {
      count();
      Object.assign(versions, marks);
    },
    list: async (kind) => Object.entries(structuredClone(records[kind.name] ?? {})),
    update: async (kind, key, next) => {
      count();
      const value = next(structuredClone(records[kind.name]?.[key]));
      if (value !== undefined) records[kind.name] = { ...records[kind.name], [key]: structuredClone(value) };
    },
    remove: async (kind, key) => {
      count();
      delete records[kind.name]?.[key];
    },
    setAside: async (_kind, entry, value) => {
      count();
      aside.set(`${entry.kind}/${entry.version}/${entry.key}`, { entry, value: structuredClone(value) });
    },
  };
  return { store, records, versions, aside, state, resetWrites: () => (writes = 0) };
}

const NOTES: RecordKind = { name: 'notes', where: { area: 'local', prefix: 'note:' }, version: 2 };

/** A real-looking format change: version 2 splits `text` into a title and a body. */
const NOTE_STEPS: readonly MigrationStep[] = [
  {
    to: 1,
    summary: 'adopt',
    migrate: (value) => (typeof value === 'object' && value ? { keep: value } : { setAside: 'not a note' }),
  },
  {
    to: 2,
    summary: 'split text',
    migrate(value) {
      const note = value as { text?: string; title?: string; body?: string };
      if (typeof note.title === 'string') return { keep: value }; // already version 2
      const [title = '', ...rest] = (note.text ?? '').split('\n');
      return { keep: { title, body: rest.join('\n') } };
    },
  },
];

const oldNotes = () => ({
  'note:a': { text: 'Alpha\nfirst' },
  'note:b': { text: 'Beta\nsecond' },
  'note:c': { text: 'Gamma\nthird' },
  'note:d': { text: 'Delta\nfourth' },
});

/** What the version-2 reader of a note accepts: the title and body, whatever the run left. */
function readNote(value: unknown): { title: string; body: string } | undefined {
  const note = value as { title?: unknown; body?: unknown };
  return typeof note.title === 'string' && typeof note.body === 'string'
    ? { title: note.title, body: note.body }
    : undefined;
}

describe('runMigrations', () => {
  it('brings each record to the current version and marks the kind', async () => {
    const memory = memoryStore({ notes: oldNotes() });
    const report = await runMigrations(memory.store, [NOTES], { notes: NOTE_STEPS });
    expect(report).toEqual({
      state: 'current',
      migrated: [{ kind: 'notes', from: 0, to: 2, setAside: 0, changed: [{ summary: 'split text', records: 4 }] }],
    });
    expect(memory.versions).toEqual({ notes: 2 });
    expect(memory.records.notes?.['note:a']).toEqual({ title: 'Alpha', body: 'first' });
  });

  it('is idempotent: a second run changes nothing and reports nothing', async () => {
    const memory = memoryStore({ notes: oldNotes() });
    await runMigrations(memory.store, [NOTES], { notes: NOTE_STEPS });
    const after = structuredClone(memory.records);
    expect(await runMigrations(memory.store, [NOTES], { notes: NOTE_STEPS })).toEqual({
      state: 'current',
      migrated: [],
    });
    expect(memory.records).toEqual(after);
  });

  it('a run that throws halfway leaves every record readable, and the next start finishes it', async () => {
    // Four records to rewrite, then the mark: a stop before each of those five writes.
    for (let stopAt = 0; stopAt < 5; stopAt++) {
      const memory = memoryStore({ notes: oldNotes() }, { notes: 1 });
      memory.state.failAfterWrites = stopAt;
      await expect(runMigrations(memory.store, [NOTES], { notes: NOTE_STEPS })).rejects.toThrow('worker stopped');
      // Stopped: the mark is not moved, nothing is lost; each record is either the old format or the new.
      expect(memory.versions.notes).toBe(1);
      const stopped = Object.values(memory.records.notes ?? {});
      expect(stopped).toHaveLength(4);
      expect(stopped.filter((note) => readNote(note))).toHaveLength(stopAt);
      expect(stopped.every((note) => readNote(note) || typeof (note as { text?: unknown }).text === 'string')).toBe(
        true,
      );
      // The restart: the step runs again over written and unwritten records alike.
      memory.state.failAfterWrites = Number.POSITIVE_INFINITY;
      await runMigrations(memory.store, [NOTES], { notes: NOTE_STEPS });
      expect(memory.versions.notes).toBe(2);
      const read = Object.values(memory.records.notes ?? {}).map(readNote);
      expect(read).toEqual([
        { title: 'Alpha', body: 'first' },
        { title: 'Beta', body: 'second' },
        { title: 'Gamma', body: 'third' },
        { title: 'Delta', body: 'fourth' },
      ]);
    }
  });

  it('a step that throws on one record leaves the kind unmarked and the data as the previous version reads it', async () => {
    const throwing: MigrationStep = {
      to: 2,
      summary: 'breaks on c',
      migrate(value, key) {
        if (key === 'note:c') throw new Error('unexpected shape');
        return NOTE_STEPS[1]!.migrate(value, key);
      },
    };
    const memory = memoryStore({ notes: oldNotes() }, { notes: 1 });
    await expect(runMigrations(memory.store, [NOTES], { notes: [NOTE_STEPS[0]!, throwing] })).rejects.toThrow(
      'unexpected shape',
    );
    expect(memory.versions.notes).toBe(1);
    // A fixed build restarts and finishes.
    await runMigrations(memory.store, [NOTES], { notes: NOTE_STEPS });
    expect(Object.values(memory.records.notes ?? {}).every((note) => readNote(note))).toBe(true);
  });

  it('sets aside what it cannot read, with the reason, before removing it', async () => {
    const memory = memoryStore({ notes: { ...oldNotes(), 'note:x': 'just text' } });
    const report = await runMigrations(memory.store, [NOTES], { notes: NOTE_STEPS }, () => '2026-01-01T00:00:00.000Z');
    expect(report).toMatchObject({ migrated: [{ kind: 'notes', setAside: 1 }] });
    expect([...memory.aside.values()]).toEqual([
      {
        entry: { kind: 'notes', key: 'note:x', version: 0, reason: 'not a note', at: '2026-01-01T00:00:00.000Z' },
        value: 'just text',
      },
    ]);
    expect(memory.records.notes?.['note:x']).toBeUndefined();
  });

  it('a stop between setting aside and removing keeps the record in both places, never in neither', async () => {
    const memory = memoryStore({ notes: { 'note:x': 42 } });
    memory.state.failAfterWrites = 1; // the copy is written, the removal is not
    await expect(runMigrations(memory.store, [NOTES], { notes: NOTE_STEPS })).rejects.toThrow();
    expect(memory.records.notes?.['note:x']).toBe(42);
    expect(memory.aside.size).toBe(1);
    memory.state.failAfterWrites = Number.POSITIVE_INFINITY;
    await runMigrations(memory.store, [NOTES], { notes: NOTE_STEPS });
    expect(memory.records.notes?.['note:x']).toBeUndefined();
    expect(memory.aside.size).toBe(1);
  });

  it('reads a step’s related record with each record (one get each where the store can), as stored before the run', async () => {
    const TAGS: RecordKind = { name: 'tags', where: { area: 'local', prefix: 'tag:' }, version: 1 };
    const tagged: MigrationStep = {
      to: 2,
      summary: 'tagged',
      related: 'tags' as never,
      migrate: (value, _key, tag) => ({ keep: { ...(value as object), tag } }),
    };
    const untag: MigrationStep = { to: 1, summary: 'adopt', migrate: (value) => ({ keep: value }) };
    const memory = memoryStore(
      { notes: { 'note:a': { title: 'A' }, 'note:b': { title: 'B' } }, tags: { 'note:a': 'red' } },
      { notes: 1, tags: 1 },
    );
    const gets: string[] = [];
    const listed: string[] = [];
    const list = memory.store.list;
    const store: MigrationStore = {
      ...memory.store,
      list: (kind) => {
        listed.push(kind.name);
        return list(kind);
      },
      get: async (kind, key) => {
        gets.push(`${kind.name}/${key}`);
        return memory.records[kind.name]?.[key];
      },
    };
    await runMigrations(store, [{ ...NOTES, version: 2 }, TAGS], { notes: [untag, tagged], tags: [untag] });
    expect(memory.records.notes).toEqual({ 'note:a': { title: 'A', tag: 'red' }, 'note:b': { title: 'B' } });
    expect(gets).toEqual(['tags/note:a', 'tags/note:b']);
    expect(listed).toEqual(['notes']);
  });

  it('refuses a newer version, or a kind it does not know, and writes nothing', async () => {
    const memory = memoryStore({ notes: oldNotes() }, { notes: 3, 'future-kind': 1 });
    const before = structuredClone(memory.records);
    expect(await runMigrations(memory.store, [NOTES], { notes: NOTE_STEPS })).toEqual({
      state: 'refused',
      newer: [
        { kind: 'notes', found: 3, known: 2 },
        { kind: 'future-kind', found: 1 },
      ],
    });
    expect(memory.records).toEqual(before);
    expect(memory.versions).toEqual({ notes: 3, 'future-kind': 1 });
  });
});

describe('the real steps', () => {
  const release010 = {
    profiles: {
      profiles: {
        profiles: [{ id: 'p1', name: 'Work', apiBaseUrl: 'https://api.example', preset: 'custom' }],
        activeProfileId: 'p1',
      },
    },
    sessions: { 'session:p1': { state: 'signed-in', user: { id: 'u' } } },
    'clock-offsets': { 'clock:p1': 3, 'clock:p2': 'soon' },
    vault: {
      'vault-lock': { kdf: 'PBKDF2-SHA-256', iterations: 1 },
      'consumer-secret:p1': { iv: new Uint8Array(12), ciphertext: new ArrayBuffer(8) },
      'access-token:p1': 'plain text?',
    },
    'saved-requests': {
      'req-1': { id: 'req-1', name: 'List apps', folder: 'Apps', order: 0, draft: { method: 'GET' }, updatedAt: 1 },
      'req-2': { id: 'req-2', name: 'No draft', folder: '' },
    },
    'sftp-kit-runs': { current: { version: 1, id: 'run', steps: [] } },
    tabs: { 'keyhole.devtools.tabs.devtools-1': { tabs: [], activeId: '' }, 'keyhole.devtools.tabs.old': null },
  };

  it('every kind has a step to its version, and release 0.1.0 records pass unchanged except the unreadable', async () => {
    for (const kind of RECORD_KINDS) expect(MIGRATION_STEPS[kind.name].map((step) => step.to)).toContain(kind.version);
    const memory = memoryStore(structuredClone(release010));
    const report = await runMigrations(memory.store, RECORD_KINDS, MIGRATION_STEPS);
    expect(report.state).toBe('current');
    expect(Object.keys(memory.versions).sort()).toEqual(RECORD_KINDS.map((kind) => kind.name).sort());
    expect([...memory.aside.values()].map(({ entry }) => [entry.kind, entry.key, entry.reason])).toEqual([
      ['clock-offsets', 'clock:p2', 'expected a number of seconds'],
      ['vault', 'access-token:p1', 'expected a sealed secret, found a string'],
      ['saved-requests', 'req-2', 'a saved request without its request'],
    ]);
    expect(memory.records.profiles).toEqual(release010.profiles);
    expect(memory.records['saved-requests']?.['req-1']).toEqual(release010['saved-requests']['req-1']);
    expect(memory.records.tabs).toEqual(release010.tabs);
    // And again: nothing more to do.
    expect(await runMigrations(memory.store, RECORD_KINDS, MIGRATION_STEPS)).toEqual({
      state: 'current',
      migrated: [],
    });
  });

  it('a fresh install (nothing stored) marks every kind in one write', async () => {
    const memory = memoryStore({});
    memory.state.failAfterWrites = 1;
    await runMigrations(memory.store, RECORD_KINDS, MIGRATION_STEPS);
    expect(memory.versions).toEqual(Object.fromEntries(RECORD_KINDS.map((kind) => [kind.name, kind.version])));
  });

  it('sets aside a kit run of a format this build cannot resume, instead of starting over without it', () => {
    const [step] = MIGRATION_STEPS['sftp-kit-runs'];
    expect(step?.migrate({ version: 7, id: 'run' }, 'current')).toEqual({
      setAside: 'a kit run of format 7, which this build cannot read',
    });
  });
});

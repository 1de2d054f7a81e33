import { beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../../../../src/core/platform/catalog.ts';
import { ID_KINDS } from '../../../../src/core/platform/id-kinds.ts';
import { loadCatalog } from '../../../../src/core/platform/load-catalog.ts';
import {
  kindOfPlaceholder,
  listSourceFor,
  readPickerOptions,
  SUMMARY_KINDS,
} from '../../../../src/core/platform/pickers.ts';
import { recogniseIdKind } from '../../../../src/core/platform/recognise-id-kind.ts';
import { listPlaceholders } from '../../../../src/core/workbench/path-template.ts';

let catalog: Catalog;
beforeAll(async () => {
  catalog = await loadCatalog();
});

/** Kinds no list endpoint names, so the picker says "type it". */
const WITHOUT_LIST = new Set(['plan', 'feature', 'user', 'mfa-kind']);

describe('recognising kinds of id', () => {
  it('reads the segment before a placeholder and the path around it', () => {
    expect(recogniseIdKind('id', 'organisations', '/v2/organisations/{id}')?.id).toBe('organisation');
    expect(recogniseIdKind('appId', 'logs', '/v2/logs/{appId}')?.id).toBe('application');
    expect(recogniseIdKind('bid', 'billings', '/v2/organisations/{id}/payments/billings/{bid}')?.id).toBe('invoice');
    expect(
      recogniseIdKind('memberId', 'members', '/v4/networkgroups/organisations/{o}/networkgroups/{n}/members/{memberId}')
        ?.id,
    ).toBe('network-group-member');
    expect(recogniseIdKind('memberId', 'members', '/v2/organisations/{id}/members/{memberId}')?.id).toBe('member');
    expect(recogniseIdKind('key', 'password_forgotten', '/v2/password_forgotten/{key}')).toBeUndefined();
  });

  it('maps numbered duplicates back to their kind', () => {
    expect(kindOfPlaceholder('addonId')).toBe('addon');
    expect(kindOfPlaceholder('applicationId2')).toBe('application');
    expect(kindOfPlaceholder('dependencyId')).toBeUndefined();
  });
});

describe('where pickers find values', () => {
  it('has a list, the summary, or an honest "type it" for every kind the catalog uses', () => {
    const used = new Set<string>();
    for (const entry of catalog.entries)
      for (const param of entry.endpoint.params) if (param.kind) used.add(param.kind);
    for (const kind of used) {
      const path = catalog.entries.find((entry) =>
        entry.endpoint.params.some((param) => param.kind === kind),
      )!.pathTemplate;
      const hasList = listSourceFor(kind, path) !== undefined || SUMMARY_KINDS.has(kind);
      expect(hasList || WITHOUT_LIST.has(kind), kind).toBe(true);
    }
    expect(ID_KINDS.length).toBeGreaterThanOrEqual(25);
  });

  it('only lists through endpoints the catalog describes, with placeholders the pickers can fill', () => {
    const known = new Set(catalog.entries.map((entry) => `${entry.method} ${entry.target} ${entry.pathTemplate}`));
    for (const kind of ID_KINDS) {
      for (const path of ['/v2/self/x', '/v2/organisations/{organisationId}/addons/{addonId}/x', '/v4/x']) {
        const source = listSourceFor(kind.id, path);
        if (!source) continue;
        expect(known.has(`GET ${source.target} ${source.path}`), `${kind.id}: GET ${source.path}`).toBe(true);
        for (const name of listPlaceholders(source.path)) expect(kindOfPlaceholder(name), name).toBeDefined();
      }
    }
  });

  it('picks the personal or the organisation’s list from the endpoint’s path', () => {
    expect(listSourceFor('consumer', '/v2/self/consumers/{consumerKey}')?.path).toBe('/v2/self/consumers');
    expect(listSourceFor('consumer', '/v2/organisations/{organisationId}/consumers/{consumerKey}')?.path).toBe(
      '/v2/organisations/{organisationId}/consumers',
    );
    expect(listSourceFor('api-token', '/api-tokens/{apiTokenId}')).toMatchObject({
      target: 'bridge',
      path: '/api-tokens',
    });
    expect(listSourceFor('plan', '/v2/x/{planId}')).toBeUndefined();
  });
});

describe('reading list bodies', () => {
  it('takes values and labels from nested fields, skipping unreadable and repeated items', () => {
    const source = listSourceFor('member', '/v2/organisations/{organisationId}/members/{memberId}')!;
    const body = [
      { member: { id: 'user_1', name: 'Ada', email: 'ada@example.com' }, role: 'ADMIN' },
      { member: { id: 'user_1', name: 'Ada again' }, role: 'ADMIN' },
      { member: {}, role: 'DEVELOPER' },
      'junk',
    ];
    expect(readPickerOptions(source, body)).toEqual([{ value: 'user_1', label: 'Ada · ada@example.com · ADMIN' }]);
  });

  it('reads plain strings, wrapped lists, and falls back to the value as label', () => {
    expect(readPickerOptions({ value: [''], label: [] }, ['a', 'b'])).toEqual([
      { value: 'a', label: 'a' },
      { value: 'b', label: 'b' },
    ]);
    expect(readPickerOptions({ value: ['id'], label: ['name'] }, { items: [{ id: 7, name: 'x' }] })).toEqual([
      { value: '7', label: 'x' },
    ]);
    expect(readPickerOptions({ value: ['id'], label: [] }, { nothing: true })).toEqual([]);
  });

  it('never shows an environment variable’s value, only its name', () => {
    const source = listSourceFor(
      'env-var',
      '/v2/organisations/{organisationId}/applications/{applicationId}/env/{envName}',
    )!;
    const options = readPickerOptions(source, [{ name: 'DATABASE_URL', value: 'postgres://secret@db' }]);
    expect(options).toEqual([{ value: 'DATABASE_URL', label: 'DATABASE_URL' }]);
  });
});

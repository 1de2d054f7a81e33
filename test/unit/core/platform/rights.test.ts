import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../../../src/core/platform/load-catalog.ts';
import {
  buildRightRows,
  endpointsWithoutRight,
  endpointsWithUnknownRight,
  findConsumerOwner,
  parseConsumerRights,
  parseRightsBody,
  RIGHT_MEANINGS,
  SPEC_RIGHTS,
} from '../../../../src/core/platform/rights.ts';
import { RIGHT_DESCRIPTIONS } from '../../../platform/defaults.ts';

describe('the spec rights', () => {
  it('are the eleven of the spec, each with a one-line meaning', () => {
    expect(SPEC_RIGHTS).toHaveLength(11);
    expect(new Set(SPEC_RIGHTS).size).toBe(11);
    for (const right of SPEC_RIGHTS) {
      expect(RIGHT_MEANINGS[right].length).toBeGreaterThan(10);
      expect(RIGHT_MEANINGS[right]).not.toContain('\n');
    }
  });
});

describe('parseRightsBody', () => {
  it('reads an object of name → description (the sandbox shape)', () => {
    expect(parseRightsBody({ access_organisations: 'See orgs', manage_ssh_keys: 'SSH' })).toEqual([
      { name: 'access_organisations', description: 'See orgs' },
      { name: 'manage_ssh_keys', description: 'SSH' },
    ]);
  });

  it('reads the sandbox body into exactly the spec rights', () => {
    const parsed = parseRightsBody(RIGHT_DESCRIPTIONS);
    expect(parsed?.map((right) => right.name)).toEqual([...SPEC_RIGHTS]);
    expect(parsed?.every((right) => typeof right.description === 'string')).toBe(true);
  });

  it('reads an object of name → boolean or number, with no description', () => {
    expect(parseRightsBody({ almighty: false, access_organisations: true, manage_ssh_keys: 4 })).toEqual([
      { name: 'almighty' },
      { name: 'access_organisations' },
      { name: 'manage_ssh_keys' },
    ]);
  });

  it('reads an object of name → {description}', () => {
    expect(parseRightsBody({ manage_ssh_keys: { description: 'Keys', id: 3 } })).toEqual([
      { name: 'manage_ssh_keys', description: 'Keys' },
    ]);
  });

  it('reads an array of names, skipping blanks, non-strings and duplicates', () => {
    expect(parseRightsBody(['access_organisations', '', 7, null, 'access_organisations', ' manage_ssh_keys '])).toEqual(
      [{ name: 'access_organisations' }, { name: 'manage_ssh_keys' }],
    );
  });

  it('reads an array of {name, description}', () => {
    expect(
      parseRightsBody([
        { name: 'access_organisations', description: 'Orgs' },
        { name: 'manage_ssh_keys' },
        { description: 'nameless' },
      ]),
    ).toEqual([{ name: 'access_organisations', description: 'Orgs' }, { name: 'manage_ssh_keys' }]);
  });

  it('unwraps {rights: [...]}', () => {
    expect(parseRightsBody({ rights: ['manage_ssh_keys'] })).toEqual([{ name: 'manage_ssh_keys' }]);
  });

  it('returns undefined for bodies with none of the shapes', () => {
    expect(parseRightsBody('access_organisations')).toBeUndefined();
    expect(parseRightsBody(null)).toBeUndefined();
    expect(parseRightsBody(42)).toBeUndefined();
  });
});

describe('parseConsumerRights', () => {
  it('keeps boolean rights, almighty included', () => {
    expect(
      parseConsumerRights({
        key: 'k',
        rights: { almighty: false, access_organisations: true, manage_ssh_keys: 'yes' },
      }),
    ).toEqual({ almighty: false, access_organisations: true });
  });

  it('is undefined when there is no rights object', () => {
    expect(parseConsumerRights({ key: 'k' })).toBeUndefined();
    expect(parseConsumerRights({ rights: ['a'] })).toBeUndefined();
    expect(parseConsumerRights({ rights: {} })).toBeUndefined();
    expect(parseConsumerRights([])).toBeUndefined();
  });
});

describe('buildRightRows', () => {
  it('lists the eleven spec rights in order even when nothing could be read', () => {
    const rows = buildRightRows({});
    expect(rows.map((row) => row.name)).toEqual([...SPEC_RIGHTS]);
    expect(rows.every((row) => row.consumer === 'unknown' && row.listedByPlatform === undefined)).toBe(true);
    expect(rows[0]!.meaning).toBe(RIGHT_MEANINGS.access_organisations);
  });

  it('marks what the platform listed and what the consumer asks for, and adds unknown rights at the end', () => {
    const rows = buildRightRows({
      reported: [
        { name: 'access_organisations', description: 'See your organisations' },
        { name: 'zz_new_right', description: 'Something new' },
      ],
      consumerRights: { almighty: false, access_organisations: true, manage_ssh_keys: false },
    });
    const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
    expect(rows.map((row) => row.name).slice(11)).toEqual(['almighty', 'zz_new_right']);
    expect(byName.access_organisations).toMatchObject({
      listedByPlatform: true,
      consumer: 'requested',
      platformDescription: 'See your organisations',
      inSpec: true,
    });
    expect(byName.manage_ssh_keys).toMatchObject({ listedByPlatform: false, consumer: 'not-requested' });
    expect(byName.access_organisations_bills!.consumer).toBe('not-requested');
    expect(byName.zz_new_right).toMatchObject({ meaning: 'Something new', inSpec: false, listedByPlatform: true });
    expect(byName.zz_new_right!.platformDescription).toBeUndefined();
    expect(byName.almighty).toMatchObject({ consumer: 'not-requested', listedByPlatform: false });
    expect(byName.almighty!.meaning).toContain('Read-only');
  });

  it('attaches the catalog endpoints needing each right', async () => {
    const ENDPOINT_CATALOG = (await loadCatalog()).entries;
    const rows = buildRightRows({ endpoints: ENDPOINT_CATALOG });
    const bills = rows.find((row) => row.name === 'access_organisations_bills')!;
    expect(bills.endpoints.map((endpoint) => endpoint.pathTemplate)).toContain(
      '/v4/billing/organisations/{organisationId}/invoices',
    );
    for (const row of rows) for (const endpoint of row.endpoints) expect(endpoint.right).toBe(row.name);
    const counted = rows.reduce((sum, row) => sum + row.endpoints.length, 0);
    const unknown = endpointsWithUnknownRight(ENDPOINT_CATALOG).length;
    expect(counted + endpointsWithoutRight(ENDPOINT_CATALOG).length + unknown).toBe(ENDPOINT_CATALOG.length);
    expect(endpointsWithoutRight(ENDPOINT_CATALOG).map((endpoint) => endpoint.id)).toContain('zones');
    expect(
      endpointsWithoutRight(ENDPOINT_CATALOG).every((endpoint) => endpoint.rightSource === 'keyhole-curated'),
    ).toBe(true);
  });
});

describe('findConsumerOwner', () => {
  const summary = {
    user: { id: 'user_1', consumers: [{ key: 'mine', name: 'Mine' }] },
    organisations: [
      { id: 'orga_a', consumers: [] },
      { id: 'orga_b', consumers: [{ key: 'team', name: 'Team' }] },
      { consumers: [{ key: 'orphan' }] },
    ],
  };
  it('finds the personal space or the organisation listing the consumer', () => {
    expect(findConsumerOwner(summary, 'mine')).toBe('self');
    expect(findConsumerOwner(summary, 'team')).toEqual({ organisationId: 'orga_b' });
  });
  it('is undefined when nobody lists it, or the owner has no id', () => {
    expect(findConsumerOwner(summary, 'other')).toBeUndefined();
    expect(findConsumerOwner(summary, 'orphan')).toBeUndefined();
    expect(findConsumerOwner(null, 'mine')).toBeUndefined();
  });
});

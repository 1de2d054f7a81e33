import { describe, expect, it } from 'vitest';
import description from '../../../../src/core/platform/description.json' with { type: 'json' };
import type { DescribedEndpoint, PlatformDescription } from '../../../../src/core/platform/description-types.ts';
import { checkAgainstSchema, firstDifferences, responseSchemaFor } from '../../../../src/core/platform/schema-check.ts';

const schemas: Record<string, unknown> = {
  Owner: {
    type: 'object',
    required: ['id', 'name'],
    properties: { id: { type: 'string' }, name: { type: 'string' }, kind: { type: 'string', enum: ['USER', 'ORGA'] } },
  },
  Closed: { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false },
  App: {
    type: 'object',
    required: ['owner'],
    properties: {
      owner: { $ref: '#/components/schemas/Owner' },
      tags: { type: 'array', items: { type: 'string' } },
      size: { type: 'integer', format: 'int32' },
      note: { type: 'string', nullable: true },
      parent: { $ref: 'Owner', nullable: true },
      level: { type: 'string', enum: ['LOW', 'HIGH'], nullable: true },
    },
  },
  // Named as in the platform's description, so the date override of schema-overrides.ts applies.
  Application: { type: 'object', properties: { creationDate: { type: 'string', format: 'date' } } },
  Addon: { type: 'object', properties: { creationDate: { type: 'string', format: 'date' } } },
};

const APP = { $ref: 'App' };
const kinds = (value: unknown, schema: unknown = APP) =>
  checkAgainstSchema(value, schema, schemas).map((difference) => [difference.pointer, difference.kind]);

describe('checkAgainstSchema', () => {
  it('finds nothing in values that match, through both ref forms', () => {
    expect(
      checkAgainstSchema({ owner: { id: 'orga_1', name: 'Acme', kind: 'ORGA' }, tags: ['a'] }, APP, schemas),
    ).toEqual([]);
    expect(checkAgainstSchema({ id: 'x', name: 'y' }, { $ref: '#/components/schemas/Owner' }, schemas)).toEqual([]);
    expect(checkAgainstSchema([{ id: 'x', name: 'y' }], { type: 'array', items: { $ref: 'Owner' } }, schemas)).toEqual(
      [],
    );
  });

  it('names a missing required field where it should be, inside a referenced schema', () => {
    expect(checkAgainstSchema({ owner: { id: 'orga_1' } }, APP, schemas)).toEqual([
      {
        pointer: '/owner/name',
        kind: 'missing-required',
        message: 'Required field "name" is missing',
        expected: 'name',
      },
    ]);
    expect(kinds({})).toEqual([['/owner', 'missing-required']]);
  });

  it('reports a wrong type with what was expected and what came', () => {
    const [difference] = checkAgainstSchema({ owner: { id: 'a', name: 'b' }, tags: ['ok', 3] }, APP, schemas);
    expect(difference).toEqual({
      pointer: '/tags/1',
      kind: 'wrong-type',
      message: 'Expected string, got integer 3',
      expected: 'string',
      actual: 'integer',
    });
    expect(kinds('text', { type: 'object' })).toEqual([['', 'wrong-type']]);
  });

  it('reports an enum value the schema does not list', () => {
    const [difference] = checkAgainstSchema({ id: 'a', name: 'b', kind: 'TEAM' }, { $ref: 'Owner' }, schemas);
    expect(difference).toMatchObject({ pointer: '/kind', kind: 'unknown-enum', actual: '"TEAM"' });
    expect(difference?.message).toBe('"TEAM" is not one of "USER", "ORGA"');
  });

  it('reports fields a closed schema does not allow, and only there', () => {
    expect(checkAgainstSchema({ a: 1, b: 2, 'c/d': 3 }, { $ref: 'Closed' }, schemas)).toEqual([
      expect.objectContaining({ pointer: '/b', kind: 'unexpected-field', message: expect.stringContaining('"b"') }),
      expect.objectContaining({
        pointer: '/c~1d',
        kind: 'unexpected-field',
        message: expect.stringContaining('"c/d"'),
      }),
    ]);
    // Open schemas (the platform's all are) accept extra fields.
    expect(kinds({ id: 'a', name: 'b', extra: true }, { $ref: 'Owner' })).toEqual([]);
  });

  it('admits null where OpenAPI 3 says nullable, and still checks the rest', () => {
    const owner = { id: 'a', name: 'b' };
    expect(kinds({ owner, note: null, parent: null, level: null })).toEqual([]);
    expect(kinds({ owner, parent: { id: 'a' } })).toEqual([['/parent/name', 'missing-required']]);
    expect(kinds({ owner, level: 'MID' })).toEqual([['/level', 'unknown-enum']]);
    expect(kinds({ owner: null })).toEqual([['/owner', 'wrong-type']]);
  });

  it('checks integer formats as ranges', () => {
    const [difference] = checkAgainstSchema({ owner: { id: 'a', name: 'b' }, size: 1.7e12 }, APP, schemas);
    expect(difference).toMatchObject({ pointer: '/size', kind: 'format', expected: 'int32' });
    expect(kinds({ owner: { id: 'a', name: 'b' }, size: 2 ** 31 - 1 })).toEqual([]);
  });

  it('reads dates in the forms the official tools read, field by field (overrides applied)', () => {
    const application = { type: 'array', items: { $ref: 'Application' } };
    // Application.creationDate: epoch ms or ISO 8601; clever-tools' new Date() cannot read a `[UTC]` suffix.
    expect(kinds([{ creationDate: 1_700_000_000_000 }, { creationDate: '2024-03-01T09:00:00Z' }], application)).toEqual(
      [],
    );
    const differences = checkAgainstSchema(
      [{ creationDate: '2024-03-01T09:00Z[UTC]' }, { creationDate: 1_700_000_000 }, { creationDate: true }],
      application,
      schemas,
    );
    expect(differences.map((difference) => [difference.pointer, difference.kind])).toEqual([
      ['/0/creationDate', 'format'],
      ['/1/creationDate', 'format'],
      ['/2/creationDate', 'wrong-type'],
    ]);
    expect(differences[0]?.message).toBe(
      '"2024-03-01T09:00Z[UTC]" is not a date as epoch milliseconds (a number) or an ISO 8601 date-time',
    );
    // Addon.creationDate goes through the client's normalizeDate, which strips the suffix.
    expect(kinds({ creationDate: '2024-03-01T09:00Z[UTC]' }, { $ref: 'Addon' })).toEqual([]);
    expect(kinds({ creationDate: '2024-02-30T09:00Z' }, { $ref: 'Addon' })).toEqual([['/creationDate', 'format']]);
    // Without an override, a `format: date` string is a calendar date.
    expect(kinds('2024-03-01T09:00Z', { type: 'string', format: 'date' })).toEqual([['', 'format']]);
  });

  it('reads property names as names: a field called default, example or $ref is checked like any other', () => {
    const schema = {
      type: 'object',
      required: ['default', '$ref'],
      properties: { default: { type: 'string' }, example: { type: 'integer' }, $ref: { type: 'string' } },
    };
    expect(kinds({ default: 'x', $ref: 'y', example: 1 }, schema)).toEqual([]);
    expect(kinds({ default: 1, example: 'x' }, schema)).toEqual([
      ['/$ref', 'missing-required'],
      ['/default', 'wrong-type'],
      ['/example', 'wrong-type'],
    ]);
  });

  it('checks nothing against no schema, and the same schema twice gives the same answer', () => {
    expect(checkAgainstSchema({ anything: 1 }, undefined, schemas)).toEqual([]);
    const first = kinds({ owner: 1 });
    expect(kinds({ owner: 1 })).toEqual(first);
  });

  it('validates against the committed description: refs to its schemas resolve', () => {
    const platform = description as unknown as PlatformDescription;
    const tokens = platform.endpoints.find((item) => item.id === 'self-tokens') as DescribedEndpoint;
    const schema = responseSchemaFor(tokens, 200)?.schema;
    const token = {
      token: 'x',
      creationDate: 1_700_000_000_000,
      lastUtilisation: '2024-01-01T00:00:00Z',
      consumer: {},
      rights: { almighty: false, access_organisations: true },
    };
    const differences = checkAgainstSchema([{ ...token, rights: [{ name: 'r' }] }], schema, platform.schemas);
    const pointers = differences.map((difference) => difference.pointer);
    // Token.rights is overridden to ConsumerRights (booleans by right), a ref inside a ref.
    expect(differences.find((difference) => difference.pointer === '/0/rights')?.kind).toBe('wrong-type');
    expect(checkAgainstSchema([{ ...token, rights: { almighty: 'no' } }], schema, platform.schemas)).toContainEqual(
      expect.objectContaining({ pointer: '/0/rights/almighty', kind: 'wrong-type' }),
    );
    // Consumer is a ref too: its required fields are checked as well.
    expect(pointers).toContain('/0/consumer/name');
    expect(pointers.filter((pointer) => pointer.startsWith('/0/creationDate'))).toEqual([]);
  });
});

describe('firstDifferences (hostile bodies)', () => {
  it('counts a body differing in each of a million items without wording each: the first kept, the total exact', () => {
    // Kept in full, a failure per item cost 650 MB and 15 s at a million items (3 GB at five million).
    const body = new Array(1_000_000).fill(0);
    const { differences, total } = firstDifferences(body, { type: 'array', items: { $ref: 'Owner' } }, schemas, 200);
    expect(total).toBe(1_000_000);
    expect(differences).toHaveLength(200);
    expect(differences[199]).toMatchObject({ pointer: '/199', kind: 'wrong-type', actual: 'integer' });
  });

  it('reads 1e400 (Infinity once parsed) as an integer too large, quoted as Infinity, not null of the wrong type', () => {
    const body = JSON.parse('{"size": 1e400, "tags": [-1e400]}');
    const schema = { $ref: 'App' };
    const local = { ...schemas, App: { ...(schemas.App as object), required: [] } };
    const found = checkAgainstSchema(body, schema, local);
    expect(found).toEqual(checkAgainstSchema(body, schema, local, 'interpreter'));
    expect(found.map((difference) => difference.message)).toEqual([
      'Expected string, got number -Infinity',
      'Infinity does not fit the format int32',
    ]);
    // Nullable, the type is a list, where the validator alone says wrong type: an integer all the same.
    const nullable = { type: ['integer', 'null'], format: 'int32', minimum: 0 };
    expect(checkAgainstSchema(Number.POSITIVE_INFINITY, nullable, {}).map((difference) => difference.kind)).toEqual([]);
  });

  it('counts as the full list does, each difference once, past the kept ones too', () => {
    const body = [{ id: 1 }, { name: 2, kind: 'TEAM' }, 'x', { id: 'a', name: 'b' }];
    const schema = { type: 'array', items: { $ref: 'Owner' } };
    const all = checkAgainstSchema(body, schema, schemas);
    for (const keep of [0, 1, 3, 100]) {
      const { differences, total } = firstDifferences(body, schema, schemas, keep);
      expect(total).toBe(all.length);
      expect(differences).toEqual(all.slice(0, keep));
    }
  });
});

describe('responseSchemaFor', () => {
  const endpoint = {
    responses: {
      '200': { contentType: 'application/json', schema: { type: 'object' } },
      '4XX': { contentType: 'text/plain', schema: { type: 'string' } },
      default: { contentType: 'application/json', schema: { $ref: 'Error' } },
    },
  };

  it('picks the exact status, then its class, then the default', () => {
    expect(responseSchemaFor(endpoint, 200)).toEqual({
      status: '200',
      contentType: 'application/json',
      schema: { type: 'object' },
    });
    expect(responseSchemaFor(endpoint, 404)?.status).toBe('4XX');
    expect(responseSchemaFor(endpoint, 500)?.status).toBe('default');
    expect(responseSchemaFor({ responses: { '2xx': { contentType: 'a/b' } } }, 204)?.status).toBe('2xx');
    expect(responseSchemaFor({}, 200)).toBeUndefined();
    expect(responseSchemaFor({ responses: { '200': { contentType: 'a/b' } } }, 201)).toBeUndefined();
  });
});

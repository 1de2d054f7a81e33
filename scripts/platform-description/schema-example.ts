/**
 * A body to start from, built from a JSON schema: the schema's own `example`, `default` or first `enum` value
 * where it gives one, else an empty value of the right type. Required fields first; nesting is cut at a few
 * levels so a recursive schema cannot run away.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const MAX_DEPTH = 3;

export function exampleFromSchema(schema: unknown, schemas: Record<string, unknown>, depth = 0): unknown {
  if (!isObject(schema)) return null;
  if (typeof schema.$ref === 'string') {
    if (depth >= MAX_DEPTH) return {};
    return exampleFromSchema(schemas[schema.$ref], schemas, depth + 1);
  }
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const type = schema.type ?? (isObject(schema.properties) ? 'object' : undefined);
  switch (type) {
    case 'object': {
      if (depth >= MAX_DEPTH || !isObject(schema.properties)) return {};
      const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
      const names = Object.keys(schema.properties).sort(
        (a, b) => Number(required.has(b)) - Number(required.has(a)) || a.localeCompare(b),
      );
      const out: Json = {};
      for (const name of names) out[name] = exampleFromSchema(schema.properties[name], schemas, depth + 1);
      return out;
    }
    case 'array':
      return depth >= MAX_DEPTH ? [] : [exampleFromSchema(schema.items, schemas, depth + 1)];
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'string':
      return '';
    default:
      return null;
  }
}

/** A skeleton body from dotted field names (`recipient.url`), values left empty. */
export function exampleFromFields(fields: readonly string[]): Json {
  const out: Json = {};
  for (const field of fields) {
    const parts = field.split('.');
    let at = out;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        if (!(part in at)) at[part] = '';
        return;
      }
      if (!isObject(at[part])) at[part] = {};
      at = at[part] as Json;
    });
  }
  return out;
}

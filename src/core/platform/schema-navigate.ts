/**
 * Reading the description's schemas the way an editor and a docs page need them: follow `$ref`s, find the schema
 * of a place in a body (for completion and hover), list an object's fields with their docs, say a type in words.
 * Validation is not here (schema-check.ts); this only reads what the schema documents.
 */

export type Schema = Record<string, unknown>;
export type Schemas = Readonly<Record<string, unknown>>;
/** A place in a JSON value: object keys and array indexes, from the root. */
export type JsonPath = readonly (string | number)[];

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The name a `$ref` points at: the description writes `Name`, OpenAPI `#/components/schemas/Name`. */
export function refTarget(ref: string): string {
  return ref.replace(/^#\/components\/schemas\//, '');
}

/** The schema itself, `$ref`s followed (a cycle or a dangling ref ends as `{}`: anything). */
export function resolveSchema(schema: unknown, schemas: Schemas, seen: ReadonlySet<string> = new Set()): Schema {
  if (!isObject(schema)) return {};
  if (typeof schema.$ref !== 'string') return schema;
  const name = refTarget(schema.$ref);
  if (seen.has(name)) return {};
  const { $ref: _ref, ...rest } = schema;
  const target = resolveSchema(schemas[name], schemas, new Set([...seen, name]));
  // Siblings of a $ref (a description) stay: they say what this use of the shared schema means.
  return { ...target, ...rest };
}

/** The branches a value may match (allOf, oneOf, anyOf), each resolved, with the schema itself first. */
function branches(schema: Schema, schemas: Schemas): Schema[] {
  const list = [schema];
  for (const key of ['allOf', 'oneOf', 'anyOf'])
    if (Array.isArray(schema[key]))
      for (const item of schema[key] as unknown[]) list.push(resolveSchema(item, schemas));
  return list;
}

export interface FieldDoc {
  name: string;
  schema: Schema;
  required: boolean;
}

/** The fields an object schema declares (across allOf/oneOf/anyOf), required ones first. */
export function fieldsOf(schema: unknown, schemas: Schemas): FieldDoc[] {
  const fields = new Map<string, FieldDoc>();
  for (const branch of branches(resolveSchema(schema, schemas), schemas)) {
    const required = Array.isArray(branch.required) ? (branch.required as string[]) : [];
    if (!isObject(branch.properties)) continue;
    for (const [name, field] of Object.entries(branch.properties)) {
      const known = fields.get(name);
      fields.set(name, {
        name,
        schema: resolveSchema(field, schemas),
        required: (known?.required ?? false) || required.includes(name),
      });
    }
  }
  return [...fields.values()].sort((a, b) => Number(b.required) - Number(a.required));
}

/** The schema of the value at `path`, or undefined where the schema says nothing about it. */
export function schemaAtPath(schema: unknown, path: JsonPath, schemas: Schemas): Schema | undefined {
  let current: Schema | undefined = resolveSchema(schema, schemas);
  for (const step of path) {
    if (!current) return undefined;
    let next: Schema | undefined;
    for (const branch of branches(current, schemas)) {
      if (typeof step === 'number' && branch.items !== undefined) next = resolveSchema(branch.items, schemas);
      else if (typeof step === 'string') {
        const field = isObject(branch.properties) ? branch.properties[step] : undefined;
        if (field !== undefined) next = resolveSchema(field, schemas);
        else if (isObject(branch.additionalProperties)) next = resolveSchema(branch.additionalProperties, schemas);
      }
      if (next) break;
    }
    current = next;
  }
  return current;
}

/** The values an enum allows, if the schema (or a branch) has one. */
export function enumOf(schema: Schema | undefined, schemas: Schemas): unknown[] | undefined {
  if (!schema) return undefined;
  for (const branch of branches(schema, schemas)) if (Array.isArray(branch.enum)) return branch.enum as unknown[];
  return undefined;
}

/** "array of WannabeEnvVar", "string (date-time)", "one of a, b": the type in a few words. */
export function describeSchemaType(schema: unknown, schemas: Schemas): string {
  if (!isObject(schema)) return 'any';
  if (typeof schema.$ref === 'string') return refTarget(schema.$ref);
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`;
  const type = Array.isArray(schema.type)
    ? schema.type.join(' or ')
    : typeof schema.type === 'string'
      ? schema.type
      : '';
  if (type === 'array') return `array of ${describeSchemaType(schema.items, schemas)}`;
  if (typeof schema.format === 'string') return `${type || 'string'} (${schema.format})`;
  if (type) return type;
  if (isObject(schema.properties)) return 'object';
  for (const key of ['oneOf', 'anyOf', 'allOf'])
    if (Array.isArray(schema[key]))
      return (schema[key] as unknown[])
        .map((item) => describeSchemaType(item, schemas))
        .join(key === 'allOf' ? ' and ' : ' or ');
  return 'any';
}

/** The schema's own words (trimmed), if it has any. */
export function schemaDescription(schema: Schema | undefined): string | undefined {
  const text = typeof schema?.description === 'string' ? schema.description.trim() : '';
  return text || undefined;
}

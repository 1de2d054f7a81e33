import {
  describeSchemaType,
  enumOf,
  fieldsOf,
  resolveSchema,
  type Schema,
  type Schemas,
  schemaDescription,
} from '../core/platform/schema-navigate.ts';
import './SchemaTree.css';

/**
 * A schema of the API description as a readable tree: each field with its type, whether it is required, its allowed
 * values and its docs; objects and arrays of objects open to their fields. Named schemas met again further down are
 * not unfolded twice (schemas may refer to themselves).
 */
const MAX_DEPTH = 8;

function childSchema(schema: Schema, schemas: Schemas): Schema | undefined {
  if (fieldsOf(schema, schemas).length > 0) return schema;
  if (schema.items !== undefined) {
    const items = resolveSchema(schema.items, schemas);
    if (fieldsOf(items, schemas).length > 0) return items;
  }
  if (typeof schema.additionalProperties === 'object' && schema.additionalProperties !== null) {
    const values = resolveSchema(schema.additionalProperties, schemas);
    if (fieldsOf(values, schemas).length > 0) return values;
  }
  return undefined;
}

function refName(schema: unknown): string | undefined {
  const ref = (schema as { $ref?: unknown } | undefined)?.$ref;
  return typeof ref === 'string' ? ref : undefined;
}

function Fields({
  schema,
  schemas,
  depth,
  seen,
}: {
  schema: Schema;
  schemas: Schemas;
  depth: number;
  seen: ReadonlySet<string>;
}) {
  const fields = fieldsOf(schema, schemas);
  return (
    <ul class="kh-schema-fields">
      {fields.map((field) => {
        const raw = (schema.properties as Record<string, unknown> | undefined)?.[field.name];
        const name = refName(raw) ?? refName((raw as { items?: unknown } | undefined)?.items);
        const inner = depth < MAX_DEPTH && !(name && seen.has(name)) ? childSchema(field.schema, schemas) : undefined;
        const allowed = enumOf(field.schema, schemas);
        const head = (
          <>
            <span class="kh-mono kh-schema-name">{field.name}</span>{' '}
            <span class="kh-schema-type">{describeSchemaType(raw ?? field.schema, schemas)}</span>
            {field.required ? <span class="kh-schema-required"> required</span> : null}
            {allowed && !describeSchemaType(raw, schemas).startsWith('one of') ? (
              <span class="kh-muted"> · one of {allowed.map((value) => JSON.stringify(value)).join(', ')}</span>
            ) : null}
            {schemaDescription(field.schema) ? (
              <span class="kh-schema-doc"> — {schemaDescription(field.schema)}</span>
            ) : null}
          </>
        );
        return (
          <li key={field.name}>
            {inner ? (
              <details open={depth < 1}>
                <summary>{head}</summary>
                <Fields
                  schema={inner}
                  schemas={schemas}
                  depth={depth + 1}
                  seen={name ? new Set([...seen, name]) : seen}
                />
              </details>
            ) : (
              <div class="kh-schema-leaf">{head}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function SchemaTree({ schema, schemas, label }: { schema: unknown; schemas: Schemas; label: string }) {
  const resolved = resolveSchema(schema, schemas);
  const inner = childSchema(resolved, schemas);
  const description = schemaDescription(resolved);
  const name = refName(schema);
  return (
    <section class="kh-schema-tree" aria-label={label}>
      <div>
        <span class="kh-schema-type">{describeSchemaType(schema, schemas)}</span>
        {description ? <span class="kh-schema-doc"> — {description}</span> : null}
      </div>
      {inner ? <Fields schema={inner} schemas={schemas} depth={0} seen={new Set(name ? [name] : [])} /> : null}
    </section>
  );
}

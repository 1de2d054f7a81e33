/**
 * Checks a value (a response or request body) against a schema of the platform's description and lists the
 * differences, each at a JSON pointer into the value. Pure and DOM-free: the panel runs it (off the main thread for
 * large bodies), the CLI runner and the sandbox's schema walk run it in Node.
 *
 * The OpenAPI 3.0 dialect is translated first: refs (`#/components/schemas/X` or the description's `{"$ref": "X"}`)
 * point into `$defs`, `nullable: true` admits null, `format: int32/int64` become ranges, and date fields corrected by
 * schema-overrides.ts accept exactly the forms the official client and CLI read. The translated schema is then
 * compiled once into closures (schema-compile.ts: fast, and no `eval`/`new Function`, which MV3 extension pages
 * refuse); a schema using a keyword outside that compiler's subset is checked by `@cfworker/json-schema` instead,
 * which interprets schemas. Both report the same failures, worded by schema-wording.ts.
 */
import { format as formats, type OutputUnit, type Schema, Validator } from '@cfworker/json-schema';
import type { DescribedEndpoint, EndpointResponse } from './description-types.ts';
import { isIso8601DateTime, readPlatformDate } from './platform-date.ts';
import { type CompiledSchema, compileSchema, type DefsCompiler, defsCompiler, type Failure } from './schema-compile.ts';
import { applySchemaOverrides, dateTypes, escapeSegment, unescapeSegment, valueAtPointer } from './schema-overrides.ts';
import { dateForms, differencesOf, INT_RANGES, type SchemaDifference } from './schema-wording.ts';

export type { SchemaDifference } from './schema-wording.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Below this a number is not epoch milliseconds of a platform record (before March 1973); see platform-date.ts. */
const MIN_EPOCH_MS = 1e11;
const ISO_FORMAT = 'keyhole-date-iso';
const ISO_ZONE_FORMAT = 'keyhole-date-iso-zone';

// The validator looks formats up in its exported table: two names of our own, so the library's formats are untouched.
formats[ISO_FORMAT] = (text: string) => isIso8601DateTime(text.trim());
formats[ISO_ZONE_FORMAT] = (text: string) => !/^\d+$/.test(text.trim()) && readPlatformDate(text) !== undefined;

const DEFS_PREFIX = '#/$defs/';
const refName = (ref: string) => ref.replace(/^#\/components\/schemas\//, '');
const defRef = (name: string) => `${DEFS_PREFIX}${encodeURIComponent(escapeSegment(name))}`;

/** Keywords whose value maps names to schemas (a property may be called `default` or `$ref`). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose value is data, not a schema: copied as they are. */
const LITERALS = new Set(['enum', 'const', 'required', 'type', 'format', 'pattern', 'description', 'title']);
/** OpenAPI-only or documentation keywords the validator has no use for. */
const DROPPED = new Set([
  'example',
  'examples',
  'nullable',
  'default',
  'readOnly',
  'writeOnly',
  'xml',
  'discriminator',
]);

/** OpenAPI 3.0 schema → the JSON-schema 2019-09 the validator reads. */
function translate(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(translate);
  if (!isObject(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key)) continue;
    if (key === '$ref' && typeof value === 'string') out.$ref = defRef(refName(value));
    else if (LITERALS.has(key)) out[key] = value;
    else if (SCHEMA_MAPS.has(key) && isObject(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([name, item]) => [name, translate(item)]));
    // A closed object: `false` would be reported by the validator without saying which keyword refused it.
    else if ((key === 'additionalProperties' || key === 'unevaluatedProperties') && value === false)
      out[key] = { not: {} };
    else out[key] = translate(value);
  }
  const forms = dateForms(schema);
  if (forms) {
    out.type = dateTypes(forms);
    delete out.format;
    if (forms.includes('epoch-ms')) out.minimum = MIN_EPOCH_MS;
    if (forms.includes('iso-zone')) out.format = ISO_ZONE_FORMAT;
    else if (forms.includes('iso')) out.format = ISO_FORMAT;
  }
  const range = typeof schema.format === 'string' ? INT_RANGES[schema.format] : undefined;
  if (range && (schema.type === 'integer' || schema.type === 'number')) {
    out.minimum ??= range[0];
    out.maximum ??= range[1];
  }
  if (schema.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (Array.isArray(out.type)) out.type = [...out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    // A nullable ref: null passes, anything else meets the whole schema (precise errors, no anyOf summary).
    if (out.type === undefined) return { if: { type: 'null' }, else: out };
  }
  return out;
}

interface Checker {
  /** The closures of schema-compile.ts; undefined when the schema uses a keyword outside their subset. */
  compiled: CompiledSchema | undefined;
  /** The translated schema, with `$defs`: what the interpreter holds, read back to word its failures. */
  root: Json;
  /** `@cfworker/json-schema` on `root`: made on first use (always for a schema the compiler refuses). */
  interpreter?: Validator;
}

interface Prepared {
  compiler: DefsCompiler;
  checkers: WeakMap<object, Checker>;
}

const preparedBySchemas = new WeakMap<object, Prepared>();

function prepare(schemas: Record<string, unknown>): Prepared {
  let prepared = preparedBySchemas.get(schemas);
  if (!prepared) {
    const defs: Json = {};
    for (const [name, schema] of Object.entries(applySchemaOverrides(schemas))) defs[name] = translate(schema);
    prepared = { compiler: defsCompiler(defs), checkers: new WeakMap() };
    preparedBySchemas.set(schemas, prepared);
  }
  return prepared;
}

/** One checker per schema object and set of schemas (description.json's objects live as long as the page). */
function checkerFor(schema: Json, prepared: Prepared): Checker {
  let checker = prepared.checkers.get(schema);
  if (!checker) {
    const translated = translate(schema) as Json;
    checker = {
      compiled: compileSchema(translated, prepared.compiler),
      root: { ...translated, $defs: prepared.compiler.defs },
    };
    prepared.checkers.set(schema, checker);
  }
  return checker;
}

/** The schema node a keyword location names (`#/properties/a/$ref/items/type` → the node holding `type`). */
function schemaAt(root: Json, keywordLocation: string): Json | undefined {
  const segments = keywordLocation.replace(/^#\/?/, '').split('/').filter(Boolean).slice(0, -1);
  let at: unknown = root;
  for (const raw of segments) {
    const key = unescapeSegment(decodeURIComponent(raw));
    if (!isObject(at) && !Array.isArray(at)) return undefined;
    const container: unknown = at;
    let next = Array.isArray(container) ? container[Number(key)] : (container as Json)[key];
    if (key === '$ref' && typeof next === 'string') {
      const name = unescapeSegment(decodeURIComponent(next.slice(DEFS_PREFIX.length)));
      next = (root.$defs as Json)[name];
    }
    at = next;
  }
  return isObject(at) ? at : undefined;
}

const pointerOf = (instanceLocation: string) => decodeURIComponent(instanceLocation.replace(/^#/, ''));

/** Keywords whose errors only say that something inside failed; the inner errors say what. */
const WRAPPERS = new Set([
  'properties',
  'patternProperties',
  'additionalProperties',
  'unevaluatedProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'unevaluatedItems',
  '$ref',
  '$recursiveRef',
  'allOf',
  'if',
  'then',
  'else',
  'dependentSchemas',
  'propertyNames',
  'contains',
]);
/** Keywords that sum up their branches: their own error stands, the branches' errors are dropped. */
const SUMMARIES = new Set(['anyOf', 'oneOf', 'not']);

/** `@cfworker/json-schema`'s errors as failures: wrappers and the branches under a summary left out. */
function interpretedFailures(value: unknown, checker: Checker): Failure[] {
  checker.interpreter ??= new Validator(checker.root as Schema, '2019-09', false);
  const errors = checker.interpreter.validate(value).errors;
  const summaries = errors.filter((error) => SUMMARIES.has(error.keyword)).map((error) => error.keywordLocation);
  const kept = errors.filter(
    (error: OutputUnit) =>
      !WRAPPERS.has(error.keyword) &&
      // Inside a closed object's `{not: {}}` the summary is the difference; inside anyOf/oneOf, the branches' noise.
      !summaries.some((location) => error.keywordLocation.startsWith(`${location}/`)),
  );
  return kept.map((error) => {
    const pointer = pointerOf(error.instanceLocation);
    return {
      keyword: error.keyword,
      pointer,
      node: schemaAt(checker.root, error.keywordLocation) ?? {},
      actual: valueAtPointer(value, pointer),
      error: error.error,
      closedField: /\/(additionalProperties|unevaluatedProperties)\/not$/.test(error.keywordLocation),
    };
  });
}

/**
 * The differences between `value` and `schema`, whose refs point into `schemas` (the description's, or the OpenAPI
 * components); the justified overrides are applied to `schemas` first. An empty list means the value matches.
 * `interpreter` checks with `@cfworker/json-schema` alone: the reference the compiled closures are compared with.
 */
export function checkAgainstSchema(
  value: unknown,
  schema: unknown,
  schemas: Record<string, unknown>,
  engine: 'compiled-when-possible' | 'interpreter' = 'compiled-when-possible',
): SchemaDifference[] {
  return firstDifferences(value, schema, schemas, Number.POSITIVE_INFINITY, engine).differences;
}

/**
 * The first `keep` differences and how many there are in all: a hostile body differing in each of millions of items
 * is counted without wording (or keeping) a difference for each.
 */
export function firstDifferences(
  value: unknown,
  schema: unknown,
  schemas: Record<string, unknown>,
  keep: number,
  engine: 'compiled-when-possible' | 'interpreter' = 'compiled-when-possible',
): { differences: SchemaDifference[]; total: number } {
  if (!isObject(schema)) return { differences: [], total: 0 };
  const checker = checkerFor(schema, prepare(schemas));
  const compiled = engine === 'interpreter' ? undefined : checker.compiled;
  if (!compiled) {
    const differences = differencesOf(interpretedFailures(value, checker));
    return { differences: differences.slice(0, keep), total: differences.length };
  }
  const found = compiled(value, keep);
  const differences = differencesOf(found.failures);
  return { differences, total: differences.length + found.more };
}

/** Whether this schema is checked by compiled closures (false: it uses a keyword they leave to the interpreter). */
export function isCompiled(schema: unknown, schemas: Record<string, unknown>): boolean {
  return isObject(schema) && checkerFor(schema, prepare(schemas)).compiled !== undefined;
}

/** The documented answer for a status: exact (`404`), then its class (`4XX`), then `default`. */
export function responseSchemaFor(
  endpoint: Pick<DescribedEndpoint, 'responses'>,
  status: number,
): (EndpointResponse & { status: string }) | undefined {
  const responses = endpoint.responses ?? {};
  const exact = String(status);
  const range = `${exact[0]}XX`;
  const key =
    exact in responses
      ? exact
      : (Object.keys(responses).find((candidate) => candidate.toUpperCase() === range) ??
        ('default' in responses ? 'default' : undefined));
  const response = key === undefined ? undefined : responses[key];
  return key === undefined || !response ? undefined : { status: key, ...response };
}

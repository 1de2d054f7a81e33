/**
 * Checks a value (a response or request body) against a schema of the platform's description and lists the
 * differences, each at a JSON pointer into the value. Pure and DOM-free: the panel runs it (off the main thread for
 * large bodies) and the sandbox's schema walk runs it in Node.
 *
 * The validator is `@cfworker/json-schema`, which interprets schemas instead of compiling them to functions: MV3
 * extension pages refuse `eval`/`new Function`, which compiled validators (ajv) need. The OpenAPI 3.0 dialect is
 * translated first: refs (`#/components/schemas/X` or the description's `{"$ref": "X"}`) point into `$defs`,
 * `nullable: true` admits null, `format: int32/int64` become ranges, and date fields corrected by
 * schema-overrides.ts accept exactly the forms the official client and CLI read.
 */
import { format as formats, type OutputUnit, type Schema, Validator } from '@cfworker/json-schema';
import type { DescribedEndpoint, EndpointResponse } from './description-types.ts';
import { isIso8601DateTime, readPlatformDate } from './platform-date.ts';
import {
  applySchemaOverrides,
  DATE_FORMS_KEYWORD,
  type DateForm,
  escapeSegment,
  unescapeSegment,
  valueAtPointer,
} from './schema-overrides.ts';

export interface SchemaDifference {
  /** JSON pointer into the value ('' = the root); for a missing field, where it should be. */
  pointer: string;
  kind: 'missing-required' | 'wrong-type' | 'unknown-enum' | 'unexpected-field' | 'format' | 'other';
  /** Human and specific. */
  message: string;
  expected?: string;
  actual?: string;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Below this a number is not epoch milliseconds of a platform record (before March 1973); see platform-date.ts. */
const MIN_EPOCH_MS = 1e11;
const INT_RANGES: Record<string, [number, number]> = {
  int32: [-(2 ** 31), 2 ** 31 - 1],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};
const ISO_FORMAT = 'keyhole-date-iso';
const ISO_ZONE_FORMAT = 'keyhole-date-iso-zone';

// The validator looks formats up in its exported table: two names of our own, so the library's formats are untouched.
formats[ISO_FORMAT] = (text: string) => isIso8601DateTime(text.trim());
formats[ISO_ZONE_FORMAT] = (text: string) => !/^\d+$/.test(text.trim()) && readPlatformDate(text) !== undefined;

const DEFS_PREFIX = '#/$defs/';
const refName = (ref: string) => ref.replace(/^#\/components\/schemas\//, '');
const defRef = (name: string) => `${DEFS_PREFIX}${encodeURIComponent(escapeSegment(name))}`;

function dateForms(schema: Json): DateForm[] | undefined {
  const forms = schema[DATE_FORMS_KEYWORD];
  return Array.isArray(forms) ? (forms as DateForm[]) : undefined;
}

/** OpenAPI 3.0 schema → the JSON-schema 2019-09 the validator reads. */
function translate(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(translate);
  if (!isObject(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref' && typeof value === 'string') out.$ref = defRef(refName(value));
    else if (key === 'example' || key === 'examples' || key === 'nullable' || key === 'default') continue;
    // A closed object: `false` would be reported by the validator without saying which keyword refused it.
    else if ((key === 'additionalProperties' || key === 'unevaluatedProperties') && value === false)
      out[key] = { not: {} };
    else out[key] = translate(value);
  }
  const forms = dateForms(schema);
  if (forms) {
    out.type = [
      ...(forms.includes('epoch-ms') ? ['integer'] : []),
      ...(forms.some((f) => f !== 'epoch-ms') ? ['string'] : []),
    ];
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
  validator: Validator;
  /** The translated schema the validator holds, with `$defs`: read back to word the differences. */
  root: Json;
}

interface Prepared {
  defs: Json;
  checkers: WeakMap<object, Checker>;
}

const preparedBySchemas = new WeakMap<object, Prepared>();

function prepare(schemas: Record<string, unknown>): Prepared {
  let prepared = preparedBySchemas.get(schemas);
  if (!prepared) {
    const defs: Json = {};
    for (const [name, schema] of Object.entries(applySchemaOverrides(schemas))) defs[name] = translate(schema);
    prepared = { defs, checkers: new WeakMap() };
    preparedBySchemas.set(schemas, prepared);
  }
  return prepared;
}

/** One validator per schema object and set of schemas (description.json's objects live as long as the page). */
function checkerFor(schema: Json, prepared: Prepared): Checker {
  let checker = prepared.checkers.get(schema);
  if (!checker) {
    const root = { ...(translate(schema) as Json), $defs: prepared.defs };
    checker = { validator: new Validator(root as Schema, '2019-09', false), root };
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

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

const FORM_WORDS: Record<DateForm, string> = {
  'epoch-ms': 'epoch milliseconds (a number)',
  iso: 'an ISO 8601 date-time',
  'iso-zone': 'an ISO 8601 date-time, possibly with a [UTC] suffix',
};
const describeForms = (forms: DateForm[]) => `a date as ${forms.map((form) => FORM_WORDS[form]).join(' or ')}`;
const listTypes = (type: unknown) => (Array.isArray(type) ? type.join(' or ') : String(type));

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

function toDifference(error: OutputUnit, value: unknown, root: Json): SchemaDifference {
  const pointer = pointerOf(error.instanceLocation);
  const actualValue = valueAtPointer(value, pointer);
  const node = schemaAt(root, error.keywordLocation);
  const forms = node ? dateForms(node) : undefined;
  switch (error.keyword) {
    case 'required': {
      const field = /"(.*)"/.exec(error.error)?.[1] ?? '';
      return {
        pointer: `${pointer}/${escapeSegment(field)}`,
        kind: 'missing-required',
        message: `Required field "${field}" is missing`,
        expected: field,
      };
    }
    case 'type': {
      const expected = forms ? describeForms(forms) : listTypes(node?.type);
      return {
        pointer,
        kind: 'wrong-type',
        message: `Expected ${expected}, got ${typeName(actualValue)} ${show(actualValue)}`,
        expected,
        actual: typeName(actualValue),
      };
    }
    case 'enum':
    case 'const': {
      const allowed = error.keyword === 'enum' ? (node?.enum as unknown[]) : [node?.const];
      const expected = `one of ${(allowed ?? []).map(show).join(', ')}`;
      return {
        pointer,
        kind: 'unknown-enum',
        message: `${show(actualValue)} is not ${expected}`,
        expected,
        actual: show(actualValue),
      };
    }
    case 'not':
      if (/\/(additionalProperties|unevaluatedProperties)\/not$/.test(error.keywordLocation)) {
        const field = pointer.split('/').pop() ?? '';
        return {
          pointer,
          kind: 'unexpected-field',
          message: `Field "${unescapeSegment(field)}" is not in the schema, which allows no other fields`,
          actual: show(actualValue),
        };
      }
      break;
    case 'format':
    case 'minimum':
    case 'maximum': {
      if (forms)
        return {
          pointer,
          kind: 'format',
          message: `${show(actualValue)} is not ${describeForms(forms)}`,
          expected: describeForms(forms),
          actual: show(actualValue),
        };
      const named = typeof node?.format === 'string' ? node.format : undefined;
      if (named && (error.keyword === 'format' || named in INT_RANGES))
        return {
          pointer,
          kind: 'format',
          message: `${show(actualValue)} does not fit the format ${named}`,
          expected: named,
          actual: show(actualValue),
        };
      break;
    }
  }
  return { pointer, kind: 'other', message: error.error, actual: show(actualValue) };
}

/**
 * The differences between `value` and `schema`, whose refs point into `schemas` (the description's, or the OpenAPI
 * components); the justified overrides are applied to `schemas` first. An empty list means the value matches.
 */
export function checkAgainstSchema(
  value: unknown,
  schema: unknown,
  schemas: Record<string, unknown>,
): SchemaDifference[] {
  if (!isObject(schema)) return [];
  const { validator, root } = checkerFor(schema, prepare(schemas));
  const errors = validator.validate(value).errors;
  const summaries = errors.filter((error) => SUMMARIES.has(error.keyword)).map((error) => error.keywordLocation);
  const differences: SchemaDifference[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    if (WRAPPERS.has(error.keyword)) continue;
    if (summaries.some((location) => error.keywordLocation.startsWith(`${location}/`))) {
      // Inside a closed object's `{not: {}}` the summary is the difference; inside anyOf/oneOf, the branches' noise.
      continue;
    }
    const difference = toDifference(error, value, root);
    const key = `${difference.pointer} ${difference.kind} ${difference.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    differences.push(difference);
  }
  return differences;
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

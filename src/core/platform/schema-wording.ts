/**
 * A validator's failure worded as a difference the user reads: the kind (missing required field, wrong type, value
 * not in the enum, field a closed object refuses, format), what was expected and what came. Shared by both ways
 * schema-check.ts checks a value (closures of schema-compile.ts, or `@cfworker/json-schema`), so both word alike.
 */
import type { Failure } from './schema-compile.ts';
import { DATE_FORMS_KEYWORD, type DateForm, escapeSegment, unescapeSegment } from './schema-overrides.ts';

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

/** The ranges schema-check.ts gives OpenAPI's integer formats (as minimum/maximum). */
export const INT_RANGES: Record<string, [number, number]> = {
  int32: [-(2 ** 31), 2 ** 31 - 1],
  int64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

export function dateForms(schema: Json): DateForm[] | undefined {
  const forms = schema[DATE_FORMS_KEYWORD];
  return Array.isArray(forms) ? (forms as DateForm[]) : undefined;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

const SHOWN = 80;

/** The first `length` UTF-16 units, one fewer when the cut would split a surrogate pair (a lone half is no text). */
function cut(text: string, length: number): string {
  const last = text.charCodeAt(length - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? length - 1 : length);
}

/**
 * The start of a JSON value's text, at least `limit` characters when it has that many: what JSON.stringify would
 * begin with, without writing out a 20 MB body that is the wrong type at its root.
 */
function jsonStart(value: unknown, limit: number): string {
  if (typeof value === 'string') return JSON.stringify(value.length > limit ? cut(value, limit + 1) : value);
  // JSON.stringify writes ±Infinity (what JSON.parse makes of 1e400) as null, which the body did not say.
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? String(value);
  const list = Array.isArray(value);
  const keys = list ? undefined : Object.keys(value);
  const count = keys ? keys.length : (value as unknown[]).length;
  let text = list ? '[' : '{';
  for (let index = 0; index < count && text.length <= limit; index += 1) {
    if (index > 0) text += ',';
    const key = keys?.[index];
    if (key !== undefined) text += `${JSON.stringify(key)}:`;
    const item = key === undefined ? (value as unknown[])[index] : (value as Record<string, unknown>)[key];
    text += jsonStart(item, limit - text.length);
  }
  return text.length > limit ? text : text + (list ? ']' : '}');
}

/** A value as JSON, cut at 80 characters. */
export function show(value: unknown): string {
  const text = jsonStart(value, SHOWN);
  return text.length > SHOWN ? `${cut(text, SHOWN - 3)}…` : text;
}

const FORM_WORDS: Record<DateForm, string> = {
  'epoch-ms': 'epoch milliseconds (a number)',
  iso: 'an ISO 8601 date-time',
  'iso-zone': 'an ISO 8601 date-time, possibly with a [UTC] suffix',
};
const describeForms = (forms: DateForm[]) => `a date as ${forms.map((form) => FORM_WORDS[form]).join(' or ')}`;
const listTypes = (type: unknown) => (Array.isArray(type) ? type.join(' or ') : String(type));

function describeFailure({
  keyword,
  pointer,
  node,
  actual: actualValue,
  error,
  closedField,
}: Failure): SchemaDifference {
  const forms = dateForms(node);
  switch (keyword) {
    case 'required': {
      const field = /"(.*)"/.exec(error)?.[1] ?? '';
      return {
        pointer: `${pointer}/${escapeSegment(field)}`,
        kind: 'missing-required',
        message: `Required field "${field}" is missing`,
        expected: field,
      };
    }
    case 'type': {
      const expected = forms ? describeForms(forms) : listTypes(node.type);
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
      const allowed = keyword === 'enum' ? (node.enum as unknown[]) : [node.const];
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
      if (closedField) {
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
      const named = typeof node.format === 'string' ? node.format : undefined;
      if (named && (keyword === 'format' || named in INT_RANGES))
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
  return { pointer, kind: 'other', message: error, actual: show(actualValue) };
}

/** The failures as differences, in the validator's order, each said once. */
export function differencesOf(failures: readonly Failure[]): SchemaDifference[] {
  const differences: SchemaDifference[] = [];
  const seen = new Set<string>();
  for (const failure of failures) {
    const difference = describeFailure(failure);
    const key = `${difference.pointer} ${difference.kind} ${difference.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    differences.push(difference);
  }
  return differences;
}

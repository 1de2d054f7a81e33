/**
 * A schema compiled once into a tree of plain closures, so checking a 20 MB body costs about as much as walking it.
 * No `eval`/`new Function` (MV3 extension pages refuse both): every check is an ordinary function built from the
 * schema's keywords.
 *
 * It reads the JSON-schema 2019-09 that schema-check.ts translates the description into, and only the keywords that
 * translation and the platform's description use (type, enum, const, required, properties, additionalProperties,
 * items, $ref into $defs, not, if/then/else, minimum, maximum, format: schema-subset.ts). A schema reaching anything else is refused
 * (`compileSchema` answers undefined) and schema-check.ts leaves it to `@cfworker/json-schema`. For what it accepts it
 * reports what that validator reports, in the same order and with the same wording, minus the "a subschema had
 * errors" wrappers schema-check.ts drops anyway: test/unit/core/platform/schema-compile.test.ts compares both on every
 * schema of the description, on valid and on broken bodies.
 */
import { deepCompareStrict, format as formats } from '@cfworker/json-schema';
import { defNameOf, inSubset } from './schema-subset.ts';

type Json = Record<string, unknown>;

/** One thing the value got wrong, as the validator words it (its keyword and message). */
export interface Failure {
  keyword: string;
  /** JSON pointer of the value ('' = the root). */
  pointer: string;
  /** The schema node holding the keyword. */
  node: Json;
  /** The value at `pointer`. */
  actual: unknown;
  /** The validator's own message. */
  error: string;
  /** A `not` that is an `additionalProperties` schema: the field is one a closed object does not allow. */
  closedField?: boolean;
}

/** The path walked so far (keys and indexes), turned into a pointer only when something fails. */
type Path = (string | number)[];
type Check = (value: unknown, path: Path, out: Failures) => void;

/** What a check found: the first failures in full, then only how many more (each said once, as wording does). */
export interface Found {
  failures: Failure[];
  more: number;
}
/** `keep`: how many failures to keep in full (default all); the rest are counted. */
export type CompiledSchema = (value: unknown, keep?: number) => Found;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const hasOwn = (object: object, key: string) => Object.hasOwn(object, key);

const escapeSegment = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const pointerOf = (path: Path) => path.map((segment) => `/${escapeSegment(String(segment))}`).join('');

const samePath = (a: Path, b: Path) => a.length === b.length && a.every((segment, index) => segment === b[index]);

/**
 * Where failures go. A hostile body can differ in each of millions of items: keeping a failure (its pointer, then a
 * worded difference) for each cost 3 GB and over a minute for a 10 MB list of numbers where objects were due. Past
 * `keep`, a failure is only counted, unless it repeats the previous one at the same place (a node repeating a check
 * its ref makes), which differencesOf would say once.
 */
class Failures {
  readonly list: Failure[] = [];
  more = 0;
  private last: { path: Path; mark: string } | undefined;
  constructor(private readonly keep: number) {}

  get any() {
    return this.list.length > 0 || this.more > 0;
  }

  add(path: Path, keyword: string, node: Json, actual: unknown, error: string, closedField?: boolean) {
    if (this.list.length < this.keep) {
      this.list.push({
        keyword,
        pointer: pointerOf(path),
        node,
        actual,
        error,
        ...(closedField ? { closedField } : {}),
      });
      return;
    }
    const last = this.last;
    const mark = `${keyword} ${closedField === true} ${error}`;
    if (last && last.mark === mark && samePath(last.path, path)) return;
    this.last = { path: [...path], mark };
    this.more += 1;
  }
}

/** The validator's name for a JSON value's type. */
function instanceType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** The shared state of one set of `$defs`: each definition compiled once, refs through a holder (cycles allowed). */
export interface DefsCompiler {
  defs: Json;
  compiled: Map<string, { check: Check }>;
}

export const defsCompiler = (defs: Json): DefsCompiler => ({ defs, compiled: new Map() });

const NOTHING: Check = () => {};
const CLOSING_NAMES = new Set(['additionalProperties', 'unevaluatedProperties']);

function typeCheck(node: Json): Check | undefined {
  const type = node.type;
  if (type === undefined) return undefined;
  const fail = (value: unknown, path: Path, out: Failures) => {
    const shown = Array.isArray(type) ? type.join('", "') : String(type);
    out.add(path, 'type', node, value, `Instance type "${instanceType(value)}" is invalid. Expected "${shown}".`);
  };
  const types = new Set(Array.isArray(type) ? (type as string[]) : [type as string]);
  const integer = types.has('integer');
  return (value, path, out) => {
    const actual = instanceType(value);
    if (types.has(actual)) return;
    // ±Infinity is what JSON.parse makes of 1e400: an integer too large for any range (as the validator reads a
    // lone "integer"), not a value of the wrong type.
    if (integer && actual === 'number' && !((value as number) % 1)) return;
    fail(value, path, out);
  };
}

function valueCheck(node: Json, keyword: 'enum' | 'const'): Check | undefined {
  if (node[keyword] === undefined) return undefined;
  const allowed = keyword === 'enum' ? (node.enum as unknown[]) : [node.const];
  const error =
    keyword === 'enum'
      ? `Instance does not match any of ${JSON.stringify(node.enum)}.`
      : `Instance does not match ${JSON.stringify(node.const)}.`;
  return (value, path, out) => {
    const deep = typeof value === 'object' && value !== null;
    if (deep ? allowed.some((item) => deepCompareStrict(value, item)) : allowed.includes(value)) return;
    out.add(path, keyword, node, value, error);
  };
}

/** Whether a value meets a schema, without keeping what it got wrong. */
const meets = (check: Check, value: unknown, path: Path) => {
  const scratch = new Failures(0);
  check(value, path, scratch);
  return !scratch.any;
};

function objectCheck(node: Json, compiler: DefsCompiler): Check | undefined {
  const required = node.required as string[] | undefined;
  const properties = isObject(node.properties)
    ? Object.entries(node.properties).map(
        // The validator tells a closed object's refusal by its location ending in `additionalProperties/not`, which
        // a property of that name also gives: the same reading here.
        ([key, schema]) => [key, compileNode(schema, compiler, CLOSING_NAMES.has(key))] as const,
      )
    : [];
  const known = new Set(properties.map(([key]) => key));
  const additional =
    node.additionalProperties === undefined ? undefined : compileNode(node.additionalProperties, compiler, true);
  if (!required && properties.length === 0 && !additional) return undefined;
  return (value, path, out) => {
    if (!isObject(value)) return;
    if (required)
      for (const key of required)
        if (!hasOwn(value, key))
          out.add(path, 'required', node, value, `Instance does not have required property "${key}".`);
    for (const [key, check] of properties) {
      if (!hasOwn(value, key)) continue;
      path.push(key);
      check(value[key], path, out);
      path.pop();
    }
    if (additional)
      for (const key in value) {
        if (known.has(key)) continue;
        path.push(key);
        additional(value[key], path, out);
        path.pop();
      }
  };
}

function arrayCheck(node: Json, compiler: DefsCompiler): Check | undefined {
  if (node.items === undefined) return undefined;
  const items = compileNode(node.items, compiler, false);
  return (value, path, out) => {
    if (!Array.isArray(value)) return;
    for (let index = 0; index < value.length; index += 1) {
      path.push(index);
      items(value[index], path, out);
      path.pop();
    }
  };
}

function numberCheck(node: Json): Check | undefined {
  const minimum = node.minimum as number | undefined;
  const maximum = node.maximum as number | undefined;
  if (minimum === undefined && maximum === undefined) return undefined;
  return (value, path, out) => {
    if (typeof value !== 'number') return;
    if (minimum !== undefined && value < minimum)
      out.add(path, 'minimum', node, value, `${value} is less than ${minimum}.`);
    if (maximum !== undefined && value > maximum)
      out.add(path, 'maximum', node, value, `${value} is greater than ${maximum}.`);
  };
}

function formatCheck(node: Json): Check | undefined {
  const name = node.format as string | undefined;
  // Looked up as the validator does, in its table (where schema-check.ts registers the date forms).
  const test = name === undefined ? undefined : (formats as Record<string, (text: string) => boolean>)[name];
  if (!test) return undefined;
  const error = `String does not match format "${name}".`;
  return (value, path, out) => {
    if (typeof value === 'string' && !test(value)) out.add(path, 'format', node, value, error);
  };
}

function notCheck(node: Json, compiler: DefsCompiler, closedField: boolean): Check | undefined {
  if (node.not === undefined) return undefined;
  const inner = compileNode(node.not, compiler, false);
  return (value, path, out) => {
    if (!meets(inner, value, path)) return;
    out.add(path, 'not', node, value, 'Instance matched "not" schema.', closedField);
  };
}

function conditionCheck(node: Json, compiler: DefsCompiler): Check | undefined {
  if (node.if === undefined || (node.then === undefined && node.else === undefined)) return undefined;
  const condition = compileNode(node.if, compiler, false);
  const then = node.then === undefined ? NOTHING : compileNode(node.then, compiler, false);
  const otherwise = node.else === undefined ? NOTHING : compileNode(node.else, compiler, false);
  return (value, path, out) => (meets(condition, value, path) ? then : otherwise)(value, path, out);
}

function refCheck(node: Json, compiler: DefsCompiler): Check | undefined {
  if (node.$ref === undefined) return undefined;
  // inSubset has vetted the ref.
  const name = defNameOf(node.$ref, compiler.defs) as string;
  let holder = compiler.compiled.get(name);
  if (!holder) {
    holder = { check: NOTHING };
    compiler.compiled.set(name, holder);
    holder.check = compileNode(compiler.defs[name], compiler, false);
  }
  const target = holder;
  return (value, path, out) => target.check(value, path, out);
}

/** The keywords in the validator's order, each a closure; a node with one check is that check. */
function compileNode(node: unknown, compiler: DefsCompiler, closedField: boolean): Check {
  if (node === true) return NOTHING;
  if (node === false) return (value, path, out) => out.add(path, 'false', {}, value, 'False boolean schema.');
  const schema = node as Json;
  const checks = [
    refCheck(schema, compiler),
    typeCheck(schema),
    valueCheck(schema, 'const'),
    valueCheck(schema, 'enum'),
    notCheck(schema, compiler, closedField),
    conditionCheck(schema, compiler),
    objectCheck(schema, compiler),
    arrayCheck(schema, compiler),
    numberCheck(schema),
    formatCheck(schema),
  ].filter((check): check is Check => check !== undefined);
  if (checks.length === 0) return NOTHING;
  if (checks.length === 1) return checks[0] as Check;
  return (value, path, out) => {
    for (const check of checks) check(value, path, out);
  };
}

/**
 * The schema (translated, its refs into `compiler.defs`) as one function returning every failure, or undefined when
 * it reaches a keyword outside the subset.
 */
export function compileSchema(schema: unknown, compiler: DefsCompiler): CompiledSchema | undefined {
  if (!inSubset(schema, compiler.defs)) return undefined;
  const check = compileNode(schema, compiler, false);
  return (value, keep = Number.POSITIVE_INFINITY) => {
    const out = new Failures(keep);
    check(value, [], out);
    return { failures: out.list, more: out.more };
  };
}

/**
 * The subset of JSON schema schema-compile.ts compiles: the keywords schema-check.ts's translation of the platform's
 * description produces (and the description itself uses), in the shapes it produces them. `inSubset` walks a schema
 * and everything its refs reach; anything else is left to `@cfworker/json-schema`.
 */
type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords compiled. */
const CHECKED = new Set([
  '$ref',
  'type',
  'enum',
  'const',
  'not',
  'if',
  'then',
  'else',
  'required',
  'properties',
  'additionalProperties',
  'items',
  'minimum',
  'maximum',
  'format',
]);
/** Keywords the validator does not check (annotations); any other keyword refuses the schema. */
const ANNOTATIONS = new Set(['description', 'title', '$comment', 'deprecated', 'readOnly', 'writeOnly']);
const TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);
/** A `$defs` name the validator's URI resolution reads back unchanged (anything else: left to it). */
const PLAIN_NAME = /^[A-Za-z0-9._-]+$/;
const DEFS_PREFIX = '#/$defs/';

class Refused extends Error {}
const refuse = (why: string): never => {
  throw new Refused(why);
};

/** The `$defs` name a ref names, when the validator would resolve it to the same one; else undefined. */
export function defNameOf(ref: unknown, defs: Json): string | undefined {
  if (typeof ref !== 'string' || !ref.startsWith(DEFS_PREFIX)) return undefined;
  const name = ref.slice(DEFS_PREFIX.length);
  return PLAIN_NAME.test(name) && Object.hasOwn(defs, name) ? name : undefined;
}

function defName(ref: unknown, defs: Json): string {
  return defNameOf(ref, defs) ?? refuse(`ref ${String(ref)}`);
}

/** Throws Refused for any keyword or shape outside the subset, anywhere the schema reaches (through refs too). */
function vet(node: unknown, defs: Json, seen: Set<string>): void {
  if (node === true || node === false) return;
  if (!isObject(node)) refuse('a schema that is not an object');
  const schema = node as Json;
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
    if (!CHECKED.has(key)) refuse(`keyword ${key}`);
    switch (key) {
      case '$ref': {
        const name = defName(value, defs);
        if (!seen.has(name)) {
          seen.add(name);
          vet(defs[name], defs, seen);
        }
        break;
      }
      case 'type': {
        const types = Array.isArray(value) ? value : [value];
        if (types.length === 0 || types.some((type) => typeof type !== 'string' || !TYPES.has(type))) refuse('type');
        break;
      }
      case 'enum':
        if (!Array.isArray(value)) refuse('enum');
        break;
      case 'required':
        if (!Array.isArray(value) || value.some((name) => typeof name !== 'string')) refuse('required');
        break;
      case 'properties':
        if (!isObject(value)) refuse('properties');
        for (const item of Object.values(value as Json)) vet(item, defs, seen);
        break;
      case 'items':
        if (Array.isArray(value)) refuse('items as a list');
        vet(value, defs, seen);
        break;
      case 'additionalProperties':
      case 'not':
      case 'if':
      case 'then':
      case 'else':
        vet(value, defs, seen);
        break;
      case 'minimum':
      case 'maximum':
        if (typeof value !== 'number') refuse(key);
        break;
      case 'format':
        if (typeof value !== 'string') refuse('format');
        break;
    }
  }
}

/** Whether every keyword the schema reaches (through refs into `defs` too) is in the subset. */
export function inSubset(schema: unknown, defs: Json): boolean {
  try {
    vet(schema, defs, new Set());
    return true;
  } catch (error) {
    if (error instanceof Refused) return false;
    throw error;
  }
}

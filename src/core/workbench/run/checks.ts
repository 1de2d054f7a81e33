/**
 * Assertions and captures on a saved request: declarative rows, no user scripts (extension pages cannot `eval`,
 * and a collection file from elsewhere must never run code). They travel with the request's draft, so the tab,
 * the Saved list, a collection file, the panel's Runner and the Node runner all read the same rows.
 *
 * - `status is 200` / `status in 200, 201`
 * - `jq .name equals "x"` (the expected value is JSON; text that is not JSON is a string), `contains`, `matches`
 *   (a regular expression), `exists` (at least one output that is not null)
 * - `valid against the description` (the response schema the platform description gives for that status)
 * - `time under 500 ms`
 * - `header Content-Type matches ^application/json`
 *
 * A capture (`set {applicationId} from .[0].id`) stores a jq output as a variable for the requests after it, in
 * the run only, or also in the active environment when asked; never in the saved request.
 */

export type JqOperator = 'equals' | 'contains' | 'matches' | 'exists';

export type Assertion =
  | { kind: 'status'; op: 'is' | 'in'; values: number[] }
  | { kind: 'jq'; expression: string; op: JqOperator; expected: string }
  | { kind: 'schema' }
  | { kind: 'time'; underMs: number }
  | { kind: 'header'; name: string; pattern: string };

export interface Capture {
  variable: string;
  expression: string;
  /** `environment`: also written to the active environment (in the panel); the run always has it. */
  into: 'run' | 'environment';
}

export interface RequestChecks {
  assertions: Assertion[];
  captures: Capture[];
}

export const NO_CHECKS: RequestChecks = { assertions: [], captures: [] };

export const VARIABLE_NAME = /^[A-Za-z_][\w-]*$/;
const JQ_OPERATORS: readonly JqOperator[] = ['equals', 'contains', 'matches', 'exists'];
/** Bounds on what a file may bring, so a hostile collection cannot make every Send do unbounded work. */
const MAX_ROWS = 50;
const MAX_TEXT = 2000;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length <= MAX_TEXT ? value : undefined;

function reviveAssertion(value: unknown): Assertion | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const row = value as Record<string, unknown>;
  switch (row.kind) {
    case 'status': {
      const values = Array.isArray(row.values)
        ? row.values.filter((item): item is number => Number.isInteger(item) && item >= 100 && item <= 599)
        : [];
      if (values.length === 0) return undefined;
      return {
        kind: 'status',
        op: row.op === 'in' ? 'in' : 'is',
        values: row.op === 'in' ? values : values.slice(0, 1),
      };
    }
    case 'jq': {
      const expression = text(row.expression);
      const op = JQ_OPERATORS.find((item) => item === row.op);
      if (!expression?.trim() || !op) return undefined;
      return { kind: 'jq', expression, op, expected: text(row.expected) ?? '' };
    }
    case 'schema':
      return { kind: 'schema' };
    case 'time':
      return typeof row.underMs === 'number' && row.underMs > 0 && Number.isFinite(row.underMs)
        ? { kind: 'time', underMs: Math.round(row.underMs) }
        : undefined;
    case 'header': {
      const name = text(row.name)?.trim();
      const pattern = text(row.pattern);
      return name && pattern !== undefined ? { kind: 'header', name, pattern } : undefined;
    }
    default:
      return undefined;
  }
}

function reviveCapture(value: unknown): Capture | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const row = value as Record<string, unknown>;
  const variable = text(row.variable)?.trim();
  const expression = text(row.expression);
  if (!variable || !VARIABLE_NAME.test(variable) || !expression?.trim()) return undefined;
  return { variable, expression, into: row.into === 'environment' ? 'environment' : 'run' };
}

/** Reads checks from storage or a file (hostile input): rows of the wrong shape are dropped, not guessed. */
export function reviveChecks(value: unknown): RequestChecks | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const raw = value as Record<string, unknown>;
  const list = <T>(items: unknown, revive: (item: unknown) => T | undefined): T[] =>
    Array.isArray(items)
      ? items
          .slice(0, MAX_ROWS)
          .map(revive)
          .filter((item): item is T => item !== undefined)
      : [];
  const checks = { assertions: list(raw.assertions, reviveAssertion), captures: list(raw.captures, reviveCapture) };
  return hasChecks(checks) ? checks : undefined;
}

export function hasChecks(checks: RequestChecks | undefined): checks is RequestChecks {
  return !!checks && (checks.assertions.length > 0 || checks.captures.length > 0);
}

/** One line, as the results list and a JUnit test case name it. */
export function describeAssertion(assertion: Assertion): string {
  switch (assertion.kind) {
    case 'status':
      return assertion.op === 'in' ? `status in ${assertion.values.join(', ')}` : `status is ${assertion.values[0]}`;
    case 'jq':
      return assertion.op === 'exists'
        ? `${assertion.expression} exists`
        : `${assertion.expression} ${assertion.op} ${assertion.expected}`;
    case 'schema':
      return 'valid against the description';
    case 'time':
      return `time under ${assertion.underMs} ms`;
    case 'header':
      return `header ${assertion.name} matches ${assertion.pattern}`;
  }
}

export function describeCapture(capture: Capture): string {
  return `set {${capture.variable}} from ${capture.expression}${capture.into === 'environment' ? ' (into the environment)' : ''}`;
}

/** `{ checks }` when there are any, else nothing: spread into a draft so one without checks stays as it was. */
export function optionalChecks(checks: RequestChecks | undefined): { checks?: RequestChecks } {
  return hasChecks(checks) ? { checks } : {};
}

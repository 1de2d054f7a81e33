import { contains as containsValue } from '../jq/builtins.ts';
import { runJqFilter } from '../jq-filter.ts';
import { type Assertion, type Capture, describeAssertion, describeCapture, type RequestChecks } from './checks.ts';

/**
 * Judges one response against a request's assertions and takes its captures. Pure: the panel (after every Send
 * and in the Runner) and the Node runner call this same function, so a check passes or fails the same way in
 * both. The body is parsed as JSON once, only when a row needs it.
 */

export interface ObservedResponse {
  status: number;
  durationMs: number;
  headers: readonly [string, string][];
  /** The body as text; undefined when there was none or it was binary. */
  body: string | undefined;
  /** True when only part of the body was received (a size cap). */
  truncated?: boolean;
}

/** What the request was, for the description lookup: its method and path template (`/v2/organisations/{id}`). */
export interface CheckedEndpoint {
  method: string;
  pathTemplate: string;
}

/** Whether a body is valid against the description's response schema for that endpoint and status. */
export type SchemaJudge = (
  endpoint: CheckedEndpoint,
  status: number,
  body: unknown,
) => { ok: true } | { ok: false; message: string };

export interface AssertionOutcome {
  label: string;
  pass: boolean;
  /** Why it failed, or what was seen when it passed. */
  message: string;
}

export interface CaptureOutcome {
  label: string;
  variable: string;
  into: Capture['into'];
  pass: boolean;
  value?: string;
  message: string;
}

export interface CheckOutcomes {
  assertions: AssertionOutcome[];
  captures: CaptureOutcome[];
}

type Json = { ok: true; value: unknown } | { ok: false; message: string };

function parseBody(response: ObservedResponse): Json {
  if (response.body === undefined || response.body === '') return { ok: false, message: 'The response has no body.' };
  if (response.truncated) return { ok: false, message: 'Only part of the body was received: it cannot be judged.' };
  try {
    return { ok: true, value: JSON.parse(response.body) };
  } catch {
    return { ok: false, message: 'The response body is not JSON.' };
  }
}

const shown = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
};

/** The expected value of `equals`/`contains`: JSON when it parses, else the text itself as a string. */
export function expectedValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** jq outputs as one value: the single output, or the list of them. */
function jqValue(
  expression: string,
  json: unknown,
): { ok: true; value: unknown; count: number } | { ok: false; message: string } {
  const result = runJqFilter(expression, json);
  if (!result.ok) return { ok: false, message: `jq: ${result.message} (at ${result.offset})` };
  return {
    ok: true,
    value: result.values.length === 1 ? result.values[0] : result.values,
    count: result.values.length,
  };
}

function regex(pattern: string): RegExp | string {
  try {
    return new RegExp(pattern);
  } catch (error) {
    return `Not a valid regular expression: ${error instanceof Error ? error.message : String(error)}`;
  }
}

const outcome = (assertion: Assertion, pass: boolean, message: string): AssertionOutcome => ({
  label: describeAssertion(assertion),
  pass,
  message,
});

function judge(
  assertion: Assertion,
  response: ObservedResponse,
  json: () => Json,
  endpoint: CheckedEndpoint,
  judgeSchema: SchemaJudge | undefined,
): AssertionOutcome {
  switch (assertion.kind) {
    case 'status': {
      const pass = assertion.values.includes(response.status);
      return outcome(assertion, pass, pass ? `status ${response.status}` : `status was ${response.status}`);
    }
    case 'time': {
      const pass = response.durationMs < assertion.underMs;
      return outcome(assertion, pass, `took ${Math.round(response.durationMs)} ms`);
    }
    case 'header': {
      const wanted = assertion.name.toLowerCase();
      const values = response.headers.filter(([name]) => name.toLowerCase() === wanted).map(([, value]) => value);
      if (values.length === 0) return outcome(assertion, false, `no ${assertion.name} header`);
      const pattern = regex(assertion.pattern);
      if (typeof pattern === 'string') return outcome(assertion, false, pattern);
      const value = values.join(', ');
      return outcome(assertion, pattern.test(value), `${assertion.name}: ${value}`);
    }
    case 'schema': {
      const body = json();
      if (!body.ok) return outcome(assertion, false, body.message);
      if (!judgeSchema) return outcome(assertion, false, 'No description is loaded to check against.');
      const verdict = judgeSchema(endpoint, response.status, body.value);
      return outcome(assertion, verdict.ok, verdict.ok ? 'matches the description' : verdict.message);
    }
    case 'jq': {
      const body = json();
      if (!body.ok) return outcome(assertion, false, body.message);
      const got = jqValue(assertion.expression, body.value);
      if (!got.ok) return outcome(assertion, false, got.message);
      if (assertion.op === 'exists') {
        const outputs = got.count === 1 ? [got.value] : (got.value as unknown[]);
        const pass = outputs.some((item) => item !== null);
        return outcome(assertion, pass, got.count === 0 ? 'no output' : `got ${shown(got.value)}`);
      }
      if (assertion.op === 'matches') {
        const pattern = regex(assertion.expected);
        if (typeof pattern === 'string') return outcome(assertion, false, pattern);
        const pass = typeof got.value === 'string' && pattern.test(got.value);
        return outcome(assertion, pass, `got ${shown(got.value)}`);
      }
      const expected = expectedValue(assertion.expected);
      const pass =
        assertion.op === 'equals'
          ? JSON.stringify(got.value) === JSON.stringify(expected)
          : containsValue(got.value, expected) ||
            (Array.isArray(got.value) &&
              !Array.isArray(expected) &&
              got.value.some((item) => containsValue(item, expected)));
      return outcome(assertion, pass, `got ${shown(got.value)}`);
    }
  }
}

function take(capture: Capture, json: () => Json): CaptureOutcome {
  const base = { label: describeCapture(capture), variable: capture.variable, into: capture.into };
  const body = json();
  if (!body.ok) return { ...base, pass: false, message: body.message };
  const got = jqValue(capture.expression, body.value);
  if (!got.ok) return { ...base, pass: false, message: got.message };
  if (got.count === 0 || got.value === null || got.value === undefined)
    return { ...base, pass: false, message: `${capture.expression} gave no value` };
  const value = typeof got.value === 'string' ? got.value : JSON.stringify(got.value);
  return { ...base, pass: true, value, message: `{${capture.variable}} = ${shown(value)}` };
}

/**
 * One check's failure to run as that check's message: a server answer nested some ten thousand levels deep is parsed
 * and filtered, but writing it out (JSON.stringify, to compare or to capture) overflows the stack, which otherwise
 * made the whole request an error and lost its other checks.
 */
function failureOf(error: unknown): string {
  if (error instanceof RangeError) return 'The value is nested too deeply.';
  return error instanceof Error ? error.message : String(error);
}

export function evaluateChecks(
  checks: RequestChecks,
  response: ObservedResponse,
  endpoint: CheckedEndpoint,
  judgeSchema?: SchemaJudge,
): CheckOutcomes {
  let parsed: Json | undefined;
  const json = () => {
    parsed ??= parseBody(response);
    return parsed;
  };
  return {
    assertions: checks.assertions.map((assertion) => {
      try {
        return judge(assertion, response, json, endpoint, judgeSchema);
      } catch (error) {
        return outcome(assertion, false, failureOf(error));
      }
    }),
    captures: checks.captures.map((capture) => {
      try {
        return take(capture, json);
      } catch (error) {
        const base = { label: describeCapture(capture), variable: capture.variable, into: capture.into };
        return { ...base, pass: false, message: failureOf(error) };
      }
    }),
  };
}

/** Whether every assertion passed and every capture got a value. */
export function checksPassed(outcomes: CheckOutcomes): boolean {
  return outcomes.assertions.every((item) => item.pass) && outcomes.captures.every((item) => item.pass);
}

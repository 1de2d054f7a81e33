/**
 * jq, to filter a JSON response in the panel and to assert on one in a run. jq rather than JSONPath: it is what
 * people already type in a terminal next to curl, and its paths read the same way ("copy path" emits them, see
 * jq-path.ts). The language is jq's own (jq/): paths, iteration, slices, `..`, pipes, `,`, `//`, arithmetic,
 * comparisons in jq's order, object and array construction, string interpolation and @formats, `as $x` bindings
 * and destructuring, `if`/`try`/`reduce`/`foreach`/`label`, `def`, updates (`|=`, `+=`…) and the builtins listed
 * in README. It is checked against the real jq (test/unit/core/workbench/jq/). Parsing is separate from running,
 * so the panel can say at once where a filter goes wrong.
 */
import './jq/builtins.ts';
import './jq/operators.ts';
import './jq/text.ts';
import { findUndefinedCall } from './jq/check-calls.ts';
import { evaluate, JqRuntimeError, JqWorkLimit, restoreWork, startWork, WORK_LIMIT } from './jq/evaluate.ts';
import { JqSyntaxError } from './jq/lexer.ts';
import { type Node, parseJq } from './jq/parser.ts';
import { knownFunctions, rootEnv } from './jq/prelude.ts';

export type JqProblem = { ok: false; message: string; offset: number; values?: unknown[] };
export type JqParsed = { ok: true; run: (input: unknown, workLimit?: number) => unknown[] } | JqProblem;
export type JqResult = { ok: true; values: unknown[] } | JqProblem;

/** A run error with what jq would have printed before it, for the panel and the runner. */
class JqRunFailure extends Error {
  constructor(
    message: string,
    readonly offset: number,
    readonly values: unknown[],
  ) {
    super(message);
  }
}

function runParsed(program: Node, input: unknown, workLimit: number): unknown[] {
  const values: unknown[] = [];
  const outer = startWork(workLimit);
  try {
    for (const value of evaluate(program, input, rootEnv())) values.push(value);
  } catch (error) {
    if (error instanceof JqRuntimeError) throw new JqRunFailure(error.message, error.at ?? 0, values);
    if (error instanceof JqWorkLimit) throw new JqRunFailure(error.message, 0, values);
    if (error instanceof RangeError) throw new JqRunFailure('The value is nested too deeply.', 0, values);
    if (error && typeof error === 'object' && error.constructor?.name === 'BreakSignal') {
      throw new JqRunFailure('break without a label', 0, values);
    }
    throw error;
  } finally {
    restoreWork(outer);
  }
  return values;
}

/** Parses a filter; a problem names what is wrong and where (an offset into `source`). */
export function parseJqFilter(source: string): JqParsed {
  try {
    if (source.trim() === '') return { ok: false, message: 'The filter is empty.', offset: 0 };
    const program = parseJq(source);
    const undefinedCall = findUndefinedCall(program, knownFunctions());
    if (undefinedCall) {
      return { ok: false, message: `${undefinedCall.key} is not defined.`, offset: undefinedCall.at };
    }
    return { ok: true, run: (input, workLimit = WORK_LIMIT) => runParsed(program, input, workLimit) };
  } catch (error) {
    if (error instanceof JqSyntaxError) return { ok: false, message: error.message, offset: error.offset };
    throw error;
  }
}

/**
 * Parses and runs a filter on a value: every output, or the first problem met with the outputs before it.
 * `workLimit` is the run's allowance in steps (see WORK_LIMIT); tests of the limit itself pass a smaller one.
 */
export function runJqFilter(source: string, input: unknown, workLimit = WORK_LIMIT): JqResult {
  const parsed = parseJqFilter(source);
  if (!parsed.ok) return parsed;
  try {
    return { ok: true, values: parsed.run(input, workLimit) };
  } catch (error) {
    if (error instanceof JqRunFailure) {
      return { ok: false, message: error.message, offset: error.offset, values: error.values };
    }
    throw error;
  }
}

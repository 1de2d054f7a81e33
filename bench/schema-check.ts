/**
 * Comparing a response with the description: how long the check (core/workbench/response-check.ts, the code the
 * panel's Web Worker runs, off the page's main thread) takes on a 1 MB and a 20 MB list of applications valid
 * against the description's `Application` schema. The anchor is JSON.parse of the same text, measured in the same
 * run: the worker pays both, so the ratio says how much the check adds to reading the body at all. A second row
 * compares the compiled closures (schema-compile.ts) with `@cfworker/json-schema` interpreting the same schema, on
 * the same 1 MB body, valid and with one wrong type in every record.
 */
import { performance } from 'node:perf_hooks';
import { loadPlatformDescription } from '../src/core/platform/load-catalog.ts';
import { checkAgainstSchema } from '../src/core/platform/schema-check.ts';
import { exampleOf } from '../src/core/platform/schema-example.ts';
import { checkResponseValue } from '../src/core/workbench/response-check.ts';
import { type BenchRow, compareTimes } from './results.ts';
import { median, round } from './stats.ts';

const SIZES = [
  { label: '1 MB', bytes: 1024 * 1024, rounds: 11 },
  { label: '20 MB', bytes: 20 * 1024 * 1024, rounds: 3 },
];
/** The check may cost at most this many JSON.parses of the same body. */
const TARGET_RATIO = 1.5;
/** The compiled closures must be at least this many times faster than the interpreter. */
const TARGET_SPEEDUP = 5;
const INTERPRETER_ROUNDS = 3;

function time(step: () => unknown): number {
  const started = performance.now();
  step();
  return performance.now() - started;
}

export async function benchSchemaCheck(): Promise<BenchRow[]> {
  const description = await loadPlatformDescription();
  const endpoint = description.endpoints.find((item) => item.id === 'applications');
  const schema = endpoint?.responses?.['200']?.schema as { items?: unknown } | undefined;
  if (!endpoint || !schema?.items) throw new Error('the description has no schema for GET …/applications');
  const record = exampleOf(schema.items, description.schemas) as Record<string, unknown>;
  const rows: BenchRow[] = [];
  const bodyOf = (bytes: number, broken: boolean) => {
    const count = Math.ceil(bytes / (JSON.stringify(record).length + 40));
    const records = Array.from({ length: count }, (_, index) => ({
      ...record,
      id: `app_${index}`,
      name: broken ? index : `application ${index}`,
    }));
    return { count, text: JSON.stringify(records) };
  };
  for (const size of SIZES) {
    const { count, text } = bodyOf(size.bytes, false);
    const checks: number[] = [];
    const parses: number[] = [];
    let differences = -1;
    for (let round = 0; round < size.rounds; round += 1) {
      let value: unknown;
      parses.push(time(() => JSON.parse(text)));
      value = JSON.parse(text);
      checks.push(
        time(() => {
          differences = checkResponseValue(endpoint, 200, value, description.schemas)?.total ?? -1;
        }),
      );
      value = undefined;
    }
    const ours = median(checks);
    const anchor = median(parses);
    const ratio = compareTimes(ours, anchor);
    rows.push({
      group: 'Response check',
      figure: `Validate a ${size.label} body against the description (Web Worker)`,
      ours: { value: round(ours), unit: 'ms', samples: checks.map((sample) => round(sample)) },
      anchor: { label: 'JSON.parse of it', value: round(anchor), unit: 'ms' },
      ratio,
      target: `≤ ${TARGET_RATIO}× JSON.parse`,
      met: ours <= TARGET_RATIO * anchor && differences === 0,
      note: `${count} applications, ${(text.length / 1024 / 1024).toFixed(1)} MB; ${differences} differences (a valid body); in Node, the same code the panel's worker runs`,
    });
  }
  for (const broken of [false, true]) {
    const { count, text } = bodyOf(1024 * 1024, broken);
    const value = JSON.parse(text);
    const compiled: number[] = [];
    const interpreted: number[] = [];
    const found = [-1, -2];
    for (let round = 0; round < INTERPRETER_ROUNDS; round += 1) {
      compiled.push(
        time(() => (found[0] = checkResponseValue(endpoint, 200, value, description.schemas)?.total ?? -1)),
      );
      interpreted.push(
        time(
          () =>
            (found[1] = checkAgainstSchema(
              value,
              schema,
              description.schemas as Record<string, unknown>,
              'interpreter',
            ).length),
        ),
      );
    }
    const ours = median(compiled);
    const anchor = median(interpreted);
    rows.push({
      group: 'Response check',
      figure: `Validate a 1 MB body, ${broken ? 'a wrong type in every record' : 'valid'}: compiled closures vs @cfworker/json-schema`,
      ours: { value: round(ours), unit: 'ms', samples: compiled.map((sample) => round(sample)) },
      anchor: { label: '@cfworker/json-schema interpreting the same schema', value: round(anchor), unit: 'ms' },
      ratio: compareTimes(ours, anchor),
      target: `≥ ${TARGET_SPEEDUP}× faster`,
      met: anchor >= TARGET_SPEEDUP * ours && found[0] === found[1] && found[0] === (broken ? count : 0),
      note: `${count} applications; both found ${found[0]} differences${found[0] === found[1] ? '' : ` (interpreter: ${found[1]}: they disagree)`}`,
    });
  }
  return rows;
}

/**
 * Comparing a response with the description: how long the validator (core/workbench/response-check.ts, the code the
 * panel's Web Worker runs, off the page's main thread) takes on a 1 MB and a 20 MB list of applications valid
 * against the description's `Application` schema. The anchor is JSON.parse of the same text, measured in the same
 * run: the worker pays both, so the ratio says how much the check adds to reading the body at all.
 */
import { performance } from 'node:perf_hooks';
import { loadPlatformDescription } from '../src/core/platform/load-catalog.ts';
import { exampleOf } from '../src/core/platform/schema-example.ts';
import { checkResponseValue } from '../src/core/workbench/response-check.ts';
import { type BenchRow, compareTimes } from './results.ts';
import { median, round } from './stats.ts';

const SIZES = [
  { label: '1 MB', bytes: 1024 * 1024, rounds: 7 },
  { label: '20 MB', bytes: 20 * 1024 * 1024, rounds: 3 },
];
/** The check may cost at most this many JSON.parses of the same body. */
const TARGET_RATIO = 5;

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
  for (const size of SIZES) {
    const recordBytes = JSON.stringify(record).length + 40;
    const count = Math.ceil(size.bytes / recordBytes);
    const text = JSON.stringify(
      Array.from({ length: count }, (_, index) => ({ ...record, id: `app_${index}`, name: `application ${index}` })),
    );
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
  return rows;
}

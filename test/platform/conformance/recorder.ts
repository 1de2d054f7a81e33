/**
 * Runs the conformance steps one after the other, records what each sent and got (from the sandbox's request log),
 * and prints the table. A failing step is recorded and the run goes on, so the table shows every result.
 *
 * Every row asserts its HTTP outcome, not only what the tool made of it: each step names the exchanges it must
 * cause with the status the platform gives (`http`), any error status it did not name fails it, and every
 * successful exchange must have a status the platform's OpenAPI description documents for that operation
 * (documented-status.ts). Writes also read the state back in `run`.
 */
import type { RequestLogEntry } from '../index.ts';
import { undocumentedSuccess } from './documented-status.ts';

export interface Step {
  /** Which official tool makes the call. */
  tool: string;
  /** The call or command, as its user would write it. */
  call: string;
  /**
   * The exchanges the step must cause, `METHOD path-suffix STATUS` (`*` stands for one path segment, the query is
   * ignored), e.g. `PUT /applications/{star}/env/CLI_VAR 200` with a `*` for `{star}`. At least one.
   */
  http: string[];
  /** Makes the call and checks its result; returns a short summary of what came back. Throws when it is wrong. */
  run(): Promise<string>;
}

export interface Row {
  tool: string;
  call: string;
  http: string;
  result: string;
  ok: boolean;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal escape sequences are what it removes.
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

/** The CLI colours and redraws its prompts even without a terminal; the checks and the table want plain text. */
export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

function oneLine(text: string, max = 90): string {
  const line = stripAnsi(text).replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

interface Expected {
  method: string;
  path: RegExp;
  status: number;
  text: string;
}

function parseExpected(text: string): Expected {
  const [method, suffix, status] = text.split(' ');
  if (!method || !suffix || !/^\d{3}$/.test(status ?? '')) throw new Error(`Bad expected exchange "${text}"`);
  const source = suffix
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return { method, path: new RegExp(`${source}$`), status: Number(status), text };
}

/** What is wrong with a step's exchanges: a named one missing, an error not named, an undocumented success. */
export function httpProblems(expected: string[], entries: RequestLogEntry[]): string[] {
  if (expected.length === 0) return ['the step names no expected exchange'];
  const wanted = expected.map(parseExpected);
  const matches = (want: Expected, entry: RequestLogEntry) =>
    entry.method === want.method && entry.status === want.status && want.path.test(entry.url.split('?')[0]!);
  const problems = wanted
    .filter((want) => !entries.some((entry) => matches(want, entry)))
    .map((want) => `expected ${want.text}`);
  for (const entry of entries) {
    const line = `${entry.method} ${entry.url.split('?')[0]} ${entry.status}`;
    if (entry.status >= 400 && !wanted.some((want) => matches(want, entry))) problems.push(`unexpected ${line}`);
    const undocumented = undocumentedSuccess(entry.method, entry.url, entry.status);
    if (undocumented) problems.push(undocumented);
  }
  return problems;
}

/** `GET /v2/self 200`, query dropped, ids shortened so the column stays readable. */
function describeRequest(entry: RequestLogEntry): string {
  const path = entry.url.split('?')[0]!.replace(/(orga|user|app|addon|apitoken)_[0-9a-f-]{36}/g, '$1_…');
  const via = entry.server === 'api' ? '' : `${entry.server} `;
  return `${entry.method} ${via}${path} ${entry.status}`;
}

export class Recorder {
  readonly rows: Row[] = [];
  private readonly log: RequestLogEntry[] = [];

  /** Give this to `startPlatform({ onRequest })`. */
  readonly onRequest = (entry: RequestLogEntry): void => {
    this.log.push(entry);
  };

  /** Runs the steps one after the other; every request logged meanwhile belongs to the running step. */
  async run(steps: Step[]): Promise<void> {
    this.rows.push(...(await this.runLane(steps, () => true)));
  }

  /**
   * Runs lanes side by side (each lane's steps one after the other), to use both cores for the CLI's slow start.
   * A request belongs to the lane whose OAuth token signed it; requests without one go to the lane that says it
   * `ownsUnsigned` (only one may). Rows come out lane after lane, in a stable order.
   */
  async runLanes(lanes: { steps: Step[]; oauthToken: string; ownsUnsigned?: boolean }[]): Promise<void> {
    const results = await Promise.all(
      lanes.map((lane) =>
        this.runLane(lane.steps, (entry) =>
          entry.oauthToken === undefined ? lane.ownsUnsigned === true : entry.oauthToken === lane.oauthToken,
        ),
      ),
    );
    for (const rows of results) this.rows.push(...rows);
  }

  private async runLane(steps: Step[], belongs: (entry: RequestLogEntry) => boolean): Promise<Row[]> {
    const rows: Row[] = [];
    for (const step of steps) {
      const from = this.log.length;
      let result: string;
      let ok = true;
      try {
        result = await step.run();
      } catch (error) {
        ok = false;
        result = `FAILED: ${error instanceof Error ? error.message : String(error)}`;
      }
      // A request's log entry is written when its response finishes, which can be a tick after the tool has it.
      await new Promise((resolve) => setImmediate(resolve));
      const entries = this.log.slice(from).filter(belongs);
      const requests = entries.map(describeRequest);
      const problems = httpProblems(step.http, entries);
      if (ok && problems.length > 0) {
        ok = false;
        result = `FAILED: ${problems.join('; ')}`;
      }
      rows.push({ tool: step.tool, call: step.call, http: requests.join(', ') || '(none)', result, ok });
    }
    return rows;
  }

  /** HTTP requests that reached the sandbox. */
  requestCount(): number {
    return this.log.length;
  }

  table(): string {
    const rows = this.rows.map((row, index) => [
      String(index + 1),
      row.ok ? 'ok' : 'FAIL',
      row.tool,
      oneLine(row.call, 70),
      oneLine(row.http, 110),
      oneLine(row.result),
    ]);
    const header = ['#', '', 'tool', 'call / command', 'HTTP (method path status)', 'result'];
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
    const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
    const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
    return [line(header), rule, ...rows.map(line)].join('\n');
  }
}

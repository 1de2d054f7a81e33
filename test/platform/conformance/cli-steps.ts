/**
 * `clever-tools` 4.11.0 commands, unchanged, against the sandbox (see clever-cli.ts for how it is pointed there).
 * Each step checks the exit code and what the command printed.
 */
import { expect } from 'vitest';
import type { CleverResult, CleverSandbox } from './clever-cli.ts';
import type { ConformanceContext } from './context.ts';
import { type Step, stripAnsi } from './recorder.ts';

export function succeeded(result: CleverResult): string {
  const output = stripAnsi(`${result.stdout}\n${result.stderr}`);
  if (result.status !== 0) throw new Error(`exit ${result.status}: ${output.trim().slice(0, 300)}`);
  return output;
}

export function firstLine(output: string): string {
  return (
    output
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line !== '' && !line.startsWith('[WARN]')) ?? ''
  );
}

/** The JSON document a command printed on stdout (after any prompt it wrote there). */
export function json<T>(stdout: string): T {
  const text = stripAnsi(stdout);
  return JSON.parse(text.slice(text.search(/^[[{]/m))) as T;
}

export type Check = (output: string, stdout: string) => string;

export function commandLine(args: string[]): string {
  return `clever ${args.map((arg) => (/[\s&]/.test(arg) ? `'${arg}'` : arg)).join(' ')}`;
}

/** A step that runs `clever …args`, names the exchanges it must cause, and checks what it printed (exit 0). */
export function stepsWith(cli: CleverSandbox) {
  return (args: string[], http: string[], check: Check, input?: string): Step => ({
    tool: 'clever',
    call: commandLine(args),
    http,
    run: async () => {
      const result = await cli.run(args, { input });
      return check(succeeded(result), result.stdout);
    },
  });
}

/** A step whose arguments are known only when it runs (an id made by an earlier step). */
export function lateStep(cli: CleverSandbox, call: string, http: string[], args: () => string[], check: Check): Step {
  return {
    tool: 'clever',
    call,
    http,
    run: async () => {
      const result = await cli.run(args());
      return check(succeeded(result), result.stdout);
    },
  };
}

/** Profile, applications, environment, exposed environment, services, add-ons, `clever curl`. */
export function cliApplicationSteps(ctx: ConformanceContext, cli: CleverSandbox): Step[] {
  const { ids, platform } = ctx;
  const step = stepsWith(cli);
  // The CLI talks to the sandbox's HTTPS port; `clever curl` only forwards to its API host, and system curl is told
  // the sandbox's CA like any other client.
  const apiPath = (path: string) => `${platform.tls?.api ?? platform.api}${path}`;
  const cacert = platform.tls ? ['--cacert', platform.tls.caPath] : [];
  return [
    step(['profile'], ['GET /v2/self 200'], (output) => {
      expect(output).toContain('Ada Lovelace');
      expect(output).toContain('2FA disabled');
      return firstLine(output);
    }),
    step(
      ['profile', '--format', 'json'],
      ['GET /v2/self 200', 'GET /v2/self/tokens/current 200'],
      (_output, stdout) => {
        const profile = json<{ id: string; email: string; isTokenValid: boolean }>(stdout);
        expect(profile).toMatchObject({ id: ids.userId, email: platform.user.email, isTokenValid: true });
        return `id ${profile.id.slice(0, 14)}…, token valid`;
      },
    ),
    step(['applications', 'list'], ['GET /v2/summary 200', 'GET /v2/organisations/*/applications 200'], (output) => {
      for (const name of ['engine-web', 'sftp-gateway', 'notes-api', 'difference-api']) expect(output).toContain(name);
      return 'applications of the 3 owners';
    }),
    step(
      ['env', '--app', ids.webAppId],
      ['GET /applications/*/env 200', 'GET /applications/*/dependencies/env 200'],
      (output) => {
        expect(output).toContain('NODE_ENV=');
        expect(output).toContain('# Dependency engine-worker');
        return 'own variables, then the dependency engine-worker';
      },
    ),
    step(
      ['env', 'set', '--app', ids.webAppId, 'CLI_VAR', 'from the CLI & co'],
      ['PUT /applications/*/env/CLI_VAR 200'],
      (output) => {
        const app = platform.state.applications.get(ids.webAppId)!;
        expect(app.env).toContainEqual({ name: 'CLI_VAR', value: 'from the CLI & co' });
        return firstLine(output);
      },
    ),
    step(['env', '--app', ids.webAppId, '--format', 'json'], ['GET /applications/*/env 200'], (_output, stdout) => {
      const env = json<{ env: { name: string; value: string }[] }>(stdout).env;
      expect(env).toContainEqual({ name: 'CLI_VAR', value: 'from the CLI & co' });
      return `${env.length} variables, CLI_VAR among them`;
    }),
    step(['env', 'rm', '--app', ids.webAppId, 'CLI_VAR'], ['DELETE /applications/*/env/CLI_VAR 200'], (output) => {
      const app = platform.state.applications.get(ids.webAppId)!;
      expect(app.env.map((variable) => variable.name)).not.toContain('CLI_VAR');
      return firstLine(output);
    }),
    step(['published-config', '--app', ids.workerAppId], ['GET /applications/*/exposed_env 200'], (output) => {
      expect(output).toContain('WORKER_QUEUE=');
      return 'WORKER_QUEUE, WORKER_URL';
    }),
    step(
      ['published-config', 'set', '--app', ids.workerAppId, 'CLI_EXPOSED', 'yes'],
      ['PUT /applications/*/exposed_env 200'],
      (output) => {
        const worker = platform.state.applications.get(ids.workerAppId)!;
        expect(worker.exposedEnv).toContainEqual({ name: 'CLI_EXPOSED', value: 'yes' });
        return firstLine(output);
      },
    ),
    step(
      ['published-config', 'rm', '--app', ids.workerAppId, 'CLI_EXPOSED'],
      ['PUT /applications/*/exposed_env 200'],
      (output) => {
        const worker = platform.state.applications.get(ids.workerAppId)!;
        expect(worker.exposedEnv.map((variable) => variable.name)).toEqual(['WORKER_QUEUE', 'WORKER_URL']);
        return firstLine(output);
      },
    ),
    step(
      ['service', '--app', ids.webAppId, '--show-all'],
      ['GET /applications/*/dependencies 200', 'GET /v2/organisations/*/applications 200'],
      (output) => {
        expect(output).toContain('engine-worker');
        return firstLine(output);
      },
    ),
    step(['addon', 'list', '--org', ids.enginesId], ['GET /v2/organisations/*/addons 200'], (output) => {
      expect(output).toContain('sftp-gateway-pg');
      return 'add-ons of Analytical Engines Ltd';
    }),
    step(['addon', 'env', ids.notesDbRealId], ['GET /addons/*/env 200'], (output) => {
      expect(output).toContain('POSTGRESQL_ADDON_URI=');
      return 'POSTGRESQL_ADDON_* variables';
    }),
    step(['curl', '-s', ...cacert, apiPath('/v2/self')], ['GET /v2/self 200'], (_output, stdout) => {
      expect(json<{ id: string }>(stdout).id).toBe(ids.userId);
      return 'GET /v2/self through system curl';
    }),
    step(
      [
        'curl',
        '-s',
        ...cacert,
        '-o',
        '/dev/null',
        '-w',
        '%{http_code}',
        apiPath(`/v4/billing/organisations/${ids.enginesId}/${ids.invoiceNumber}.pdf`),
      ],
      ['GET /v4/billing/organisations/*/*.pdf 200'],
      (_output, stdout) => {
        expect(stdout.trim()).toBe('200');
        return 'the spec PDF path: 200';
      },
    ),
  ];
}

/** OAuth consumers, API tokens (the bridge), secondary email addresses. */
export function cliAccountSteps(ctx: ConformanceContext, cli: CleverSandbox): Step[] {
  const { ids, carry, platform } = ctx;
  const step = stepsWith(cli);
  return [
    step(['oauth-consumers', 'list'], ['GET /v2/summary 200'], (output) => {
      expect(output).toContain('Keyhole (sandbox)');
      return firstLine(output);
    }),
    step(
      [
        'oauth-consumers',
        'create',
        'CLI consumer',
        '--org',
        ids.enginesId,
        '--description',
        'Made by clever-tools',
        '--url',
        'https://cli.test',
        '--picture',
        'https://cli.test/logo.png',
        '--base-url',
        'https://cli.test/oauth',
        '--rights',
        'access-organisations,access-personal-information',
        '--format',
        'json',
      ],
      ['POST /v2/organisations/*/consumers 200'],
      (_output, stdout) => {
        carry.cliConsumerKey = json<{ key: string }>(stdout).key;
        expect(platform.state.consumers.get(carry.cliConsumerKey)?.ownerId).toBe(ids.enginesId);
        return `created ${carry.cliConsumerKey.slice(0, 8)}…`;
      },
    ),
    {
      tool: 'clever',
      call: 'clever oauth-consumers get <key> --with-secret',
      http: ['GET /v2/organisations/*/consumers/* 200', 'GET /v2/organisations/*/consumers/*/secret 200'],
      run: async () => {
        const output = succeeded(await cli.run(['oauth-consumers', 'get', carry.cliConsumerKey!, '--with-secret']));
        expect(output).toContain(platform.state.consumers.get(carry.cliConsumerKey!)!.secret);
        return 'consumer and its secret';
      },
    },
    {
      tool: 'clever',
      call: 'clever oauth-consumers delete <key> --yes',
      http: ['DELETE /v2/organisations/*/consumers/* 200'],
      run: async () => {
        succeeded(await cli.run(['oauth-consumers', 'delete', carry.cliConsumerKey!, '--yes']));
        expect(platform.state.consumers.has(carry.cliConsumerKey!)).toBe(false);
        return 'deleted';
      },
    },
    step(['tokens'], ['GET /api-tokens 200'], (output) => {
      expect(output).toContain('sandbox-default');
      return 'table of API tokens';
    }),
    step(
      ['tokens', 'create', 'cli-token', '--expiration', '2w', '--format', 'json'],
      ['POST /api-tokens 201'],
      (_output, stdout) => {
        const created = json<{ apiTokenId: string; apiToken: string }>(stdout);
        carry.cliApiTokenId = created.apiTokenId;
        expect(created.apiToken).toMatch(/^sbx_/);
        expect(platform.state.apiTokens.get(created.apiTokenId)).toMatchObject({ name: 'cli-token', revoked: false });
        return `created ${created.apiTokenId.slice(0, 16)}…`;
      },
      `${platform.user.password}\n`,
    ),
    {
      tool: 'clever',
      call: 'clever tokens revoke <id>',
      http: ['DELETE /api-tokens/* 204'],
      run: async () => {
        const output = succeeded(await cli.run(['tokens', 'revoke', carry.cliApiTokenId!]));
        expect(platform.state.apiTokens.get(carry.cliApiTokenId!)?.revoked).toBe(true);
        return firstLine(output);
      },
    },
    step(['emails'], ['GET /v2/self/emails 200'], (output) => {
      expect(output).toContain(platform.user.email);
      return firstLine(output);
    }),
    step(['emails', 'add', 'ada.cli@sandbox.keyhole.test'], ['PUT /v2/self/emails/* 200'], (output) => {
      expect(platform.state.users.get(ids.userId)?.secondaryEmails).toContain('ada.cli@sandbox.keyhole.test');
      return firstLine(output);
    }),
    step(['emails', 'remove', 'ada.cli@sandbox.keyhole.test'], ['DELETE /v2/self/emails/* 200'], (output) => {
      expect(platform.state.users.get(ids.userId)?.secondaryEmails).toEqual([]);
      return firstLine(output);
    }),
  ];
}

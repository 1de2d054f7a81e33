/**
 * Every command the SFTP kit shows, pasted into bash as a user would, with the programs it starts (sftp, git,
 * unzip, clever) replaced by shims that record their argv: hostile domains, user names and git URLs from the
 * API are refused with a message, and accepted values reach each program as exactly one argument each, while
 * nothing else runs (no `pwned` file appears).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildSftpCommand,
  gitRemoteProblem,
  hostNameProblem,
  hostOfDomain,
} from '../../../../src/core/sftp/connect-command.ts';
import { buildDeployKit, type DeployKitInput } from '../../../../src/core/sftp/deploy-config.ts';
import { generateHostKey } from '../../../../src/core/sftp/ed25519-host-key.ts';
import { generatePassword } from '../../../../src/core/sftp/password.ts';
import { pushCommands } from '../../../../src/core/sftp/provision-repo.ts';
import { createArgvShims } from '../../../platform/support/argv-shims.ts';
import { runInCanaryDir } from '../../../platform/support/recording-server.ts';

const shims = createArgvShims(['sftp', 'git', 'unzip', 'clever']);
afterAll(() => shims.dispose());

/** Runs `script` with bash in a fresh directory; returns the argv each shimmed program received. */
async function argvOf(script: string, setup?: (dir: string) => void): Promise<string[][]> {
  const before = shims.calls().length;
  const run = await runInCanaryDir('bash', ['-c', script], { env: { PATH: shims.path }, ...(setup ? { setup } : {}) });
  expect(run.newFiles.filter((name) => name.includes('pwned'))).toEqual([]);
  expect(run.exitCode, run.stderr).toBe(0);
  return shims.calls().slice(before);
}

const HOSTILE_DOMAINS = [
  'x;{touch,pwned};.cleverapps.io',
  '$(touch pwned).cleverapps.io',
  '`touch pwned`.cleverapps.io',
  'a&touch pwned&.io',
  'a|touch pwned',
  "a'b.io",
  'a b.io',
  'a\nb.io',
  '-oProxyCommand=touch pwned',
  '-x.cleverapps.io',
  'app..cleverapps.io',
  '.cleverapps.io',
  'app.cleverapps.io.',
  'a,b.io',
  'café.io',
  'x'.repeat(64),
];

describe('the Connect command (sftp)', () => {
  it('refuses every domain that is not a host name, with the reason', () => {
    for (const domain of HOSTILE_DOMAINS) {
      const host = hostOfDomain(domain);
      expect(hostNameProblem(host), JSON.stringify(domain)).toMatch(/is not a host name/);
      expect(() => buildSftpCommand({ host, port: 5123, username: 'alice' })).toThrow(/is not a host name/);
    }
  });

  it('refuses user names sftp would read as something else', () => {
    for (const username of ['-oProxyCommand=touch pwned', 'a b', 'a;b', '$(touch pwned)', 'a:b', 'a/b', '']) {
      expect(() => buildSftpCommand({ host: 'app.cleverapps.io', port: 22, username }), username).toThrow(/user name/);
    }
  });

  it('hands sftp exactly the port and user@host, whatever the user name', async () => {
    for (const [username, host] of [
      ['alice', 'app-1.cleverapps.io'],
      ['~bob', 'APP.example.test'],
      ['a@b.c_d-e', 'x.io'],
    ] as const) {
      const command = buildSftpCommand({ host, port: 5123, username });
      expect(await argvOf(command)).toEqual([['sftp', '-P', '5123', `${username}@${host}`]]);
    }
  });

  it('takes the host out of what a user pastes: a scheme, a port or a path', () => {
    expect(hostOfDomain(' https://app.cleverapps.io:443/x ')).toBe('app.cleverapps.io');
    expect(hostOfDomain('app.cleverapps.io/')).toBe('app.cleverapps.io');
  });
});

describe('the git push commands', () => {
  const choices = { appName: 'sftp-gateway' };
  const gitUrl = 'git+ssh://git@push-n3-par-clevercloud-customers.services.clever-cloud.com/app_1.git';

  it('hand git and unzip exactly the application name and the git URL', async () => {
    const calls = await argvOf(pushCommands(choices, gitUrl), (dir) =>
      writeFileSync(join(dir, 'sftp-gateway.zip'), ''),
    );
    expect(calls).toEqual([
      ['unzip', 'sftp-gateway.zip', '-d', 'sftp-gateway'],
      ['git', 'init', '-b', 'master'],
      ['git', 'add', 'mise.toml', '.gitignore', 'README.md'],
      ['git', 'commit', '-m', 'SFTPGo, run task from the Keyhole SFTP kit'],
      ['git', 'remote', 'add', 'clever', gitUrl],
      ['git', 'push', 'clever', 'master'],
    ]);
  });

  it('refuses a git URL from the API that is not an https or ssh address on a host name', () => {
    for (const url of [
      'https://x.io/;touch pwned',
      'ext::sh -c touch% pwned',
      '-uhelp',
      'file:///etc',
      'ssh://$(touch pwned)/x.git',
      'https://a b.io/x',
    ])
      expect(() => pushCommands(choices, url), url).toThrow(/git URL/);
  });

  it('quotes what a valid URL may still hold', async () => {
    const odd = "https://git.example.test/a'b;>pwned;`id`&.git";
    expect(gitRemoteProblem(odd)).toBeUndefined();
    const calls = await argvOf(pushCommands(choices, odd), (dir) => writeFileSync(join(dir, 'sftp-gateway.zip'), ''));
    expect(calls).toContainEqual(['git', 'remote', 'add', 'clever', odd]);
  });

  it('prints the remote line as a comment while the API has given no URL', () => {
    expect(pushCommands(choices, undefined)).toContain('\n# git remote add clever <');
  });
});

describe('the platform steps of the deploy kit', () => {
  it('hand clever, git and the shell exactly the values of the form, and refuse hostile names', async () => {
    const hostKey = await generateHostKey();
    const input: DeployKitInput = {
      appName: 'sftp.gate_1',
      organisationId: 'orga_1',
      region: 'par',
      postgresqlPlan: 'xxs_sml',
      adminUsername: 'admin',
      adminPassword: generatePassword(),
      hostKeyBase64: hostKey.privateKeyFileBase64,
      sftpgoVersion: 'latest',
    };
    for (const appName of ['x;touch pwned', '$(touch pwned)', '-x', 'a b'])
      expect(() => buildDeployKit({ ...input, appName }), appName).toThrow(/appName/);
    expect(() => buildDeployKit({ ...input, organisationId: 'orga;touch pwned' })).toThrow(/organisationId/);

    const kit = buildDeployKit(input);
    const calls: string[][] = [];
    for (const step of kit.checklist)
      calls.push(
        ...(await argvOf(step.commands.join('\n'), (dir) => writeFileSync(join(dir, 'sftpgo.env'), kit.envFile))),
      );
    const names = kit.variables.map(([name]) => name).join(',');
    const org = ['--org', 'orga_1'];
    expect(calls).toEqual([
      ['git', 'init'],
      ['git', 'add', 'mise.toml', '.gitignore'],
      ['git', 'commit', '-m', 'SFTPGo run task'],
      ['clever', 'login'],
      ['clever', 'create', '--type', 'linux', 'sftp.gate_1', '--region', 'par', ...org],
      [
        'clever',
        'addon',
        'create',
        'postgresql-addon',
        'sftp.gate_1-pg',
        '--plan',
        'xxs_sml',
        '--region',
        'par',
        '--link',
        'sftp.gate_1',
        ...org,
      ],
      [
        'clever',
        'addon',
        'create',
        'cellar-addon',
        'sftp.gate_1-storage',
        '--region',
        'par',
        '--link',
        'sftp.gate_1',
        ...org,
      ],
      ['clever', 'tcp-redirs', 'add', '--namespace', 'default', '--alias', 'sftp.gate_1'],
      ['clever', 'env', 'import-vars', names, '--alias', 'sftp.gate_1'],
      ['clever', 'deploy', '--alias', 'sftp.gate_1'],
      ['clever', 'env', 'rm', 'SFTPGO_DATA_PROVIDER__CREATE_DEFAULT_ADMIN', '--alias', 'sftp.gate_1'],
      ['clever', 'env', 'rm', 'SFTPGO_DEFAULT_ADMIN_USERNAME', '--alias', 'sftp.gate_1'],
      ['clever', 'env', 'rm', 'SFTPGO_DEFAULT_ADMIN_PASSWORD', '--alias', 'sftp.gate_1'],
      ['clever', 'restart', '--alias', 'sftp.gate_1'],
    ]);
  });
});

it('leaves no pwned file behind in the test directory either', () => {
  expect(existsSync(join(process.cwd(), 'pwned'))).toBe(false);
});

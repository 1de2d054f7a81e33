import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingReason } from '../../../../scripts/system-packages.ts';
import {
  BOOTSTRAP_VARIABLES,
  buildDeployKit,
  buildRunScript,
  checkDeployKitInput,
  type DeployKitInput,
} from '../../../../src/core/sftp/deploy-config.ts';
import { generateHostKey, type HostKey } from '../../../../src/core/sftp/ed25519-host-key.ts';
import { generatePassword } from '../../../../src/core/sftp/password.ts';

/** Set when OpenSSH is not installed: the run-task test that reads the key back with ssh-keygen is skipped. */
const noSshKeygen = missingReason('sshKeygen', existsSync);

let hostKey: HostKey;
let input: DeployKitInput;
const dir = mkdtempSync(join(tmpdir(), 'keyhole-deploy-'));

beforeAll(async () => {
  hostKey = await generateHostKey();
  input = {
    appName: 'sftp-gateway',
    organisationId: '',
    region: 'par',
    postgresqlPlan: 'xxs_sml',
    adminUsername: 'admin',
    adminPassword: generatePassword(),
    hostKeyBase64: hostKey.privateKeyFileBase64,
    sftpgoVersion: 'latest',
  };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** NAME=value lines of an env file, comments and blank lines left out. */
function parseEnvFile(text: string): [string, string][] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const at = line.indexOf('=');
      return [line.slice(0, at), line.slice(at + 1)];
    });
}

describe('the environment file', () => {
  it('sets exactly the server configuration, host key and bootstrap variables, with SFTPGo’s names', () => {
    const kit = buildDeployKit(input);
    expect(parseEnvFile(kit.envFile)).toEqual([
      ['SFTPGO_DATA_PROVIDER__DRIVER', 'postgresql'],
      ['SFTPGO_LOG_LEVEL', 'info'],
      ['SFTPGO_SFTPD__BINDINGS__0__PORT', '4040'],
      ['SFTPGO_HTTPD__BINDINGS__0__PORT', '8080'],
      ['SFTPGO_HTTPD__BINDINGS__0__ADDRESS', '0.0.0.0'],
      ['SFTPGO_HOST_KEY_B64', hostKey.privateKeyFileBase64],
      ['SFTPGO_DATA_PROVIDER__CREATE_DEFAULT_ADMIN', '1'],
      ['SFTPGO_DEFAULT_ADMIN_USERNAME', 'admin'],
      ['SFTPGO_DEFAULT_ADMIN_PASSWORD', input.adminPassword],
    ]);
    expect(kit.variables).toEqual(parseEnvFile(kit.envFile));
  });

  it('carries no secret but the generated admin password and host key: no database URI, no storage keys', () => {
    const kit = buildDeployKit(input);
    const all = `${kit.envFile}\n${kit.miseToml}\n${JSON.stringify(kit.checklist)}`;
    expect(all).not.toMatch(/postgres(ql)?:\/\//);
    expect(all).not.toMatch(/CELLAR_ADDON_KEY_SECRET=/);
    expect(kit.miseToml).not.toContain(input.adminPassword);
    expect(kit.miseToml).not.toContain(hostKey.privateKeyFileBase64);
    expect(JSON.stringify(kit.checklist)).not.toContain(input.adminPassword);
    expect(JSON.stringify(kit.checklist)).not.toContain(hostKey.privateKeyFileBase64);
  });

  it('can be sourced by sh as is (what the checklist tells the user to do)', () => {
    const kit = buildDeployKit(input);
    const file = join(dir, 'sftpgo.env');
    writeFileSync(file, kit.envFile);
    const out = execFileSync('sh', ['-c', `set -a; . "${file}"; set +a; env`], { encoding: 'utf8', env: {} });
    for (const [name, value] of kit.variables) expect(`\n${out}`).toContain(`\n${name}=${value}\n`);
  });

  it('reminds to delete the bootstrap variables and warns about debug logs', () => {
    const { envFile } = buildDeployKit(input);
    expect(envFile).toMatch(/DELETE these three after the first deploy, then restart/);
    expect(envFile).toMatch(/setup page is public/);
    expect(envFile).toMatch(/debug logs can print the database URI/);
  });
});

describe('mise.toml', () => {
  it('installs SFTPGo and defines the run task, in a literal TOML string', () => {
    const { miseToml } = buildDeployKit({ ...input, sftpgoVersion: '2.6.6' });
    expect(miseToml).toContain('[tools]\n"github:drakkan/sftpgo" = "2.6.6"\n');
    expect(miseToml).toContain('[tasks.run]\n');
    const script = /run = '''\n([\s\S]*?)\n'''/.exec(miseToml)?.[1];
    expect(script).toBe(buildRunScript());
    expect(script).not.toContain("'''");
    expect(miseToml).toMatch(/CC_RUN_COMMAND/);
  });

  it('has a run task that restores the key (600 in a 700 directory), maps the database URI and starts SFTPGo', ({
    skip,
  }) => {
    skip(noSshKeygen !== undefined, noSshKeygen);
    const runtimeDir = join(dir, 'runtime');
    const bin = join(dir, 'bin');
    execFileSync('mkdir', ['-p', bin]);
    // A stand-in for the sftpgo binary: records what it was started with.
    const record = join(dir, 'started-with.txt');
    writeFileSync(
      join(bin, 'sftpgo'),
      `#!/bin/sh\n{ echo "args=$*"; echo "keys=$SFTPGO_SFTPD__HOST_KEYS"; echo "db=$SFTPGO_DATA_PROVIDER__CONNECTION_STRING"; echo "log=[$SFTPGO_LOG_FILE_PATH]"; } > "${record}"\n`,
    );
    chmodSync(join(bin, 'sftpgo'), 0o755);
    const result = spawnSync('sh', ['-c', buildRunScript(runtimeDir)], {
      encoding: 'utf8',
      env: {
        PATH: `${bin}:/usr/bin:/bin`,
        SFTPGO_HOST_KEY_B64: hostKey.privateKeyFileBase64,
        POSTGRESQL_ADDON_URI: 'postgresql://u:p@db.test:5432/sftpgo',
      },
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const keyFile = join(runtimeDir, 'ssh_host_ed25519_key');
    expect(statSync(runtimeDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(runtimeDir, 'data')).mode & 0o777).toBe(0o700);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(keyFile, 'utf8')).toBe(hostKey.privateKeyFile);
    expect(execFileSync('/usr/bin/ssh-keygen', ['-y', '-f', keyFile], { encoding: 'utf8' }).trim()).toBe(
      hostKey.publicKeyLine,
    );
    expect(readFileSync(record, 'utf8')).toBe(
      `args=serve --config-dir ${bin}\nkeys=${keyFile}\ndb=postgresql://u:p@db.test:5432/sftpgo\nlog=[]\n`,
    );
  });

  it('stops with a clear message when the key variable or the database is missing', () => {
    const runtimeDir = join(dir, 'runtime-missing');
    const noKey = spawnSync('sh', ['-c', buildRunScript(runtimeDir)], {
      encoding: 'utf8',
      env: { PATH: '/usr/bin:/bin', POSTGRESQL_ADDON_URI: 'postgresql://x' },
    });
    expect(noKey.status).not.toBe(0);
    expect(noKey.stderr).toMatch(/SFTPGO_HOST_KEY_B64: is not set/);
    const noDb = spawnSync('sh', ['-c', buildRunScript(runtimeDir)], {
      encoding: 'utf8',
      env: { PATH: '/usr/bin:/bin', SFTPGO_HOST_KEY_B64: 'AAAA' },
    });
    expect(noDb.stderr).toMatch(/POSTGRESQL_ADDON_URI: is not set: link the PostgreSQL add-on/);
    const badKey = spawnSync('sh', ['-c', buildRunScript(runtimeDir)], {
      encoding: 'utf8',
      env: { PATH: '/usr/bin:/bin', SFTPGO_HOST_KEY_B64: '!!!', POSTGRESQL_ADDON_URI: 'postgresql://x' },
    });
    expect(badKey.status).not.toBe(0);
  });
});

describe('the checklist', () => {
  it('walks through the platform steps with clever commands', () => {
    const { checklist } = buildDeployKit({ ...input, organisationId: 'orga_1234' });
    const commands = checklist.flatMap((step) => step.commands);
    expect(commands).toContain('clever create --type linux sftp-gateway --region par --org orga_1234');
    expect(commands).toContain(
      'clever addon create postgresql-addon sftp-gateway-pg --plan xxs_sml --region par --link sftp-gateway --org orga_1234',
    );
    expect(commands).toContain(
      'clever addon create cellar-addon sftp-gateway-storage --region par --link sftp-gateway --org orga_1234',
    );
    expect(commands).toContain('clever tcp-redirs add --namespace default --alias sftp-gateway');
    expect(commands).toContain('clever deploy --alias sftp-gateway');
    for (const name of BOOTSTRAP_VARIABLES) expect(commands).toContain(`clever env rm ${name} --alias sftp-gateway`);
    expect(commands.indexOf('clever restart --alias sftp-gateway')).toBeGreaterThan(
      commands.indexOf('clever env rm SFTPGO_DEFAULT_ADMIN_PASSWORD --alias sftp-gateway'),
    );
    expect(commands.join('\n')).toContain(
      'clever env import-vars SFTPGO_DATA_PROVIDER__DRIVER,SFTPGO_LOG_LEVEL,SFTPGO_SFTPD__BINDINGS__0__PORT,SFTPGO_HTTPD__BINDINGS__0__PORT,SFTPGO_HTTPD__BINDINGS__0__ADDRESS,SFTPGO_HOST_KEY_B64,SFTPGO_DATA_PROVIDER__CREATE_DEFAULT_ADMIN,SFTPGO_DEFAULT_ADMIN_USERNAME,SFTPGO_DEFAULT_ADMIN_PASSWORD --alias sftp-gateway',
    );
    expect(checklist.map((step) => step.id)).toEqual([
      'repository',
      'application',
      'addons',
      'tcp-redirection',
      'environment',
      'deploy',
      'remove-bootstrap',
      'bucket',
      'users',
    ]);
  });

  it('leaves --org out for the personal organisation', () => {
    const { checklist } = buildDeployKit(input);
    expect(checklist.flatMap((step) => step.commands).join('\n')).not.toContain('--org');
  });
});

describe('checkDeployKitInput', () => {
  it('accepts a complete form', () => {
    expect(checkDeployKitInput(input)).toEqual({});
  });

  it('names every field that would break a command or the configuration', () => {
    expect(
      checkDeployKitInput({
        appName: 'my app; rm -rf',
        organisationId: 'orga $x',
        region: 'PAR',
        postgresqlPlan: 'XXS SML',
        adminUsername: 'ad min',
        adminPassword: 'short',
        hostKeyBase64: '',
        sftpgoVersion: 'v2',
      }),
    ).toEqual({
      appName: expect.any(String),
      organisationId: expect.any(String),
      region: expect.any(String),
      postgresqlPlan: expect.any(String),
      adminUsername: expect.any(String),
      adminPassword: expect.any(String),
      hostKeyBase64: expect.any(String),
      sftpgoVersion: expect.any(String),
    });
    expect(() => buildDeployKit({ ...input, appName: '' })).toThrow(/appName/);
  });

  it('refuses a zone the clever CLI would read as an option (`--region --help` prints the help)', () => {
    for (const region of ['--help', '-h', '-par'])
      expect(checkDeployKitInput({ ...input, region })).toEqual({ region: expect.stringMatching(/zone id/) });
    expect(checkDeployKitInput({ ...input, region: 'eu-west-1' })).toEqual({});
  });
});

/**
 * `clever-tools` 4.11.0 commands around an application, unchanged, against the sandbox over HTTPS: domains, TCP
 * redirections, service links, e-mail notifications and webhooks, add-ons created and deleted with the real
 * PostgreSQL plan list, SSH keys. Each step names its HTTP exchanges and reads the state back; two steps check that
 * a refusal comes back the way the CLI reports it.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { CleverSandbox } from './clever-cli.ts';
import { commandLine, json, lateStep, stepsWith } from './cli-steps.ts';
import type { ConformanceContext } from './context.ts';
import { type Step, stripAnsi } from './recorder.ts';

/** A command that must fail (exit 1) with this message, after exactly the named exchanges. */
function failingStep(cli: CleverSandbox, args: string[], http: string[], message: string): Step {
  return {
    tool: 'clever',
    call: commandLine(args),
    http,
    run: async () => {
      const result = await cli.run(args);
      expect(result.status).toBe(1);
      expect(stripAnsi(result.stderr)).toContain(message);
      return `exit 1: ${message}`;
    },
  };
}

/** Domains, TCP redirections, service links, SSH keys. */
export function cliNetworkSteps(ctx: ConformanceContext, cli: CleverSandbox): Step[] {
  const { ids, platform, carry } = ctx;
  const step = stepsWith(cli);
  const cron = ids.cronAppId;
  const app = () => platform.state.applications.get(cron)!;
  const vhosts = () =>
    platform.state.catalogCollections.get(`/v2/organisations/${ids.enginesId}/applications/${cron}/vhosts`)!;
  const keys = () => platform.state.catalogCollections.get(`/v2/organisations/${ids.userId}/keys`)!;
  return [
    // The CLI lists the application's own `vhosts` and asks which one is the favourite.
    step(
      ['domain', '--app', cron],
      ['GET /v2/organisations/*/applications/* 200', 'GET /applications/*/vhosts/favourite 200'],
      (output) => {
        expect(output).toContain('.sandbox-apps.keyhole.test');
        return 'the default domain';
      },
    ),
    step(
      ['domain', 'add', 'cli.example.test', '--app', cron],
      ['PUT /applications/*/vhosts/cli.example.test 200'],
      () => {
        expect(vhosts().has('cli.example.test')).toBe(true);
        return 'added';
      },
    ),
    step(
      ['domain', 'favourite', 'set', 'cli.example.test', '--app', cron],
      ['PUT /applications/*/vhosts/favourite 200'],
      () => 'favourite set',
    ),
    step(
      ['domain', 'rm', 'cli.example.test', '--app', cron],
      ['DELETE /applications/*/vhosts/cli.example.test 200'],
      () => {
        expect(vhosts().has('cli.example.test')).toBe(false);
        return 'removed';
      },
    ),
    step(['tcp-redirs', 'list-namespaces', '--app', cron], ['GET /v2/organisations/*/namespaces 200'], (output) => {
      expect(output).toContain('cleverapps');
      return 'default, cleverapps';
    }),
    step(
      ['tcp-redirs', 'add', '--namespace', 'cleverapps', '--app', cron],
      ['POST /applications/*/tcpRedirs 200'],
      (output) => {
        carry.tcpPort = /port: (\d+)/.exec(output)![1]!;
        expect(platform.state.tcpRedirs.get(cron)).toContainEqual({
          namespace: 'cleverapps',
          port: Number(carry.tcpPort),
        });
        return `port ${carry.tcpPort}`;
      },
    ),
    lateStep(
      cli,
      'clever tcp-redirs remove <port> --namespace cleverapps --app <cron>',
      ['DELETE /applications/*/tcpRedirs/* 200'],
      () => ['tcp-redirs', 'remove', carry.tcpPort!, '--namespace', 'cleverapps', '--app', cron],
      () => {
        expect(platform.state.tcpRedirs.get(cron)).toEqual([]);
        return 'removed';
      },
    ),
    step(['service', 'link-app', ids.webAppId, '--app', cron], ['PUT /applications/*/dependencies/* 200'], () => {
      expect(app().dependencies).toContain(ids.webAppId);
      return 'engine-web is a dependency';
    }),
    step(['service', 'unlink-app', ids.webAppId, '--app', cron], ['DELETE /applications/*/dependencies/* 200'], () => {
      expect(app().dependencies).not.toContain(ids.webAppId);
      return 'unlinked';
    }),
    step(['service', 'link-addon', 'engine-cache', '--app', cron], ['POST /applications/*/addons 200'], () => {
      expect(app().linkedAddons).toHaveLength(1);
      return 'engine-cache linked';
    }),
    step(['service', 'unlink-addon', 'engine-cache', '--app', cron], ['DELETE /applications/*/addons/* 200'], () => {
      expect(app().linkedAddons).toEqual([]);
      return 'unlinked';
    }),
    ...sshKeySteps(cli, keys),
  ];
}

/** E-mail notifications, webhooks, and an add-on created with a PostgreSQL plan (and one refused) then deleted. */
export function cliNotificationAndAddonSteps(ctx: ConformanceContext, cli: CleverSandbox): Step[] {
  const { ids, platform, carry } = ctx;
  const step = stepsWith(cli);
  const hooks = (kind: string) => platform.state.catalogCollections.get(`/v2/notifications/${kind}/${ids.worksId}`)!;
  const engines = ['--org', ids.enginesId];
  const works = ['--org', ids.worksId];
  return [
    step(['notify-email', ...works], ['GET /v2/notifications/emailhooks/* 200'], (output) => {
      expect(output).toContain('Deployment results');
      return '`notified` read as an array';
    }),
    step(
      [
        'notify-email',
        'add',
        'cli-deploys',
        ...works,
        '--notify',
        'ops@example.test,organisation',
        '--event',
        'META_DEPLOYMENT_RESULT',
      ],
      ['POST /v2/notifications/emailhooks/* 200'],
      () => {
        const hook = [...hooks('emailhooks').values()].find((candidate) => candidate.name === 'cli-deploys')!;
        carry.emailHookId = String(hook.id);
        expect(hook).toMatchObject({
          notified: [{ type: 'email', target: 'ops@example.test' }, { type: 'organisation' }],
          events: ['META_DEPLOYMENT_RESULT'],
        });
        return 'stored with its targets';
      },
    ),
    step(['notify-email', ...works, '--format', 'json'], ['GET /v2/notifications/emailhooks/* 200'], (_o, out) => {
      const mine = json<{ id: string; notified: string[] }[]>(out).find((hook) => hook.id === carry.emailHookId);
      expect(mine?.notified).toEqual(['ops@example.test', 'whole team']);
      return 'targets read back';
    }),
    lateStep(
      cli,
      'clever notify-email remove <id> --org <works>',
      ['DELETE /v2/notifications/emailhooks/*/* 204'],
      () => ['notify-email', 'remove', carry.emailHookId!, ...works],
      () => {
        expect(hooks('emailhooks').has(carry.emailHookId!)).toBe(false);
        return 'removed';
      },
    ),
    step(['webhooks', ...works], ['GET /v2/notifications/webhooks/* 200'], (output) => {
      expect(output).toContain('(slack)');
      return '`urls` read as an array';
    }),
    step(
      [
        'webhooks',
        'add',
        'cli-chat',
        'https://hooks.example.test/cli',
        ...works,
        '--format',
        'raw',
        '--event',
        'META_CREDITS',
      ],
      ['POST /v2/notifications/webhooks/* 200'],
      () => {
        const hook = [...hooks('webhooks').values()].find((candidate) => candidate.name === 'cli-chat')!;
        carry.webhookId = String(hook.id);
        expect(hook).toMatchObject({
          urls: [{ format: 'raw', url: 'https://hooks.example.test/cli' }],
          events: ['META_CREDITS'],
        });
        return 'stored';
      },
    ),
    lateStep(
      cli,
      'clever webhooks remove <id> --org <works>',
      ['DELETE /v2/notifications/webhooks/*/* 204'],
      () => ['webhooks', 'remove', carry.webhookId!, ...works],
      () => {
        expect(hooks('webhooks').has(carry.webhookId!)).toBe(false);
        return 'removed';
      },
    ),
    step(['addon', 'providers', 'show', 'postgresql-addon'], ['GET /v2/products/addonproviders 200'], (output) => {
      expect(output).toContain('Plan xxs_sml');
      expect(output).toContain('Type: DEDICATED');
      return 'plans with their features';
    }),
    step(
      [
        'addon',
        'create',
        'postgresql-addon',
        'cli-pg',
        '--plan',
        'xxs_sml',
        '--region',
        'par',
        ...engines,
        '--yes',
        '--format',
        'json',
      ],
      ['GET /v4/addon-providers/postgresql-addon 200', 'POST /v2/organisations/*/addons 200', 'GET /addons/*/env 200'],
      (_o, out) => {
        const created = json<{ id: string; realId: string; env: { name: string }[] }>(out);
        carry.cliAddonId = created.id;
        expect(platform.state.addons.get(created.id)?.view).toMatchObject({
          name: 'cli-pg',
          plan: { slug: 'xxs_sml' },
        });
        expect(created.env.map((variable) => variable.name)).toContain('POSTGRESQL_ADDON_URI');
        return `${created.realId.slice(0, 20)}…, XXS Small Space`;
      },
    ),
    failingStep(
      cli,
      ['addon', 'create', 'postgresql-addon', 'cli-nope', '--plan', 'nope', ...engines, '--yes'],
      ['GET /v2/products/addonproviders 200'],
      'Invalid plan name. Available plans: dev, xxs_sml',
    ),
    step(['addon', 'delete', 'cli-pg', ...engines, '--yes'], ['DELETE /v2/organisations/*/addons/* 200'], () => {
      expect(platform.state.addons.has(carry.cliAddonId!)).toBe(false);
      return 'deleted';
    }),
  ];
}

function sshKeySteps(cli: CleverSandbox, keys: () => Map<string, Record<string, unknown>>): Step[] {
  const step = stepsWith(cli);
  const keyFile = join(cli.home, 'id_ed25519');
  const badFile = join(cli.home, 'not-a-key.pub');
  return [
    step(['ssh-keys', '--format', 'json'], ['GET /v2/self/keys 200'], (_o, out) => {
      expect(json<{ name: string; fingerprint: string }[]>(out)[0]).toMatchObject({
        name: 'laptop',
        fingerprint: expect.stringMatching(/^SHA256:/),
      });
      return 'one key';
    }),
    {
      tool: 'clever',
      call: 'clever ssh-keys add cli-key <ssh-keygen public key file>',
      http: ['PUT /v2/self/keys/cli-key 200'],
      run: async () => {
        execFileSync('ssh-keygen', ['-t', 'ed25519', '-N', '', '-q', '-C', 'cli@sandbox', '-f', keyFile]);
        const result = await cli.run(['ssh-keys', 'add', 'cli-key', `${keyFile}.pub`]);
        expect(result.status).toBe(0);
        const fingerprint = execFileSync('ssh-keygen', ['-l', '-f', `${keyFile}.pub`], { encoding: 'utf8' }).split(
          ' ',
        )[1];
        // The fingerprint OpenSSH itself computes.
        expect(keys().get('cli-key')).toMatchObject({ fingerprint });
        return `stored, ${fingerprint!.slice(0, 16)}…`;
      },
    },
    {
      tool: 'clever',
      call: 'clever ssh-keys add bad-key <a file that is not a key>',
      http: ['PUT /v2/self/keys/bad-key 400'],
      run: async () => {
        writeFileSync(badFile, 'this is not an SSH key\n');
        const result = await cli.run(['ssh-keys', 'add', 'bad-key', badFile]);
        expect(result.status).toBe(1);
        expect(stripAnsi(result.stderr)).toContain('This SSH key is not valid');
        expect(keys().has('bad-key')).toBe(false);
        return 'exit 1: refused with id 505';
      },
    },
    step(['ssh-keys', 'remove', 'cli-key'], ['DELETE /v2/self/keys/cli-key 200'], () => {
      expect(keys().has('cli-key')).toBe(false);
      return 'removed';
    }),
  ];
}

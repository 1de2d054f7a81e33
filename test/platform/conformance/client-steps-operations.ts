/**
 * `@clevercloud/client` 12.0.0, unchanged, against the sandbox: deployments (start, list, cancel, stop), log drains,
 * e-mail notifications and webhooks, domains and the primary one, TCP redirections, personal SSH keys. Each step
 * names its HTTP exchanges and reads the state back.
 */
import { generateKeyPairSync } from 'node:crypto';
import { DeployApplicationCommand } from '@clevercloud/client/cc-api-commands/application/deploy-application-command.js';
import { UndeployApplicationCommand } from '@clevercloud/client/cc-api-commands/application/undeploy-application-command.js';
import { CancelDeploymentCommand } from '@clevercloud/client/cc-api-commands/deployment/cancel-deployment-command.js';
import { GetDeploymentCommandLegacy } from '@clevercloud/client/cc-api-commands/deployment/get-deployment-command.js';
import { ListDeploymentCommand } from '@clevercloud/client/cc-api-commands/deployment/list-deployment-command.js';
import { CreateDomainCommand } from '@clevercloud/client/cc-api-commands/domain/create-domain-command.js';
import { DeleteDomainCommand } from '@clevercloud/client/cc-api-commands/domain/delete-domain-command.js';
import { GetPrimaryDomainCommand } from '@clevercloud/client/cc-api-commands/domain/get-primary-domain-command.js';
import { ListDomainCommand } from '@clevercloud/client/cc-api-commands/domain/list-domain-command.js';
import { SetPrimaryDomainCommand } from '@clevercloud/client/cc-api-commands/domain/set-primary-domain-command.js';
import { UnsetPrimaryDomainCommand } from '@clevercloud/client/cc-api-commands/domain/unset-primary-domain-command.js';
import { CreateLogDrainCommand } from '@clevercloud/client/cc-api-commands/log-drain/create-log-drain-command.js';
import { DeleteLogDrainCommand } from '@clevercloud/client/cc-api-commands/log-drain/delete-log-drain-command.js';
import { DisableLogDrainCommand } from '@clevercloud/client/cc-api-commands/log-drain/disable-log-drain-command.js';
import { EnableLogDrainCommand } from '@clevercloud/client/cc-api-commands/log-drain/enable-log-drain-command.js';
import { ListLogDrainCommand } from '@clevercloud/client/cc-api-commands/log-drain/list-log-drain-command.js';
import { CreateEmailNotificationCommand } from '@clevercloud/client/cc-api-commands/notification/create-email-notification-command.js';
import { CreateWebhookNotificationCommand } from '@clevercloud/client/cc-api-commands/notification/create-webhook-notification-command.js';
import { DeleteEmailNotificationCommand } from '@clevercloud/client/cc-api-commands/notification/delete-email-notification-command.js';
import { DeleteWebhookNotificationCommand } from '@clevercloud/client/cc-api-commands/notification/delete-webhook-notification-command.js';
import { ListEmailNotificationCommand } from '@clevercloud/client/cc-api-commands/notification/list-email-notification-command.js';
import { ListWebhookNotificationCommand } from '@clevercloud/client/cc-api-commands/notification/list-webhook-notification-command.js';
import { CreatePersonalSshKeyCommand } from '@clevercloud/client/cc-api-commands/ssh-key/create-personal-ssh-key-command.js';
import { DeletePersonalSshKeyCommand } from '@clevercloud/client/cc-api-commands/ssh-key/delete-personal-ssh-key-command.js';
import { ListPersonalSshKeyCommand } from '@clevercloud/client/cc-api-commands/ssh-key/list-personal-ssh-key-command.js';
import { CreateTcpRedirectionCommand } from '@clevercloud/client/cc-api-commands/tcp-redirection/create-tcp-redirection-command.js';
import { DeleteTcpRedirectionCommand } from '@clevercloud/client/cc-api-commands/tcp-redirection/delete-tcp-redirection-command.js';
import { ListTcpRedirectionCommand } from '@clevercloud/client/cc-api-commands/tcp-redirection/list-tcp-redirection-command.js';
import { ListTcpRedirectionNamespaceCommand } from '@clevercloud/client/cc-api-commands/tcp-redirection/list-tcp-redirection-namespace-command.js';
import { expect } from 'vitest';
import { ed25519KeyLine } from '../resources-ssh-keys.ts';
import type { ConformanceContext } from './context.ts';
import type { Step } from './recorder.ts';

const APP = '/v2/organisations/*/applications/*';
const DRAINS = '/v4/drains/organisations/*/applications/*/drains';

/** An OpenSSH public key line for a fresh ed25519 key (what `ssh-keygen` writes to `id_ed25519.pub`). */
function sshPublicKey(comment: string): string {
  const raw = Buffer.from(generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x!, 'base64url');
  return ed25519KeyLine(raw, comment);
}

export function operationSteps(ctx: ConformanceContext): Step[] {
  const { client, ids, carry, platform } = ctx;
  const step = (call: string, http: string[], run: () => Promise<string>): Step => ({
    tool: 'client',
    call,
    http,
    run,
  });
  const web = { ownerId: ids.enginesId, applicationId: ids.webAppId };
  const app = () => platform.state.applications.get(ids.webAppId)!;
  const drains = () => platform.state.resourceDrains.get(ids.webAppId)!;
  const vhosts = () =>
    platform.state.catalogCollections.get(`/v2/organisations/${ids.enginesId}/applications/${ids.webAppId}/vhosts`)!;
  const hooks = (kind: string) => platform.state.catalogCollections.get(`/v2/notifications/${kind}/${ids.worksId}`)!;
  const works = { ownerId: ids.worksId };
  return [
    step('DeployApplicationCommand', [`POST ${APP}/instances 200`], async () => {
      const { deploymentId } = await client.send(new DeployApplicationCommand(web));
      carry.deploymentId = deploymentId;
      expect(deploymentId).toMatch(/^deployment_/);
      expect(app().view.state).toBe('SHOULD_BE_UP');
      return `deploymentId ${deploymentId.slice(0, 18)}…`;
    }),
    step('ListDeploymentCommand {limit: 2}', [`GET ${APP}/deployments 200`], async () => {
      const list = await client.send(new ListDeploymentCommand({ ...web, limit: 2 }));
      expect(list).toHaveLength(2);
      expect(list[0]).toMatchObject({ id: carry.deploymentId, state: 'WORK_IN_PROGRESS', action: 'DEPLOY' });
      // The client's normalizeDate made the epoch-ms `date` an ISO string.
      expect(list[0]!.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      return `newest first, ${list[0]!.state}`;
    }),
    step('GetDeploymentCommandLegacy', [`GET ${APP}/deployments/* 200`], async () => {
      const deployment = await client.send(
        new GetDeploymentCommandLegacy({ ...web, deploymentId: carry.deploymentId! }),
      );
      expect(deployment).toMatchObject({ id: carry.deploymentId, index: expect.any(Number) });
      return `index ${deployment.index}`;
    }),
    step('CancelDeploymentCommand', [`DELETE ${APP}/deployments/*/instances 200`], async () => {
      await client.send(new CancelDeploymentCommand({ ...web, deploymentId: carry.deploymentId! }));
      const deployment = await client.send(
        new GetDeploymentCommandLegacy({ ...web, deploymentId: carry.deploymentId! }),
      );
      expect(deployment.state).toBe('CANCELLED');
      return 'CANCELLED, read back';
    }),
    step('UndeployApplicationCommand', [`DELETE ${APP}/instances 200`], async () => {
      await client.send(new UndeployApplicationCommand(web));
      expect(app().view.state).toBe('SHOULD_BE_DOWN');
      const [newest] = await client.send(new ListDeploymentCommand({ ...web, limit: 1 }));
      expect(newest).toMatchObject({ action: 'UNDEPLOY', state: 'SUCCEEDED' });
      return 'SHOULD_BE_DOWN, UNDEPLOY listed';
    }),
    step(
      'CreateLogDrainCommand {SYSLOG_TCP} (waits until enabled)',
      [`POST ${DRAINS} 200`, `GET ${DRAINS}/* 200`],
      async () => {
        const drain = await client.send(
          new CreateLogDrainCommand({
            ...web,
            kind: 'LOG',
            target: { type: 'SYSLOG_TCP', url: 'tcp://logs.example.test:514', structuredDataParameters: 'token="x"' },
          } as never),
        );
        carry.clientDrainId = drain.id;
        expect(drains().get(drain.id)).toMatchObject({
          recipient: { type: 'SYSLOG_TCP' },
          status: { status: 'ENABLED' },
        });
        return `${drain.id.slice(0, 14)}…, ${drain.status}`;
      },
    ),
    step('ListLogDrainCommand', [`GET ${DRAINS} 200`], async () => {
      const list = await client.send(new ListLogDrainCommand(web));
      expect(list.find((drain) => drain.id === carry.clientDrainId)?.target).toMatchObject({ type: 'SYSLOG_TCP' });
      return `${list.length} drains`;
    }),
    step(
      'DisableLogDrainCommand (waits until disabled)',
      [`PUT ${DRAINS}/*/disable 200`, `GET ${DRAINS}/* 200`],
      async () => {
        await client.send(new DisableLogDrainCommand({ ...web, drainId: carry.clientDrainId! }));
        expect(drains().get(carry.clientDrainId!)?.status).toMatchObject({ status: 'DISABLED' });
        return 'DISABLED';
      },
    ),
    step(
      'EnableLogDrainCommand (waits until enabled)',
      [`PUT ${DRAINS}/*/enable 200`, `GET ${DRAINS}/* 200`],
      async () => {
        await client.send(new EnableLogDrainCommand({ ...web, drainId: carry.clientDrainId! }));
        expect(drains().get(carry.clientDrainId!)?.status).toMatchObject({ status: 'ENABLED' });
        return 'ENABLED';
      },
    ),
    step('DeleteLogDrainCommand', [`DELETE ${DRAINS}/* 200`], async () => {
      await client.send(new DeleteLogDrainCommand({ ...web, drainId: carry.clientDrainId! }));
      expect(drains().has(carry.clientDrainId!)).toBe(false);
      return 'gone';
    }),
    step('CreateEmailNotificationCommand', ['POST /v2/notifications/emailhooks/* 200'], async () => {
      const hook = await client.send(
        new CreateEmailNotificationCommand({
          ...works,
          name: 'client-credits',
          targets: [{ type: 'email', emailAddresses: ['a@example.test', 'b@example.test'] }, { type: 'organisation' }],
          events: ['META_CREDITS'],
          scope: [ids.worksId],
        } as never),
      );
      carry.clientEmailHookId = hook.id;
      expect(hooks('emailhooks').get(hook.id)).toMatchObject({
        notified: [{ type: 'email', target: 'a@example.test,b@example.test' }, { type: 'organisation' }],
      });
      return `${hook.targets.length} targets`;
    }),
    step('ListEmailNotificationCommand', ['GET /v2/notifications/emailhooks/* 200'], async () => {
      const list = await client.send(new ListEmailNotificationCommand(works));
      const mine = list.find((hook) => hook.id === carry.clientEmailHookId);
      expect(mine?.targets).toContainEqual({ type: 'email', emailAddresses: ['a@example.test', 'b@example.test'] });
      return `${list.length} hooks`;
    }),
    step('DeleteEmailNotificationCommand', ['DELETE /v2/notifications/emailhooks/*/* 204'], async () => {
      await client.send(
        new DeleteEmailNotificationCommand({ ...works, emailNotificationId: carry.clientEmailHookId! }),
      );
      expect(hooks('emailhooks').has(carry.clientEmailHookId!)).toBe(false);
      return 'gone';
    }),
    step('CreateWebhookNotificationCommand', ['POST /v2/notifications/webhooks/* 200'], async () => {
      const hook = (await client.send(
        new CreateWebhookNotificationCommand({
          ...works,
          name: 'client-hook',
          urls: [{ format: 'gitter', url: 'https://hooks.example.test/client' }],
          events: ['META_SERVICE_LIFECYCLE'],
          scope: [ids.worksId],
        } as never),
      )) as { id: string };
      carry.clientWebhookId = hook.id;
      expect(hooks('webhooks').get(hook.id)).toMatchObject({ urls: [{ format: 'gitter' }] });
      return 'stored';
    }),
    step('ListWebhookNotificationCommand', ['GET /v2/notifications/webhooks/* 200'], async () => {
      const list = (await client.send(new ListWebhookNotificationCommand(works))) as { id: string }[];
      expect(list.map((hook) => hook.id)).toContain(carry.clientWebhookId);
      return `${list.length} webhooks`;
    }),
    step('DeleteWebhookNotificationCommand', ['DELETE /v2/notifications/webhooks/*/* 204'], async () => {
      await client.send(
        new DeleteWebhookNotificationCommand({ ...works, webhookNotificationId: carry.clientWebhookId! }),
      );
      expect(hooks('webhooks').has(carry.clientWebhookId!)).toBe(false);
      return 'gone';
    }),
    ...domainAndNetworkSteps(ctx, step, web, vhosts),
  ];
}

function domainAndNetworkSteps(
  ctx: ConformanceContext,
  step: (call: string, http: string[], run: () => Promise<string>) => Step,
  web: { ownerId: string; applicationId: string },
  vhosts: () => Map<string, Record<string, unknown>>,
): Step[] {
  const { client, carry, platform, ids } = ctx;
  const keys = () => platform.state.catalogCollections.get(`/v2/organisations/${ids.userId}/keys`)!;
  return [
    step('CreateDomainCommand', [`PUT ${APP}/vhosts/client.example.test 200`], async () => {
      await client.send(new CreateDomainCommand({ ...web, domain: 'client.example.test' }));
      expect(vhosts().has('client.example.test')).toBe(true);
      return 'added';
    }),
    step('SetPrimaryDomainCommand', [`PUT ${APP}/vhosts/favourite 200`], async () => {
      await client.send(new SetPrimaryDomainCommand({ ...web, domain: 'client.example.test' }));
      return 'set';
    }),
    step(
      'ListDomainCommand (with the primary one)',
      [`GET ${APP}/vhosts 200`, `GET ${APP}/vhosts/favourite 200`],
      async () => {
        const domains = await client.send(new ListDomainCommand(web));
        expect(domains.find((domain) => domain.domain === 'client.example.test')?.isPrimary).toBe(true);
        return `${domains.length} domains, client.example.test primary`;
      },
    ),
    step('GetPrimaryDomainCommand', [`GET ${APP}/vhosts/favourite 200`], async () => {
      const primary = await client.send(new GetPrimaryDomainCommand(web));
      expect(primary?.domain).toBe('client.example.test');
      return primary!.domain;
    }),
    step('UnsetPrimaryDomainCommand', [`DELETE ${APP}/vhosts/favourite 200`], async () => {
      await client.send(new UnsetPrimaryDomainCommand(web));
      const domains = await client.send(new ListDomainCommand(web));
      expect(domains.find((domain) => domain.domain === 'client.example.test')?.isPrimary).toBe(false);
      return 'no primary any more';
    }),
    step('DeleteDomainCommand', [`DELETE ${APP}/vhosts/client.example.test 200`], async () => {
      await client.send(new DeleteDomainCommand({ ...web, domain: 'client.example.test' }));
      expect(vhosts().has('client.example.test')).toBe(false);
      return 'removed';
    }),
    step('ListTcpRedirectionNamespaceCommand', ['GET /v2/organisations/*/namespaces 200'], async () => {
      const namespaces = (await client.send(
        new ListTcpRedirectionNamespaceCommand({ ownerId: ids.enginesId }),
      )) as unknown[];
      expect(namespaces).toHaveLength(2);
      return `${namespaces.length} namespaces`;
    }),
    step('CreateTcpRedirectionCommand {namespace: "default"}', [`POST ${APP}/tcpRedirs 200`], async () => {
      const created = (await client.send(new CreateTcpRedirectionCommand({ ...web, namespace: 'default' }))) as {
        port: number;
      };
      carry.clientPort = String(created.port);
      expect(platform.state.tcpRedirs.get(ids.webAppId)).toContainEqual({ namespace: 'default', port: created.port });
      return `port ${created.port}`;
    }),
    step('ListTcpRedirectionCommand', [`GET ${APP}/tcpRedirs 200`], async () => {
      const list = (await client.send(new ListTcpRedirectionCommand(web))) as { port: number }[];
      expect(list.map((redir) => redir.port)).toContain(Number(carry.clientPort));
      return `${list.length} redirection`;
    }),
    step('DeleteTcpRedirectionCommand', [`DELETE ${APP}/tcpRedirs/* 200`], async () => {
      await client.send(
        new DeleteTcpRedirectionCommand({ ...web, port: Number(carry.clientPort), namespace: 'default' }),
      );
      expect(platform.state.tcpRedirs.get(ids.webAppId)).toEqual([]);
      return 'removed';
    }),
    step(
      'CreatePersonalSshKeyCommand (then lists)',
      ['PUT /v2/self/keys/client-key 200', 'GET /v2/self/keys 200'],
      async () => {
        const line = sshPublicKey('client@sandbox');
        const key = await client.send(new CreatePersonalSshKeyCommand({ name: 'client-key', key: line }));
        expect(key).toMatchObject({ name: 'client-key', key: line, fingerprint: expect.stringMatching(/^SHA256:/) });
        return key!.fingerprint;
      },
    ),
    step('ListPersonalSshKeyCommand', ['GET /v2/self/keys 200'], async () => {
      const list = await client.send(new ListPersonalSshKeyCommand());
      expect(list.map((key) => key.name)).toEqual(['client-key', 'laptop']);
      return 'sorted by name';
    }),
    step('DeletePersonalSshKeyCommand', ['DELETE /v2/self/keys/client-key 200'], async () => {
      await client.send(new DeletePersonalSshKeyCommand({ name: 'client-key' }));
      expect(keys().has('client-key')).toBe(false);
      return 'removed';
    }),
  ];
}

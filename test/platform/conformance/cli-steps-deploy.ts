/**
 * `clever-tools` 4.11.0 commands about running an application, unchanged, against the sandbox over HTTPS/WSS:
 * activity (and `-f` on the events socket), status, restart (polls the deployment to its end), stop, scale, drains
 * (the v4 API by resource), and an add-on's logs (ends on END_OF_STREAM). Each step names its HTTP exchanges and
 * reads the state back.
 */

import { DeployApplicationCommand } from '@clevercloud/client/cc-api-commands/application/deploy-application-command.js';
import { expect } from 'vitest';
import type { CleverSandbox } from './clever-cli.ts';
import { json, lateStep, stepsWith } from './cli-steps.ts';
import type { ConformanceContext } from './context.ts';
import type { Step } from './recorder.ts';

interface Status {
  status: string;
  commit?: string;
  instances: { flavor: string; count: number }[];
  scalability: { vertical: { min: string; max: string }; horizontal: { min: number; max: number } };
  separateBuild: boolean;
  buildFlavor: string;
}

const ACTIVITY_LINE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00\s+deployment_[0-9a-f-]{36}\s+OK\s+DEPLOY\s+[0-9a-f]{8}/m;
const STATUS = ['GET /applications/*/instances 200', 'GET /applications/* 200'];
const DRAINS = '/v4/drains/organisations/*/resources/*/drains';

export function cliDeploySteps(ctx: ConformanceContext, cli: CleverSandbox): Step[] {
  const { ids, platform, carry } = ctx;
  const step = stepsWith(cli);
  const app = (id: string) => platform.state.applications.get(id)!;
  const deployments = (id: string) =>
    [
      ...platform.state.catalogCollections
        .get(`/v2/organisations/${ids.enginesId}/applications/${id}/deployments`)!
        .values(),
    ] as { uuid: string; action: string; state: string; commit: string }[];
  const drains = () => platform.state.resourceDrains.get(ids.webAppId)!;
  const instance = (id: string) =>
    app(id).view.instance as { minInstances: number; maxInstances: number; minFlavor: { name: string } };
  return [
    step(['activity', '--app', ids.workerAppId], ['GET /applications/*/deployments 200'], (output) => {
      // The date as the CLI formats it (activity.command.js:25-28), which needs an epoch-ms `date`.
      expect(output).toMatch(ACTIVITY_LINE);
      return 'deployments with their dates';
    }),
    step(
      ['activity', '--app', ids.workerAppId, '--format', 'json'],
      ['GET /applications/*/deployments 200'],
      (_o, out) => {
        const list = json<{ uuid: string; date: number; action: string }[]>(out);
        expect(list[0]).toMatchObject({ uuid: expect.stringMatching(/^deployment_/), action: 'DEPLOY' });
        expect(list[0]!.date).toBe(app(ids.workerAppId).view.last_deploy);
        return `${list.length} deployment, date ${new Date(list[0]!.date).toISOString()}`;
      },
    ),
    step(['status', '--app', ids.workerAppId, '--format', 'json'], STATUS, (_o, out) => {
      expect(json<Status>(out)).toMatchObject({ status: 'stopped', instances: [] });
      return 'stopped (SHOULD_BE_DOWN)';
    }),
    step(
      ['restart', '--app', ids.workerAppId],
      [
        'POST /applications/*/instances 200',
        'GET /applications/*/deployments 200',
        'GET /applications/*/deployments/* 200',
      ],
      (output) => {
        const [newest] = deployments(ids.workerAppId);
        // restart.command.js found it by the `deploymentId` of the POST and polled it until it was not WIP.
        expect(output).toContain(`Deployment started (${newest!.uuid})`);
        expect(newest).toMatchObject({ action: 'DEPLOY', state: 'OK' });
        expect(app(ids.workerAppId).view.state).toBe('SHOULD_BE_UP');
        return `${newest!.uuid.slice(0, 18)}… WIP then OK`;
      },
    ),
    step(['status', '--app', ids.workerAppId, '--format', 'json'], STATUS, (_o, out) => {
      const status = json<Status>(out);
      expect(status).toMatchObject({ status: 'running', instances: [{ flavor: 'M', count: 1 }] });
      expect(status.commit).toBe(deployments(ids.workerAppId)[0]!.commit);
      return 'running, 1*M';
    }),
    step(['stop', '--app', ids.workerAppId], ['DELETE /applications/*/instances 200'], (output) => {
      expect(output).toContain('Application successfully stopped!');
      expect(app(ids.workerAppId).view.state).toBe('SHOULD_BE_DOWN');
      expect(deployments(ids.workerAppId)[0]).toMatchObject({ action: 'UNDEPLOY', state: 'OK' });
      return 'SHOULD_BE_DOWN, UNDEPLOY recorded';
    }),
    step(
      ['scale', '--app', ids.webAppId, '--flavor', 'M', '--instances', '2'],
      ['GET /applications/* 200', 'PUT /applications/* 200'],
      (output) => {
        expect(output).toContain('App rescaled successfully');
        expect(instance(ids.webAppId)).toMatchObject({ minInstances: 2, maxInstances: 2, minFlavor: { name: 'M' } });
        return 'stored: 2 × M';
      },
    ),
    step(
      ['scale', '--app', ids.webAppId, '--min-instances', '1', '--max-instances', '3', '--build-flavor', 'XS'],
      ['PUT /applications/* 200'],
      () => {
        expect(instance(ids.webAppId)).toMatchObject({ minInstances: 1, maxInstances: 3 });
        expect(app(ids.webAppId).view).toMatchObject({ separateBuild: true, buildFlavor: { name: 'XS' } });
        return 'stored: 1 to 3, build on XS';
      },
    ),
    step(['status', '--app', ids.webAppId, '--format', 'json'], STATUS, (_o, out) => {
      const status = json<Status>(out);
      expect(status.scalability).toMatchObject({ vertical: { min: 'M', max: 'M' }, horizontal: { min: 1, max: 3 } });
      expect(status).toMatchObject({ separateBuild: true, buildFlavor: 'XS' });
      return 'scalability read back';
    }),
    step(
      [
        'drain',
        'create',
        'raw-http',
        'https://logs.example.test/in',
        '--app',
        ids.webAppId,
        '-u',
        'cli',
        '-p',
        's3cret',
      ],
      [`POST ${DRAINS} 200`],
      (output) => {
        carry.drainId = /Drain (drain_[0-9a-f-]{36})/.exec(output)![1]!;
        expect(drains().get(carry.drainId)).toMatchObject({
          kind: 'LOG',
          recipient: { type: 'RAW_HTTP', url: 'https://logs.example.test/in', username: 'cli', password: 's3cret' },
          status: { status: 'ENABLED' },
        });
        return `${carry.drainId.slice(0, 14)}…, enabled`;
      },
    ),
    step(['drain', '--app', ids.webAppId, '--format', 'json'], [`GET ${DRAINS} 200`], (_o, out) => {
      const listed = json<{ id: string; recipient: Record<string, string> }[]>(out);
      const mine = listed.find((drain) => drain.id === carry.drainId);
      expect(mine?.recipient).toMatchObject({ type: 'RAW_HTTP', username: 'cli' });
      // The password is kept, never listed back.
      expect(out).not.toContain('s3cret');
      return `${listed.length} drains, password not shown`;
    }),
    lateStep(
      cli,
      'clever drain remove <id> --app <web>',
      [`DELETE ${DRAINS}/* 200`],
      () => ['drain', 'remove', carry.drainId!, '--app', ids.webAppId],
      () => {
        expect(drains().has(carry.drainId!)).toBe(false);
        return 'gone';
      },
    ),
    step(
      ['drain', 'create', 'datadog', 'https://http-intake.logs.datadoghq.eu/api/v2/logs', '--addon', ids.notesDbRealId],
      [`POST ${DRAINS} 200`],
      () => {
        const kept = [...platform.state.resourceDrains.get(ids.notesDbRealId)!.values()];
        expect(kept.at(-1)).toMatchObject({ resourceId: ids.notesDbRealId, recipient: { type: 'DATADOG' } });
        return "on the add-on's real id";
      },
    ),
    ...addonLogSteps(ctx, cli),
    activityFollowStep(ctx, cli),
  ];
}

/** `clever logs --addon` between two instants: the stream ends on END_OF_STREAM (UNTIL) and the command exits. */
function addonLogSteps(ctx: ConformanceContext, cli: CleverSandbox): Step[] {
  const { ids } = ctx;
  const window = () => {
    const until = Date.now() - 1_000;
    return ['--after', new Date(until - 2_000).toISOString(), '--before', new Date(until).toISOString()];
  };
  const http = ['GET /v4/logs/organisations/*/resources/*/logs 200'];
  return [
    lateStep(
      cli,
      'clever logs --addon <real id> --after <t-3s> --before <t-1s>',
      http,
      () => ['logs', '--addon', ids.notesDbRealId, ...window()],
      (output) => {
        const numbers = [...output.matchAll(/Z: #(\d+) .* postgresql/g)].map((match) => Number(match[1]));
        // 5 lines a second (the sandbox's default), consecutive: none lost, none twice.
        expect(numbers.length).toBeGreaterThanOrEqual(9);
        expect(numbers.length).toBeLessThanOrEqual(11);
        expect(numbers).toEqual(numbers.map((_, index) => numbers[0]! + index));
        return `${numbers.length} lines, ended by UNTIL`;
      },
    ),
  ];
}

/**
 * `clever activity -f`: the official events client connects with `wss://` to the API host (esm/streams/events.js
 * :111-125), unchanged; a deployment started meanwhile (by the official client) is printed as it begins.
 */
function activityFollowStep(ctx: ConformanceContext, cli: CleverSandbox): Step {
  const { ids, client } = ctx;
  return {
    tool: 'clever',
    call: 'clever activity --app <web> -f --format json-stream (then DeployApplicationCommand)',
    // The deployments are started by the in-process client, whose requests are not this lane's.
    http: ['GET /applications/*/deployments 200'],
    run: async () => {
      const running = cli.start(['activity', '--app', ids.webAppId, '-f', '--format', 'json-stream']);
      try {
        await running.waitFor(/"uuid":"deployment_/);
        // The socket opens after the list is printed; a deployment begun before it is authorised is not streamed
        // (as on the platform), so deployments are started until one is seen.
        for (let attempt = 1; attempt <= 5; attempt++) {
          const { deploymentId } = await client.send(
            new DeployApplicationCommand({ ownerId: ids.enginesId, applicationId: ids.webAppId }),
          );
          const out = await running.waitFor(new RegExp(`"uuid":"${deploymentId}"`), 2_000).catch(() => undefined);
          if (!out) continue;
          const line = JSON.parse(out.split('\n').find((candidate) => candidate.includes(deploymentId))!);
          expect(line).toMatchObject({ uuid: deploymentId, action: 'DEPLOY', state: 'WIP', date: expect.any(Number) });
          return `streamed ${deploymentId.slice(0, 18)}… as it began (wss://, attempt ${attempt})`;
        }
        throw new Error('no deployment was streamed');
      } finally {
        await running.stop();
      }
    },
  };
}

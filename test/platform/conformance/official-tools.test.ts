/**
 * Official conformance: the platform's own JS client (`@clevercloud/client` 12.0.0) and CLI (`clever-tools` 4.11.0),
 * both unchanged devDependencies (the CLI run from one bundle of its own files: clever-bundle.ts), drive the sandbox.
 * What they send is what the real platform accepts, and what they read is what it returns: every call must succeed
 * and pass its checks. Prints a table of each call and its result.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform } from '../index.ts';
import { cleverCliBundle } from './clever-bundle.ts';
import { createCleverSandbox } from './clever-cli.ts';
import { cliAccountSteps, cliApplicationSteps } from './cli-steps.ts';
import { cliDeploySteps } from './cli-steps-deploy.ts';
import { cliNetworkSteps, cliNotificationAndAddonSteps } from './cli-steps-services.ts';
import { accountSteps } from './client-steps-account.ts';
import { operationSteps } from './client-steps-operations.ts';
import { addonAndBillingSteps, applicationSteps } from './client-steps-resources.ts';
import { bridgeClient, type ConformanceContext, oauthClient, officialDance, seededIds } from './context.ts';
import { Recorder } from './recorder.ts';

const MIN_CALLS = 150;

let platform: Platform;
const recorder = new Recorder();
const realFetch = globalThis.fetch;
const offLoopback: string[] = [];

beforeAll(async () => {
  // TLS on, as the platform: the CLI talks https:// and wss:// (the official events client only speaks wss://);
  // the in-process client uses the plain HTTP ports of the same sandbox (its fetch cannot be told about a CA).
  // Deployments take 1 s, so `clever restart` sees one go from WIP to OK.
  platform = await startPlatform({ onRequest: recorder.onRequest, tls: true, deploySeconds: 1 });
  // The in-process client must reach nothing but the sandbox either.
  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname !== '127.0.0.1') {
      offLoopback.push(url.href);
      return Promise.reject(new Error(`refused: ${url.href} is not loopback`));
    }
    return realFetch(input, init);
  };
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await platform.close();
});

describe('official conformance: @clevercloud/client and clever-tools against the sandbox', () => {
  it(`runs at least ${MIN_CALLS} official calls and commands, all conforming, on loopback only`, async () => {
    const access = await officialDance(platform);
    const ctx: ConformanceContext = {
      platform,
      access,
      client: oauthClient(platform, access),
      bridge: bridgeClient(platform, access),
      ids: seededIds(platform),
      carry: {},
    };
    // Three CLI configurations, each signed in with its own token, run side by side: the CLI's start-up is slow and
    // the token tells whose requests the sandbox logged.
    const bin = await cleverCliBundle();
    const lanes = await Promise.all(
      [0, 1, 2].map(async () => {
        const cliAccess = await officialDance(platform);
        const cli = createCleverSandbox({
          bin,
          api: platform.tls!.api,
          bridge: platform.tls!.bridge,
          caPath: platform.tls!.caPath,
          consumerKey: platform.consumerKey,
          consumerSecret: platform.consumerSecret,
          ...cliAccess,
        });
        return { cli, oauthToken: cliAccess.token };
      }),
    );
    try {
      await recorder.run([
        {
          tool: 'client esm',
          call: 'esm/login.js fetchRequestToken + fetchAccessToken (bare PLAINTEXT form bodies)',
          http: ['POST /v2/oauth/request_token 200', 'POST /v2/oauth/authorize 303', 'POST /v2/oauth/access_token 200'],
          run: async () => `access token ${(await officialDance(platform)).token.slice(0, 6)}…`,
        },
        ...accountSteps(ctx),
        ...applicationSteps(ctx),
        ...addonAndBillingSteps(ctx),
        ...operationSteps(ctx),
      ]);
      await recorder.runLanes([
        {
          steps: [...cliApplicationSteps(ctx, lanes[0]!.cli), ...cliDeploySteps(ctx, lanes[0]!.cli)],
          oauthToken: lanes[0]!.oauthToken,
        },
        // `clever tokens create` posts credentials, not a signature, to the bridge: its request is this lane's.
        {
          steps: [...cliAccountSteps(ctx, lanes[1]!.cli), ...cliNetworkSteps(ctx, lanes[1]!.cli)],
          oauthToken: lanes[1]!.oauthToken,
          ownsUnsigned: true,
        },
        { steps: cliNotificationAndAddonSteps(ctx, lanes[2]!.cli), oauthToken: lanes[2]!.oauthToken },
      ]);
      const refused = lanes.flatMap((lane) => lane.cli.refusedConnections());
      console.log(
        `\nOfficial conformance: ${recorder.rows.length} calls and commands ` +
          `(${recorder.rows.filter((row) => row.tool === 'clever').length} clever-tools commands), ` +
          `${recorder.rows.filter((row) => row.ok).length} conforming, ${recorder.requestCount()} HTTP requests\n` +
          `${recorder.table()}\n`,
      );
      expect(refused, 'connections the CLI tried outside loopback').toEqual([]);
      expect(offLoopback, 'requests the client tried outside loopback').toEqual([]);
      expect(recorder.rows.filter((row) => !row.ok).map((row) => `${row.call}: ${row.result}`)).toEqual([]);
      expect(recorder.rows.length).toBeGreaterThanOrEqual(MIN_CALLS);
    } finally {
      for (const lane of lanes) lane.cli.dispose();
    }
  }, 600_000);
});

/**
 * The platform sandbox: a local simulation of the hosting platform (API + OAuth provider, API bridge, SFTP server
 * admin API) on 127.0.0.1. It imports nothing from `src/` on purpose.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createApiHandler } from './api-server.ts';
import { createBridgeHandler } from './bridge.ts';
import { type Clock, createClock } from './clock.ts';
import type { PlatformContext } from './context.ts';
import { authorizationOf } from './credentials.ts';
import {
  DEFAULT_CONSUMER_BASE_URL,
  DEFAULT_SEED,
  HOST,
  MFA_USER,
  RIGHTS,
  type Right,
  SANDBOX_CONSUMER,
  SANDBOX_USER,
  SFTP_ADMIN,
} from './defaults.ts';
import { createFaults, type Faults, type ServerName } from './faults.ts';
import { parseOAuthHeader } from './oauth/encoding.ts';
import { createResourceRouter } from './resources.ts';
import { seedState } from './seed.ts';
import { createSftpHandler } from './sftp-admin.ts';
import { expireAccessTokens, findUserByEmail, type PlatformState } from './state.ts';
import { acceptEventSockets } from './streams/event-socket.ts';
import { createStreamHub } from './streams/stream-hub.ts';
import { ensureSandboxTls, type SandboxTls } from './tls.ts';
import { base32Decode, totpAt } from './totp.ts';

export type { Clock } from './clock.ts';
export { DEFAULT_PORTS, RIGHTS, type Right } from './defaults.ts';
export type { FaultSpec, Faults } from './faults.ts';
export type { PlatformState } from './state.ts';
export type { SandboxTls } from './tls.ts';

export interface PlatformOptions {
  /** 0 (the default) picks a free port. */
  apiPort?: number;
  bridgePort?: number;
  sftpPort?: number;
  /** The sandbox consumer's registered base URL; callbacks must be under it. */
  consumerBaseUrl?: string;
  /** Lifetime of new access tokens; default 3 calendar months. */
  accessTokenLifetimeSeconds?: number;
  /** Initial clock offset from the real time. */
  clockOffsetSeconds?: number;
  /** Seed of the deterministic data (ids, names, amounts, pre-seeded API token). */
  seed?: number;
  /** Rights the sandbox consumer requests; default all 11. */
  consumerRights?: readonly Right[];
  /** When true, the spec's PDF path `/v4/billing/organisations/{id}/{number}.pdf` answers 404. */
  disableSpecPdfPath?: boolean;
  /** How long a new add-on takes to be provisioned: its variables are given only then. Default 0. */
  addonProvisioningSeconds?: number;
  /** How long a deployment stays WIP before it is OK. Default 5. */
  deploySeconds?: number;
  /** Log lines per second of every application's log stream (default 5, at most 1000; `/__sandbox/streams`). */
  logLinesPerSecond?: number;
  /**
   * Also serve the API (with its events socket) and the bridge over TLS, like the platform (`https://`, `wss://`),
   * with a local CA (tls.ts), on two more ports; plain HTTP stays where it was, on the same state. `dir` keeps the
   * CA between runs (a browser profile that trusts it keeps working); ports default to free ones.
   */
  tls?: boolean | { dir?: string; apiPort?: number; bridgePort?: number };
  /** Called once per answered request (tests that drive other programs see what those programs asked). */
  onRequest?: (entry: RequestLogEntry) => void;
}

export interface RequestLogEntry {
  server: ServerName;
  method: string;
  /** Path and query as received. */
  url: string;
  status: number;
  /** The `oauth_token` the request was signed with, if any (never a secret). */
  oauthToken?: string;
}

export interface Platform {
  api: string;
  bridge: string;
  sftp: string;
  consumerKey: string;
  consumerSecret: string;
  callbackBase: string;
  user: { email: string; password: string };
  apiToken: string;
  mfaUser: { email: string; password: string; totpSecret: string };
  sftpAdmin: { username: string; password: string };
  faults: Faults;
  clock: Clock;
  state: PlatformState;
  /**
   * With the `tls` option: the HTTPS addresses of the API and bridge (same state as `api` and `bridge`), and the CA
   * to trust (NODE_EXTRA_CA_CERTS, browser profiles: tls.ts).
   */
  tls?: SandboxTls & { api: string; bridge: string };
  /** The current TOTP code of a user with MFA, from the sandbox's (shifted) clock. */
  currentTotp(email: string): string;
  /** Makes every access token issued so far expired. */
  expireAccessTokens(): void;
  close(): Promise<void>;
}

async function listen(server: Server, port: number, secure = false): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return `${secure ? 'https' : 'http'}://${HOST}:${address.port}`;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

function observed(server: ServerName, handler: Handler, onRequest: PlatformOptions['onRequest']): Handler {
  if (!onRequest) return handler;
  return (req, res) => {
    res.on('finish', () => {
      let oauthToken: string | undefined;
      try {
        oauthToken = parseOAuthHeader(authorizationOf(req).authorization)?.find(([key]) => key === 'oauth_token')?.[1];
      } catch {
        // A malformed header was refused with its own message; the log just has no token for it.
      }
      onRequest({ server, method: req.method ?? 'GET', url: req.url ?? '/', status: res.statusCode, oauthToken });
    });
    handler(req, res);
  };
}

export async function startPlatform(options: PlatformOptions = {}): Promise<Platform> {
  const clock = createClock(options.clockOffsetSeconds ?? 0);
  const consumerBaseUrl = options.consumerBaseUrl ?? DEFAULT_CONSUMER_BASE_URL;
  const { state, apiToken } = seedState({
    seed: options.seed ?? DEFAULT_SEED,
    consumerBaseUrl,
    consumerRights: options.consumerRights ?? RIGHTS,
    clock,
  });
  state.settings.accessTokenLifetimeSeconds = options.accessTokenLifetimeSeconds;
  state.settings.specPdfPath = !options.disableSpecPdfPath;
  state.settings.addonProvisioningSeconds = options.addonProvisioningSeconds;
  state.settings.deploySeconds = options.deploySeconds;
  const faults = createFaults();
  const context: PlatformContext = {
    state,
    clock,
    faults,
    router: createResourceRouter(),
    streams: createStreamHub(clock, state, options.logLinesPerSecond),
  };

  const apiHandler = observed('api', createApiHandler(context), options.onRequest);
  const bridgeHandler = observed('bridge', createBridgeHandler(context), options.onRequest);
  const servers: Server[] = [
    createServer(apiHandler),
    createServer(bridgeHandler),
    createServer(observed('sftp', createSftpHandler(context), options.onRequest)),
  ];
  const tlsOptions = typeof options.tls === 'object' ? options.tls : {};
  const tls = options.tls ? ensureSandboxTls(tlsOptions.dir) : undefined;
  if (tls) {
    const certificate = { key: tls.keyPem, cert: tls.certPem };
    servers.push(createHttpsServer(certificate, apiHandler), createHttpsServer(certificate, bridgeHandler));
  }
  acceptEventSockets(servers[0]!, context);
  if (tls) acceptEventSockets(servers[3]!, context);
  const close = async () => {
    faults.dispose();
    context.streams.closeAll();
    await Promise.all(servers.map(closeServer));
  };
  let urls: string[];
  try {
    urls = [
      await listen(servers[0]!, options.apiPort ?? 0),
      await listen(servers[1]!, options.bridgePort ?? 0),
      await listen(servers[2]!, options.sftpPort ?? 0),
      ...(tls
        ? [
            await listen(servers[3]!, tlsOptions.apiPort ?? 0, true),
            await listen(servers[4]!, tlsOptions.bridgePort ?? 0, true),
          ]
        : []),
    ];
  } catch (error) {
    await close();
    throw error;
  }

  return {
    api: urls[0]!,
    bridge: urls[1]!,
    sftp: urls[2]!,
    consumerKey: SANDBOX_CONSUMER.key,
    consumerSecret: SANDBOX_CONSUMER.secret,
    callbackBase: consumerBaseUrl,
    user: { email: SANDBOX_USER.email, password: SANDBOX_USER.password },
    apiToken,
    mfaUser: { email: MFA_USER.email, password: MFA_USER.password, totpSecret: MFA_USER.totpSecret },
    sftpAdmin: { username: SFTP_ADMIN.username, password: SFTP_ADMIN.password },
    faults,
    clock,
    state,
    tls: tls ? { ...tls, api: urls[3]!, bridge: urls[4]! } : undefined,
    currentTotp(email) {
      const secret = findUserByEmail(state, email)?.totpSecret;
      if (!secret) throw new Error(`${email} has no TOTP secret`);
      return totpAt(base32Decode(secret), clock.now());
    },
    expireAccessTokens: () => expireAccessTokens(state, clock.now()),
    close,
  };
}

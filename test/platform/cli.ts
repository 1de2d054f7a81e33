/**
 * `npm run sandbox`: starts the platform sandbox on fixed loopback ports (the extension's "Local sandbox" preset),
 * prints one JSON line on stdout for scripts, then human hints on stderr. Ctrl+C stops it.
 *
 *   tsx test/platform/cli.ts [--api-port N] [--bridge-port N] [--sftp-port N] [--base-url URL]
 *     [--token-lifetime SECONDS] [--clock-offset SECONDS] [--seed N] [--disable-spec-pdf-path]
 *     [--tls] [--tls-dir DIR] [--tls-api-port N] [--tls-bridge-port N]
 */
import { parseArgs } from 'node:util';
import { DEFAULT_PORTS, PLATFORM_NAME } from './defaults.ts';
import { type PlatformOptions, startPlatform } from './index.ts';

const USAGE = `Usage: tsx test/platform/cli.ts [--api-port N] [--bridge-port N] [--sftp-port N] [--base-url URL]
  [--token-lifetime SECONDS] [--clock-offset SECONDS] [--seed N] [--disable-spec-pdf-path]
  [--tls] [--tls-dir DIR] [--tls-api-port N] [--tls-bridge-port N]
--tls also serves the API (and wss:// events) and the bridge over HTTPS with a local CA (kept in --tls-dir).
Ports default to ${DEFAULT_PORTS.api}, ${DEFAULT_PORTS.bridge}, ${DEFAULT_PORTS.sftp}; 0 picks a free port.`;

function numberOption(value: string | undefined, name: string, check: (n: number) => boolean): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || !check(parsed)) {
    throw new Error(`--${name} ${JSON.stringify(value)} is not valid\n${USAGE}`);
  }
  return parsed;
}

const isPort = (n: number) => Number.isInteger(n) && n >= 0 && n <= 65535;

function readOptions(argv: string[]): PlatformOptions | undefined {
  const { values } = parseArgs({
    args: argv,
    options: {
      'api-port': { type: 'string' },
      'bridge-port': { type: 'string' },
      'sftp-port': { type: 'string' },
      'base-url': { type: 'string' },
      'token-lifetime': { type: 'string' },
      'clock-offset': { type: 'string' },
      seed: { type: 'string' },
      'disable-spec-pdf-path': { type: 'boolean' },
      tls: { type: 'boolean' },
      'tls-dir': { type: 'string' },
      'tls-api-port': { type: 'string' },
      'tls-bridge-port': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return undefined;
  if (values['base-url'] !== undefined) new URL(values['base-url']);
  return {
    apiPort: numberOption(values['api-port'], 'api-port', isPort) ?? DEFAULT_PORTS.api,
    bridgePort: numberOption(values['bridge-port'], 'bridge-port', isPort) ?? DEFAULT_PORTS.bridge,
    sftpPort: numberOption(values['sftp-port'], 'sftp-port', isPort) ?? DEFAULT_PORTS.sftp,
    consumerBaseUrl: values['base-url'],
    accessTokenLifetimeSeconds: numberOption(values['token-lifetime'], 'token-lifetime', (n) => n > 0),
    clockOffsetSeconds: numberOption(values['clock-offset'], 'clock-offset', () => true),
    seed: numberOption(values.seed, 'seed', Number.isInteger),
    disableSpecPdfPath: values['disable-spec-pdf-path'] ?? false,
    tls: values.tls
      ? {
          dir: values['tls-dir'],
          apiPort: numberOption(values['tls-api-port'], 'tls-api-port', isPort),
          bridgePort: numberOption(values['tls-bridge-port'], 'tls-bridge-port', isPort),
        }
      : undefined,
  };
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  if (!options) {
    process.stderr.write(`${USAGE}\n`);
    return;
  }
  const platform = await startPlatform(options);
  const ready = {
    api: platform.api,
    bridge: platform.bridge,
    sftp: platform.sftp,
    consumerKey: platform.consumerKey,
    consumerSecret: platform.consumerSecret,
    callbackBase: platform.callbackBase,
    user: platform.user,
    apiToken: platform.apiToken,
    sftpAdmin: platform.sftpAdmin,
    ...(platform.tls
      ? {
          tls: {
            api: platform.tls.api,
            bridge: platform.tls.bridge,
            caPath: platform.tls.caPath,
            spkiSha256: platform.tls.serverSpkiSha256,
          },
        }
      : {}),
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  process.stderr.write(
    [
      `${PLATFORM_NAME} sandbox is running on 127.0.0.1 only.`,
      `  API      ${platform.api}   OAuth 1.0a consumer ${platform.consumerKey} / ${platform.consumerSecret}`,
      `  Bridge   ${platform.bridge}   API token ${platform.apiToken}`,
      `  SFTP     ${platform.sftp}   admin ${platform.sftpAdmin.username} / ${platform.sftpAdmin.password}`,
      `  User     ${platform.user.email} / ${platform.user.password}`,
      `  MFA user ${platform.mfaUser.email} / ${platform.mfaUser.password} (TOTP secret ${platform.mfaUser.totpSecret})`,
      `  Callbacks must be under ${platform.callbackBase}`,
      ...(platform.tls
        ? [
            `  HTTPS    API ${platform.tls.api} (events wss://), bridge ${platform.tls.bridge}`,
            `           CA ${platform.tls.caPath} (NODE_EXTRA_CA_CERTS=…; Chromium --ignore-certificate-errors-spki-list=${platform.tls.serverSpkiSha256})`,
          ]
        : []),
      `  Try: curl -H "Authorization: Bearer ${platform.apiToken}" ${platform.bridge}/v2/self`,
      `  Control: POST ${platform.api}/__sandbox/faults | POST /__sandbox/clock | GET /__sandbox/state`,
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`Received ${signal}, stopping.\n`);
    // Should never be needed: close() ends every connection.
    setTimeout(() => process.exit(1), 5000).unref();
    platform.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});

/**
 * TLS like the platform's (`https://api…`, `wss://api…/v2/events/event-socket`), on loopback: a local certificate
 * authority the sandbox generates with Debian's `openssl` (node:crypto makes keys but not certificates), and a
 * server certificate it signs for `localhost`, `127.0.0.1` and `::1`. Nothing is downloaded and nothing is added to
 * the system's trust store: each client is told to trust this CA on its own —
 * - Node tools (the official client and CLI): `NODE_EXTRA_CA_CERTS=<ca.pem>` (`nodeTrustEnv`);
 * - Chromium: `--ignore-certificate-errors-spki-list=<SHA-256 of the server key>` (`chromiumTrustArgs`);
 * - Firefox: the CA in the profile's own certificate database, written with NSS's `certutil` (Debian's
 *   libnss3-tools) — `trustInFirefoxProfile`.
 * A directory given again is reused while its certificates are valid, so a browser profile keeps trusting it.
 */
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SandboxTls {
  /** Where ca.pem, server.pem and server-key.pem are. */
  dir: string;
  /** The CA certificate's path: what NODE_EXTRA_CA_CERTS and certutil take. */
  caPath: string;
  caPem: string;
  certPem: string;
  keyPem: string;
  /** base64 SHA-256 of the server certificate's SubjectPublicKeyInfo: what Chromium's SPKI list takes. */
  serverSpkiSha256: string;
}

const CA_NAME = 'Keyhole Sandbox Local CA';
const DAYS = 30;
/** Certificates that end within this are made again. */
const RENEW_MS = 24 * 3_600_000;

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

function generate(dir: string): void {
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(
    [
      'req',
      '-x509',
      ...ec,
      '-keyout',
      'ca-key.pem',
      '-out',
      'ca.pem',
      '-days',
      String(DAYS),
      '-subj',
      // A serial-like suffix, so two sandboxes' CAs are not mistaken for one another in a certificate store.
      `/O=Keyhole/CN=${CA_NAME} ${Date.now().toString(36)}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE,pathlen:0',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    dir,
  );
  openssl(['req', ...ec, '-keyout', 'server-key.pem', '-out', 'server.csr', '-subj', '/O=Keyhole/CN=localhost'], dir);
  writeFileSync(
    join(dir, 'server.ext'),
    [
      'basicConstraints=critical,CA:FALSE',
      'keyUsage=critical,digitalSignature',
      'extendedKeyUsage=serverAuth',
      'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
      '',
    ].join('\n'),
  );
  openssl(
    [
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca-key.pem',
      '-CAcreateserial',
      '-out',
      'server.pem',
      '-days',
      String(DAYS),
      '-extfile',
      'server.ext',
    ],
    dir,
  );
}

function stillValid(dir: string): boolean {
  const files = ['ca.pem', 'server.pem', 'server-key.pem'].map((name) => join(dir, name));
  if (!files.every(existsSync)) return false;
  const soon = Date.now() + RENEW_MS;
  try {
    const ca = new X509Certificate(readFileSync(files[0]!));
    const server = new X509Certificate(readFileSync(files[1]!));
    return (
      server.checkIssued(ca) &&
      server.verify(ca.publicKey) &&
      Date.parse(server.validTo) > soon &&
      Date.parse(ca.validTo) > soon &&
      server.checkIP('127.0.0.1') !== undefined
    );
  } catch {
    return false;
  }
}

/** The sandbox's CA and server certificate in `dir` (made there when missing or ending), or in a new temp dir. */
export function ensureSandboxTls(dir?: string): SandboxTls {
  const where = dir ?? mkdtempSync(join(tmpdir(), 'keyhole-sandbox-tls-'));
  mkdirSync(where, { recursive: true, mode: 0o700 });
  if (!stillValid(where)) generate(where);
  const certPem = readFileSync(join(where, 'server.pem'), 'utf8');
  const spki = new X509Certificate(certPem).publicKey.export({ type: 'spki', format: 'der' });
  return {
    dir: where,
    caPath: join(where, 'ca.pem'),
    caPem: readFileSync(join(where, 'ca.pem'), 'utf8'),
    certPem,
    keyPem: readFileSync(join(where, 'server-key.pem'), 'utf8'),
    serverSpkiSha256: createHash('sha256').update(spki).digest('base64'),
  };
}

/** What a Node program (the official CLI) needs in its environment to trust the sandbox. */
export function nodeTrustEnv(tls: SandboxTls): Record<string, string> {
  return { NODE_EXTRA_CA_CERTS: tls.caPath };
}

/** Chromium's flag that trusts exactly the sandbox's server key (and nothing else that is self-signed). */
export function chromiumTrustArgs(tls: SandboxTls): string[] {
  return [`--ignore-certificate-errors-spki-list=${tls.serverSpkiSha256}`];
}

/**
 * Adds the sandbox's CA to a Firefox profile's own certificate database (cert9.db), as a CA trusted for web sites
 * only; creates the database when the profile has none yet. Needs `certutil` (Debian's libnss3-tools).
 */
export function trustInFirefoxProfile(tls: SandboxTls, profileDir: string): void {
  const db = `sql:${profileDir}`;
  if (!existsSync(join(profileDir, 'cert9.db'))) {
    execFileSync('certutil', ['-N', '-d', db, '--empty-password'], { stdio: ['ignore', 'ignore', 'pipe'] });
  }
  execFileSync('certutil', ['-A', '-d', db, '-n', CA_NAME, '-t', 'C,,', '-i', tls.caPath], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

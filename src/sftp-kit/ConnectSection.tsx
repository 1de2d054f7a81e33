import { useEffect, useState } from 'preact/hooks';
import {
  buildSftpCommand,
  hostNameProblem,
  hostOfDomain,
  isPort,
  sftpUserProblem,
} from '../core/sftp/connect-command.ts';
import { type DeployedKitState, unknownHostKeyReason } from '../core/sftp/deployed-kit.ts';
import { readOpenSshPublicKeyBlob } from '../core/sftp/ed25519-host-key.ts';
import { fingerprintSha256, formatKnownHostsLine, parsePublicKeyLine } from '../core/sftp/ssh-fingerprint.ts';
import { CodeBlock } from './CodeBlock.tsx';
import type { KitServices } from './services.ts';
import { TextField } from './TextField.tsx';

interface ConnectSectionProps {
  /** What the chosen application really has, read through the API; never the key made in this tab. */
  deployed: DeployedKitState;
  domain: string;
  onDomainChange: (domain: string) => void;
  username: string;
  onUsernameChange: (username: string) => void;
  services: KitServices;
}

/** SHA256 fingerprint of a key blob, recomputed when the blob changes. */
function useFingerprint(blob: Uint8Array | null): string | null {
  const [fingerprint, setFingerprint] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    setFingerprint(null);
    if (blob) void fingerprintSha256(blob).then((value) => current && setFingerprint(value));
    return () => {
      current = false;
    };
  }, [blob?.join(',')]);
  return fingerprint;
}

/**
 * The command line and the host key a user should expect (spec §4.4 step 10). The key to trust is the one set
 * on the application, read back through the API: the key generated on this page is new after every reload
 * and deployed only if the user set it, so vouching for it could make users accept a key no server has.
 */
export function ConnectSection({
  deployed,
  domain,
  onDomainChange,
  username,
  onUsernameChange,
  services,
}: ConnectSectionProps) {
  const [port, setPort] = useState('');
  const [pastedKey, setPastedKey] = useState('');
  const deployedBlob =
    deployed.kind === 'read' && deployed.kit.hostKey.state === 'found' ? deployed.kit.hostKey.blob : null;
  const unknownReason = unknownHostKeyReason(deployed);
  const pastedBlob = pastedKey.trim() ? (parsePublicKeyLine(pastedKey) ?? readOpenSshPublicKeyBlob(pastedKey)) : null;
  const deployedFingerprint = useFingerprint(deployedBlob);
  const pastedFingerprint = useFingerprint(deployedBlob ? null : pastedBlob);
  const portNumber = Number(port);
  const portOk = /^\d{1,5}$/.test(port) && isPort(portNumber);
  // The domain may come from the API: only a real host name goes into a command or a known_hosts line.
  const host = hostOfDomain(domain);
  const hostProblem = host ? hostNameProblem(host) : undefined;
  const hostOk = host !== '' && !hostProblem;
  const userProblem = username ? sftpUserProblem(username) : undefined;

  return (
    <section id="connect" class="sk-section" aria-labelledby="connect-title">
      <h2 id="connect-title">4. Connect</h2>
      <p>
        SFTP clients connect to the application’s domain on the port the TCP redirection printed, with an SFTP user’s
        credentials.
      </p>
      <div class="sk-grid">
        <TextField
          label="Domain"
          name="sftp-domain"
          value={domain}
          onInput={onDomainChange}
          placeholder="app-….cleverapps.io"
          error={hostProblem}
          mono
        />
        <TextField
          label="TCP redirection port"
          name="sftp-port"
          value={port}
          onInput={setPort}
          placeholder="e.g. 5123"
          error={port && !portOk ? 'A port is a number from 1 to 65535.' : undefined}
          hint="Printed by clever tcp-redirs add; clever tcp-redirs lists it again."
          mono
        />
        <TextField
          label="Username"
          name="connect-username"
          value={username}
          onInput={onUsernameChange}
          error={userProblem}
          mono
        />
      </div>
      {hostOk && username && !userProblem && portOk ? (
        <CodeBlock label="Command" text={buildSftpCommand({ host, port: portNumber, username })} services={services} />
      ) : (
        <p class="kh-muted">
          {hostProblem || userProblem
            ? 'No command until the domain and username above are valid.'
            : 'Fill in the domain, port and username to get the command.'}
        </p>
      )}
      {deployedBlob && deployed.kind === 'read' ? (
        deployedFingerprint ? (
          <>
            <p>
              On the first connection, the client asks you to confirm the server’s key. Accept only if it shows:{' '}
              <strong class="kh-mono" data-testid="connect-fingerprint">
                {deployedFingerprint}
              </strong>
            </p>
            <p class="kh-muted">
              The key set on {deployed.kit.appName} (its SFTPGO_HOST_KEY_B64 variable, read through the API just now);
              the server uses it from its first start after the variable was set.
            </p>
            {hostOk && portOk ? (
              <>
                <CodeBlock
                  label="known_hosts line"
                  text={formatKnownHostsLine(host, portNumber, deployedBlob)}
                  services={services}
                />
                <p class="kh-muted">Add this line to ~/.ssh/known_hosts to trust the key without the prompt.</p>
              </>
            ) : null}
          </>
        ) : null
      ) : (
        <>
          <p class="kh-banner kh-banner--warn" role="status" data-testid="connect-key-unknown">
            Keyhole can’t know the deployed key: {unknownReason} Until then, there is no fingerprint here to accept.{' '}
            <a href="#storage">Go to step 2</a>
          </p>
          <TextField
            label="Check a key you have: its public key line, or an SFTPGO_HOST_KEY_B64 value"
            name="host-key"
            value={pastedKey}
            onInput={setPastedKey}
            secret
            mono
            error={
              pastedKey.trim() && !pastedBlob ? 'Paste an ssh-ed25519 AAAA… line or the base64 key value.' : undefined
            }
            hint="Read here and kept nowhere. Keyhole cannot tell whether it is the key deployed."
          />
          {pastedFingerprint ? (
            <p>
              The key you pasted has the fingerprint{' '}
              <strong class="kh-mono" data-testid="pasted-fingerprint">
                {pastedFingerprint}
              </strong>
              . It is the one to accept only if it is the value set on the application.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

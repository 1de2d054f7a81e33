import { useEffect, useState } from 'preact/hooks';
import { readOpenSshPublicKeyBlob } from '../core/sftp/ed25519-host-key.ts';
import { fingerprintSha256, formatKnownHostsLine, parsePublicKeyLine } from '../core/sftp/ssh-fingerprint.ts';
import { CodeBlock } from './CodeBlock.tsx';
import type { KitServices } from './services.ts';
import { TextField } from './TextField.tsx';

interface ConnectSectionProps {
  /** The host key made in this tab, if any. */
  hostKeyBlob: Uint8Array | null;
  domain: string;
  onDomainChange: (domain: string) => void;
  username: string;
  onUsernameChange: (username: string) => void;
  services: KitServices;
}

/** The command line and the host key a user should expect (spec §4.4 step 10). */
export function ConnectSection({
  hostKeyBlob,
  domain,
  onDomainChange,
  username,
  onUsernameChange,
  services,
}: ConnectSectionProps) {
  const [port, setPort] = useState('');
  const [pastedKey, setPastedKey] = useState('');
  const [fingerprint, setFingerprint] = useState<string | null>(null);
  const pastedBlob = pastedKey.trim() ? (parsePublicKeyLine(pastedKey) ?? readOpenSshPublicKeyBlob(pastedKey)) : null;
  const blob = hostKeyBlob ?? pastedBlob;
  const portNumber = Number(port);
  const portOk = /^\d{1,5}$/.test(port) && portNumber > 0 && portNumber < 65536;
  const host = domain
    .trim()
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/[/:].*$/, '');

  useEffect(() => {
    let current = true;
    if (!blob) setFingerprint(null);
    else void fingerprintSha256(blob).then((value) => current && setFingerprint(value));
    return () => {
      current = false;
    };
  }, [blob?.join(',')]);

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
        <TextField label="Username" name="connect-username" value={username} onInput={onUsernameChange} mono />
      </div>
      {hostKeyBlob ? null : (
        <TextField
          label="Host public key, or the SFTPGO_HOST_KEY_B64 value"
          name="host-key"
          value={pastedKey}
          onInput={setPastedKey}
          secret
          mono
          error={
            pastedKey.trim() && !pastedBlob ? 'Paste an ssh-ed25519 AAAA… line or the base64 key value.' : undefined
          }
          hint="No host key was made in this tab: paste one to see its fingerprint. It is read here and kept nowhere."
        />
      )}
      {host && username && portOk ? (
        <CodeBlock label="Command" text={`sftp -P ${portNumber} ${username}@${host}`} services={services} />
      ) : (
        <p class="kh-muted">Fill in the domain, port and username to get the command.</p>
      )}
      {fingerprint && blob ? (
        <>
          <p>
            On the first connection, the client asks you to confirm the server’s key. Accept only if it shows:{' '}
            <strong class="kh-mono" data-testid="connect-fingerprint">
              {fingerprint}
            </strong>
          </p>
          {host && portOk ? (
            <>
              <CodeBlock
                label="known_hosts line"
                text={formatKnownHostsLine(host, portNumber, blob)}
                services={services}
              />
              <p class="kh-muted">Add this line to ~/.ssh/known_hosts to trust the key without the prompt.</p>
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

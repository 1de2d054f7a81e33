// @vitest-environment happy-dom
import { webcrypto } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateHostKey } from '../../../src/core/sftp/ed25519-host-key.ts';
import { ConnectSection } from '../../../src/sftp-kit/ConnectSection.tsx';
import { SftpKit } from '../../../src/sftp-kit/SftpKit.tsx';
import { errorFor, field, mount, textOf, typeInto, waitFor } from '../support/dom.ts';
import { fakeServices } from './fake-services.ts';

let view: ReturnType<typeof mount> | undefined;
afterEach(() => view?.unmount());

function codeText(root: HTMLElement, label: string): string | undefined {
  return root.querySelector(`section[aria-label="${label}"]`)?.textContent ?? undefined;
}

describe('the Connect step', () => {
  it('gives the sftp command, the fingerprint and the known_hosts line of the kit’s key', async () => {
    const fake = fakeServices();
    view = mount(<SftpKit services={fake.services} />);
    await waitFor(() => expect(view!.root.querySelector('[data-testid="host-key-fingerprint"]')).not.toBeNull());
    const connect = view.root.querySelector('#connect') as HTMLElement;
    typeInto(field(view.root, 'Application URL'), 'https://app-sftp.cleverapps.example.test');
    expect(field(connect, 'Domain').value).toBe('app-sftp.cleverapps.example.test');
    typeInto(field(connect, 'TCP redirection port'), '5123');
    typeInto(field(connect, 'Username'), 'alice');
    expect(codeText(connect, 'Command')).toBe('sftp -P 5123 alice@app-sftp.cleverapps.example.test');
    const kitFingerprint = textOf(view.root.querySelector('[data-testid="host-key-fingerprint"]'));
    await waitFor(() =>
      expect(textOf(connect.querySelector('[data-testid="connect-fingerprint"]'))).toBe(kitFingerprint),
    );
    expect(codeText(connect, 'known_hosts line')).toMatch(
      /^\[app-sftp\.cleverapps\.example\.test\]:5123 ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI[A-Za-z0-9+/]+={0,2}$/,
    );
  });

  it('refuses a port that is not one', async () => {
    const fake = fakeServices();
    view = mount(<SftpKit services={fake.services} />);
    const connect = view.root.querySelector('#connect') as HTMLElement;
    typeInto(field(connect, 'TCP redirection port'), '70000');
    expect(errorFor(field(connect, 'TCP redirection port'))).toBe('A port is a number from 1 to 65535.');
    expect(codeText(connect, 'Command')).toBeUndefined();
  });

  it('without a key from this tab, computes the fingerprint of a pasted key value or public key line', async () => {
    const key = await generateHostKey({ crypto: webcrypto as unknown as Crypto });
    const { services } = fakeServices();
    const Harness = () => (
      <ConnectSection
        hostKeyBlob={null}
        domain="sftp.example.test"
        onDomainChange={vi.fn()}
        username="bob"
        onUsernameChange={vi.fn()}
        services={services}
      />
    );
    view = mount(<Harness />);
    const pasted = field(view.root, 'Host public key, or the SFTPGO_HOST_KEY_B64 value');
    typeInto(pasted, key.privateKeyFileBase64);
    await waitFor(() =>
      expect(textOf(view!.root.querySelector('[data-testid="connect-fingerprint"]'))).toBe(key.fingerprint),
    );
    typeInto(pasted, key.publicKeyLine);
    await waitFor(() =>
      expect(textOf(view!.root.querySelector('[data-testid="connect-fingerprint"]'))).toBe(key.fingerprint),
    );
    typeInto(pasted, 'nonsense');
    expect(errorFor(pasted)).toMatch(/Paste an ssh-ed25519/);
    await waitFor(() => expect(view!.root.querySelector('[data-testid="connect-fingerprint"]')).toBeNull());
  });
});

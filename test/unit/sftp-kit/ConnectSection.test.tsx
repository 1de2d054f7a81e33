// @vitest-environment happy-dom
import { webcrypto } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyholeError } from '../../../src/core/errors.ts';
import { generateHostKey, type HostKey } from '../../../src/core/sftp/ed25519-host-key.ts';
import { ConnectSection } from '../../../src/sftp-kit/ConnectSection.tsx';
import { SftpKit } from '../../../src/sftp-kit/SftpKit.tsx';
import { button, click, errorFor, field, mount, textOf, typeInto, waitFor } from '../support/dom.ts';
import { fakeServices, SIGNED_IN } from './fake-services.ts';

let view: ReturnType<typeof mount> | undefined;
afterEach(() => view?.unmount());

function codeText(root: HTMLElement, label: string): string | undefined {
  return root.querySelector(`section[aria-label="${label}"]`)?.textContent ?? undefined;
}

const SUMMARY = JSON.stringify({
  user: { id: 'user_1', name: 'Ada', applications: [] },
  organisations: [
    {
      id: 'orga_engines',
      name: 'Engines',
      applications: [{ id: 'app_sftp', name: 'sftp-gateway', variantSlug: 'linux' }],
    },
  ],
});
const ENV_PATH = '/v2/organisations/orga_engines/applications/app_sftp/env';

/** The kit signed in, with an application whose environment answers `env` (or fails). */
async function mountSignedIn(env: { name: string; value: string }[] | Error) {
  const fake = fakeServices({
    sessionStatus: vi.fn(async () => SIGNED_IN),
    apiGet: vi.fn(async (path: string) => {
      if (path === '/v2/summary') return SUMMARY;
      if (path === ENV_PATH) {
        if (env instanceof Error) throw env;
        return JSON.stringify(env);
      }
      if (path === '/v2/organisations/orga_engines/applications/app_sftp')
        return JSON.stringify({ vhosts: [{ fqdn: 'app-sftp.cleverapps.example.test' }] });
      throw new KeyholeError('not-found', `no ${path}`, { status: 404 });
    }),
  });
  view = mount(<SftpKit services={fake.services} />);
  const root = view.root;
  await waitFor(() => expect(root.querySelector('[data-testid="host-key-fingerprint"]')).not.toBeNull());
  await waitFor(() => button(root, 'Read the application’s variables'));
  click(button(root, 'Read the application’s variables'));
  return { root, connect: root.querySelector('#connect') as HTMLElement, fake };
}

let deployedKey: HostKey;

describe('the Connect step', () => {
  it('vouches for no key before the application’s variables are read, not even the one made in this tab', async () => {
    const fake = fakeServices();
    view = mount(<SftpKit services={fake.services} />);
    const root = view.root;
    await waitFor(() => expect(root.querySelector('[data-testid="host-key-fingerprint"]')).not.toBeNull());
    const tabFingerprint = textOf(root.querySelector('[data-testid="host-key-fingerprint"]'));
    const connect = root.querySelector('#connect') as HTMLElement;
    typeInto(field(connect, 'Domain'), 'app-sftp.cleverapps.example.test');
    typeInto(field(connect, 'TCP redirection port'), '5123');
    typeInto(field(connect, 'Username'), 'alice');
    expect(codeText(connect, 'Command')).toBe('sftp -P 5123 alice@app-sftp.cleverapps.example.test');
    expect(textOf(connect.querySelector('[data-testid="connect-key-unknown"]'))).toMatch(
      /^Keyhole can’t know the deployed key: no application’s variables have been read/,
    );
    expect(connect.querySelector('[data-testid="connect-fingerprint"]')).toBeNull();
    expect(codeText(connect, 'known_hosts line')).toBeUndefined();
    expect(textOf(connect)).not.toContain(tabFingerprint);
    expect(textOf(connect)).not.toContain('Accept only if');
  });

  it('gives the fingerprint and known_hosts line of the key set on the application, read through the API', async () => {
    deployedKey = await generateHostKey({ crypto: webcrypto as unknown as Crypto });
    const { root, connect } = await mountSignedIn([
      { name: 'SFTPGO_HOST_KEY_B64', value: deployedKey.privateKeyFileBase64 },
      { name: 'CELLAR_ADDON_HOST', value: 'cellar.example.test' },
    ]);
    await waitFor(() => expect(field(connect, 'Domain').value).toBe('app-sftp.cleverapps.example.test'));
    typeInto(field(connect, 'TCP redirection port'), '5123');
    await waitFor(() =>
      expect(textOf(connect.querySelector('[data-testid="connect-fingerprint"]'))).toBe(deployedKey.fingerprint),
    );
    // The key made in this tab is another one, and is not what Connect shows.
    expect(textOf(root.querySelector('[data-testid="host-key-fingerprint"]'))).not.toBe(deployedKey.fingerprint);
    expect(textOf(connect)).toContain('The key set on sftp-gateway');
    expect(codeText(connect, 'known_hosts line')).toBe(
      `[app-sftp.cleverapps.example.test]:5123 ${deployedKey.publicKeyLine.replace(/ sftpgo-host-key$/, '')}`,
    );
    expect(connect.querySelector('[data-testid="connect-key-unknown"]')).toBeNull();
  });

  it.each([
    [[{ name: 'NODE_ENV', value: 'production' }], 'sftp-gateway has no SFTPGO_HOST_KEY_B64 variable'],
    [[{ name: 'SFTPGO_HOST_KEY_B64', value: 'bm90IGEga2V5' }], 'SFTPGO_HOST_KEY_B64 on sftp-gateway is not an OpenSSH'],
    [
      new KeyholeError('forbidden', 'The platform API answered HTTP 403.'),
      'reading the variables of sftp-gateway failed',
    ],
  ])('says why it cannot know the key (%#)', async (env, reason) => {
    const { connect } = await mountSignedIn(env);
    await waitFor(() => expect(textOf(connect.querySelector('[data-testid="connect-key-unknown"]'))).toContain(reason));
    expect(connect.querySelector('[data-testid="connect-fingerprint"]')).toBeNull();
  });

  it('computes the fingerprint of a pasted key, as the pasted key’s and with no known_hosts line', async () => {
    const key = await generateHostKey({ crypto: webcrypto as unknown as Crypto });
    const { services } = fakeServices();
    view = mount(
      <ConnectSection
        deployed={{ kind: 'not-read' }}
        domain="sftp.example.test"
        onDomainChange={vi.fn()}
        username="bob"
        onUsernameChange={vi.fn()}
        services={services}
      />,
    );
    typeInto(field(view.root, 'TCP redirection port'), '22');
    const pasted = field(view.root, 'Check a key you have: its public key line, or an SFTPGO_HOST_KEY_B64 value');
    typeInto(pasted, key.privateKeyFileBase64);
    await waitFor(() =>
      expect(textOf(view!.root.querySelector('[data-testid="pasted-fingerprint"]'))).toBe(key.fingerprint),
    );
    expect(textOf(view.root)).toContain('The key you pasted has the fingerprint');
    expect(codeText(view.root, 'known_hosts line')).toBeUndefined();
    typeInto(pasted, key.publicKeyLine);
    await waitFor(() =>
      expect(textOf(view!.root.querySelector('[data-testid="pasted-fingerprint"]'))).toBe(key.fingerprint),
    );
    typeInto(pasted, 'nonsense');
    expect(errorFor(pasted)).toMatch(/Paste an ssh-ed25519/);
    await waitFor(() => expect(view!.root.querySelector('[data-testid="pasted-fingerprint"]')).toBeNull());
  });

  it('refuses a port that is not one', async () => {
    const fake = fakeServices();
    view = mount(<SftpKit services={fake.services} />);
    const connect = view.root.querySelector('#connect') as HTMLElement;
    typeInto(field(connect, 'TCP redirection port'), '70000');
    expect(errorFor(field(connect, 'TCP redirection port'))).toBe('A port is a number from 1 to 65535.');
    expect(codeText(connect, 'Command')).toBeUndefined();
  });

  it('shows no command for a domain from the API that is not a host name, and says why', () => {
    const { services } = fakeServices();
    const mountWith = (domain: string, username: string) => {
      view?.unmount();
      view = mount(
        <ConnectSection
          deployed={{ kind: 'not-read' }}
          domain={domain}
          onDomainChange={vi.fn()}
          username={username}
          onUsernameChange={vi.fn()}
          services={services}
        />,
      );
      typeInto(field(view.root, 'TCP redirection port'), '5123');
      return view.root;
    };
    let root = mountWith('x;{touch,pwned};.cleverapps.io', 'alice');
    expect(errorFor(field(root, 'Domain'))).toMatch(/is not a host name: use letters, digits, hyphens and dots/);
    expect(codeText(root, 'Command')).toBeUndefined();
    expect(textOf(root)).toContain('No command until the domain and username above are valid.');

    root = mountWith('app.cleverapps.io', '-oProxyCommand=touch pwned');
    expect(errorFor(field(root, 'Username'))).toMatch(/letters, digits/);
    expect(codeText(root, 'Command')).toBeUndefined();

    root = mountWith('app.cleverapps.io', '~alice');
    expect(codeText(root, 'Command')).toBe("sftp -P 5123 '~alice@app.cleverapps.io'");
  });
});

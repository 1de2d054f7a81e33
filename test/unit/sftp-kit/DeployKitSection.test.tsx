// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { SftpKit } from '../../../src/sftp-kit/SftpKit.tsx';
import { button, click, errorFor, field, mount, textOf, typeInto, waitFor } from '../support/dom.ts';
import { fakeServices } from './fake-services.ts';

let view: ReturnType<typeof mount> | undefined;
afterEach(() => view?.unmount());

async function mountKit(overrides: Parameters<typeof fakeServices>[0] = {}) {
  const fake = fakeServices(overrides);
  view = mount(<SftpKit services={fake.services} />);
  await waitFor(() => expect(view!.root.querySelector('[data-testid="host-key-fingerprint"]')).not.toBeNull());
  return { root: view.root, ...fake };
}

function code(root: HTMLElement, label: string): string {
  const region = root.querySelector(`section[aria-label="${label}"]`);
  if (!region) throw new Error(`No code block ${label}`);
  return region.textContent ?? '';
}

describe('the deploy kit', () => {
  it('makes a host key and shows its SHA256 fingerprint, signed out', async () => {
    const { root, services } = await mountKit();
    expect(services.generateHostKey).toHaveBeenCalledTimes(1);
    expect(textOf(root.querySelector('[data-testid="host-key-fingerprint"]'))).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
  });

  it('shows sftpgo.env with the generated admin password and host key, and mise.toml without them', async () => {
    const { root } = await mountKit();
    const env = code(root, 'sftpgo.env');
    expect(env).toContain('SFTPGO_DEFAULT_ADMIN_PASSWORD=GeneratedPassword1xyz');
    expect(env).toMatch(/SFTPGO_HOST_KEY_B64=[A-Za-z0-9+/]+=*/);
    expect(env).toContain('SFTPGO_DATA_PROVIDER__DRIVER=postgresql');
    const mise = code(root, 'mise.toml');
    expect(mise).toContain('[tasks.run]');
    expect(mise).not.toContain('GeneratedPassword1xyz');
  });

  it('downloads and copies the files as shown', async () => {
    const { root, services } = await mountKit();
    click(button(root, 'Download sftpgo.env'));
    expect(services.download).toHaveBeenCalledWith('sftpgo.env', code(root, 'sftpgo.env'), undefined);
    click(button(root, 'Download mise.toml'));
    expect(services.download).toHaveBeenLastCalledWith('mise.toml', code(root, 'mise.toml'), 'application/toml');
    click(button(root, 'Copy mise.toml'));
    await waitFor(() => expect(textOf(root)).toContain('Copied'));
    expect(services.copy).toHaveBeenCalledWith(code(root, 'mise.toml'));
  });

  it('says when copying failed instead of pretending', async () => {
    const { root } = await mountKit({
      copy: async () => {
        throw new Error('denied');
      },
    });
    click(button(root, 'Copy sftpgo.env'));
    await waitFor(() => expect(textOf(root)).toContain('Copy failed: select the text instead'));
  });

  it('follows the form: app name and organisation go into the clever commands', async () => {
    const { root } = await mountKit();
    typeInto(field(root, 'Application name'), 'files-gw');
    typeInto(field(root, 'Organisation id (optional)'), 'orga_42');
    await waitFor(() =>
      expect(code(root, 'Commands: Create the Linux application')).toBe(
        'clever create --type linux files-gw --region par --org orga_42',
      ),
    );
    expect(code(root, 'sftpgo.env')).toContain('# SFTPGo on files-gw');
  });

  it('hides the files and explains while a field is wrong, keeping what was typed', async () => {
    const { root } = await mountKit();
    const name = field(root, 'Application name');
    typeInto(name, 'my app');
    expect(errorFor(name)).toMatch(/letters, digits/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(root.querySelector('section[aria-label="sftpgo.env"]')).toBeNull();
    expect(textOf(root)).toContain('Fix the fields above to see the files and steps.');
    expect(name.value).toBe('my app');
  });

  it('regenerates the password and the host key on request', async () => {
    const { root, services } = await mountKit();
    const before = textOf(root.querySelector('[data-testid="host-key-fingerprint"]'));
    click(button(root, 'Generate a new admin password'));
    await waitFor(() =>
      expect(code(root, 'sftpgo.env')).toContain('SFTPGO_DEFAULT_ADMIN_PASSWORD=GeneratedPassword2xyz'),
    );
    click(button(root, 'New host key'));
    await waitFor(() => expect(textOf(root.querySelector('[data-testid="host-key-fingerprint"]'))).not.toBe(before));
    expect(services.generateHostKey).toHaveBeenCalledTimes(2);
  });

  it('masks the admin password until asked, with a labelled toggle', async () => {
    const { root } = await mountKit();
    const password = field(root, 'First admin password');
    expect(password.type).toBe('password');
    const toggle = button(root, 'Show First admin password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    click(toggle);
    expect(field(root, 'First admin password').type).toBe('text');
  });

  it('lists the platform steps, with the bootstrap warning and the disk-size warning', async () => {
    const { root } = await mountKit();
    const steps = [...root.querySelectorAll('ol[aria-label="Platform steps"] > li')];
    expect(steps).toHaveLength(9);
    expect(textOf(root)).toMatch(/setup page is public/);
    expect(textOf(root)).toMatch(/SFTPGo can hold the whole file on the instance’s disk/);
    const tick = steps[0]!.querySelector('input[type="checkbox"]') as HTMLInputElement;
    click(tick);
    expect(steps[0]!.className).toContain('sk-checklist__item--done');
  });

  it('shows why when the browser cannot make Ed25519 keys, with a retry', async () => {
    const fake = fakeServices({
      generateHostKey: async () => {
        throw Object.assign(new Error('This browser cannot make Ed25519 keys with Web Crypto.'), {});
      },
    });
    view = mount(<SftpKit services={fake.services} />);
    await waitFor(() => expect(view!.root.querySelector('[role="alert"]')).not.toBeNull());
    expect(textOf(view.root.querySelector('[role="alert"]'))).toContain('cannot make Ed25519 keys');
  });
});

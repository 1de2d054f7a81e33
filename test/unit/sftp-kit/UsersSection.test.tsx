// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyholeError } from '../../../src/core/errors.ts';
import { SftpKit } from '../../../src/sftp-kit/SftpKit.tsx';
import { button, click, errorFor, field, mount, queryButton, textOf, typeInto, waitFor } from '../support/dom.ts';
import { fakeServices, SIGNED_IN } from './fake-services.ts';

let view: ReturnType<typeof mount> | undefined;
afterEach(() => view?.unmount());

async function mountKit(overrides: Parameters<typeof fakeServices>[0] = {}) {
  const fake = fakeServices(overrides);
  view = mount(<SftpKit services={fake.services} />);
  await waitFor(() => expect(view!.root.querySelector('[data-testid="host-key-fingerprint"]')).not.toBeNull());
  const root = view.root;
  return { root, users: root.querySelector('#users') as HTMLElement, ...fake };
}

function fillStorage(root: HTMLElement) {
  const storage = root.querySelector('#storage') as HTMLElement;
  typeInto(field(storage, 'CELLAR_ADDON_HOST'), 'cellar-par.services.example.test');
  typeInto(field(storage, 'CELLAR_ADDON_KEY_ID'), 'KEYID');
  typeInto(field(storage, 'CELLAR_ADDON_KEY_SECRET'), 'KEYSECRET');
  typeInto(field(storage, 'Bucket name'), 'files.example.test');
}

function fillUser(users: HTMLElement) {
  typeInto(field(users, 'Application URL'), 'app-sftp.cleverapps.example.test');
  typeInto(field(users, 'Admin password'), 'admin-pass');
  typeInto(field(users, 'New user’s username'), 'alice');
  click(button(users, 'Generate a password for the new user'));
}

const EXPECTED_RECORD = {
  status: 1,
  username: 'alice',
  password: 'GeneratedPassword2xyz',
  home_dir: '/tmp/sftpgo/data',
  permissions: { '/': ['*'] },
  filesystem: {
    provider: 1,
    s3config: {
      bucket: 'files.example.test',
      region: 'default',
      access_key: 'KEYID',
      access_secret: { status: 'Plain', payload: 'KEYSECRET' },
      endpoint: 'https://cellar-par.services.example.test',
      force_path_style: true,
    },
  },
};

describe('creating an SFTP user', () => {
  it('on an incomplete form shows each problem, focuses the first, and calls nothing', async () => {
    const { root, users, services } = await mountKit();
    click(button(users, 'Create user'));
    await waitFor(() => expect(document.activeElement).toBe(field(users, 'Application URL')));
    expect(errorFor(field(users, 'Application URL'))).toBe('Enter the application’s URL.');
    expect(errorFor(field(users, 'Admin password'))).toBe('Enter the admin password.');
    expect(errorFor(field(users, 'New user’s username'))).toMatch(/letters, digits/);
    expect(errorFor(field(users, 'New user’s password'))).toMatch(/8 characters/);
    expect(textOf(users.querySelector('[role="alert"]'))).toContain('Storage is incomplete');
    expect(services.requestHostAccess).not.toHaveBeenCalled();
    expect(services.createSftpUser).not.toHaveBeenCalled();
    expect(field(root, 'Admin username').value).toBe('admin');
  });

  it('asks for access to the app, then sends exactly the spec’s record with the admin credentials', async () => {
    const { root, users, services } = await mountKit({
      createSftpUser: vi.fn(async () => ({
        id: 3,
        username: 'alice',
        status: 1,
        home_dir: '/tmp/sftpgo/data',
        filesystem: {
          provider: 1,
          s3config: { bucket: 'files.example.test', endpoint: 'https://cellar-par.services.example.test' },
        },
      })),
    });
    fillStorage(root);
    fillUser(users);
    click(button(users, 'Create user'));
    await waitFor(() => expect(textOf(users)).toContain('User “alice” created.'));
    expect(services.requestHostAccess).toHaveBeenCalledWith('https://app-sftp.cleverapps.example.test');
    expect(services.createSftpUser).toHaveBeenCalledWith({
      appUrl: 'https://app-sftp.cleverapps.example.test',
      adminUsername: 'admin',
      adminPassword: 'admin-pass',
      record: EXPECTED_RECORD,
    });
    const created = textOf(users.querySelector('[aria-label="Created user"]'));
    expect(created).toContain('enabled');
    expect(created).toContain('S3 bucket files.example.test at https://cellar-par.services.example.test, path-style');
    // The Connect step now knows the username.
    expect(field(root, 'Username').value).toBe('alice');
  });

  it('shows the preview with secrets masked', async () => {
    const { root, users } = await mountKit();
    fillStorage(root);
    fillUser(users);
    const preview = textOf(users.querySelector('details pre'));
    expect(preview).toContain('"force_path_style": true');
    expect(preview).not.toContain('KEYSECRET');
    expect(preview).not.toContain('GeneratedPassword2xyz');
  });

  it('never fills the admin password generated on the page: it may never have been deployed', async () => {
    const { users } = await mountKit();
    expect(queryButton(users, /admin password/)).toBeUndefined();
    expect(textOf(users)).toContain('Keyhole can’t know the deployed admin password');
    expect(users.innerHTML).not.toContain('GeneratedPassword1xyz');
  });

  it.each([
    [
      [
        { name: 'SFTPGO_DEFAULT_ADMIN_USERNAME', value: 'root-admin' },
        { name: 'SFTPGO_DEFAULT_ADMIN_PASSWORD', value: 'DeployedPassword42' },
      ],
      'DeployedPassword42',
    ],
    [[{ name: 'NODE_ENV', value: 'production' }], undefined],
  ])('offers the admin password set on the application, and only that (%#)', async (env, deployedPassword) => {
    const { root, users } = await mountKit({
      sessionStatus: vi.fn(async () => SIGNED_IN),
      apiGet: vi.fn(async (path: string) => {
        if (path === '/v2/summary')
          return JSON.stringify({
            user: { id: 'user_1', applications: [{ id: 'app_sftp', name: 'sftp-gateway', variantSlug: 'linux' }] },
            organisations: [],
          });
        if (path.endsWith('/env')) return JSON.stringify(env);
        return '{}';
      }),
    });
    await waitFor(() => button(root, 'Read the application’s variables'));
    click(button(root, 'Read the application’s variables'));
    if (deployedPassword) {
      await waitFor(() => button(users, 'Use the deployed admin password'));
      click(button(users, 'Use the deployed admin password'));
      expect(field(users, 'Admin password').value).toBe(deployedPassword);
      expect(field(users, 'Admin username').value).toBe('root-admin');
    } else {
      await waitFor(() =>
        expect(textOf(users)).toContain(
          'sftp-gateway has no SFTPGO_DEFAULT_ADMIN_PASSWORD (removed after the first deploy',
        ),
      );
      expect(queryButton(users, /admin password/)).toBeUndefined();
    }
  });

  it('shows a 409 as an existing username and keeps the form as typed', async () => {
    const { root, users } = await mountKit({
      createSftpUser: vi.fn(async () => {
        throw new KeyholeError('conflict', 'A user named “alice” already exists on this SFTP server.', { status: 409 });
      }),
    });
    fillStorage(root);
    fillUser(users);
    click(button(users, 'Create user'));
    await waitFor(() =>
      expect(textOf(users.querySelector('[role="alert"]'))).toContain('A user named “alice” already exists'),
    );
    expect(field(users, 'New user’s username').value).toBe('alice');
    expect(field(users, 'Admin password').value).toBe('admin-pass');
  });

  it('says clearly when access to the app was refused, and still tries', async () => {
    const { root, users, services } = await mountKit({ requestHostAccess: vi.fn(async () => 'refused' as const) });
    fillStorage(root);
    fillUser(users);
    click(button(users, 'Create user'));
    await waitFor(() =>
      expect(textOf(users)).toContain(
        'The browser did not allow Keyhole to access https://app-sftp.cleverapps.example.test',
      ),
    );
    expect(services.createSftpUser).toHaveBeenCalled();
  });

  it('refuses an application URL that is not http(s)', async () => {
    const { root, users, services } = await mountKit();
    fillStorage(root);
    fillUser(users);
    typeInto(field(users, 'Application URL'), 'ftp://host');
    click(button(users, 'Create user'));
    await waitFor(() => expect(textOf(users.querySelector('[role="alert"]'))).toMatch(/must start with https/));
    expect(services.requestHostAccess).not.toHaveBeenCalled();
  });
});

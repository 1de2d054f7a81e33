// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyholeError } from '../../../src/core/errors.ts';
import { SftpKit } from '../../../src/sftp-kit/SftpKit.tsx';
import {
  button,
  choose,
  click,
  errorFor,
  field,
  mount,
  queryButton,
  textOf,
  typeInto,
  waitFor,
} from '../support/dom.ts';
import { fakeS3, fakeServices, SIGNED_IN } from './fake-services.ts';

let view: ReturnType<typeof mount> | undefined;
afterEach(() => view?.unmount());

const SUMMARY = JSON.stringify({
  user: { id: 'user_1', name: 'Ada', applications: [{ id: 'app_notes', name: 'notes-api', variantSlug: 'node' }] },
  organisations: [
    {
      id: 'orga_engines',
      name: 'Analytical Engines',
      applications: [
        { id: 'app_web', name: 'engine-web', variantSlug: 'node' },
        { id: 'app_sftp', name: 'sftp-gateway', variantSlug: 'linux' },
      ],
    },
  ],
});

const ENV = JSON.stringify([
  { name: 'CELLAR_ADDON_HOST', value: 'cellar-par.services.example.test' },
  { name: 'CELLAR_ADDON_KEY_ID', value: 'KEYID123' },
  { name: 'CELLAR_ADDON_KEY_SECRET', value: 'secret-456' },
  { name: 'NODE_ENV', value: 'production' },
]);

function storage(root: HTMLElement): HTMLElement {
  return root.querySelector('#storage') as HTMLElement;
}

function signedInServices() {
  return fakeServices({
    sessionStatus: vi.fn(async () => SIGNED_IN),
    apiGet: vi.fn(async (path: string) => {
      if (path === '/v2/summary') return SUMMARY;
      if (path === '/v2/organisations/orga_engines/applications/app_sftp/env') return ENV;
      if (path === '/v2/organisations/orga_engines/applications/app_sftp') {
        return JSON.stringify({ id: 'app_sftp', vhosts: [{ fqdn: 'app-sftp.cleverapps.example.test/' }] });
      }
      throw new KeyholeError('not-found', `no ${path}`, { status: 404 });
    }),
  });
}

describe('reading the add-on variables', () => {
  it('signed out, says so, offers the settings, and leaves the fields typeable', async () => {
    const fake = fakeServices();
    view = mount(<SftpKit services={fake.services} />);
    const section = storage(view.root);
    await waitFor(() => expect(textOf(section)).toContain('You are not signed in'));
    click(button(section, 'Open Keyhole settings'));
    expect(fake.services.openSettings).toHaveBeenCalled();
    typeInto(field(section, 'CELLAR_ADDON_HOST'), 'cellar.example.test');
    expect(field(section, 'S3 endpoint').value).toBe('https://cellar.example.test');
  });

  it('signed in, preselects the Linux application and fills the fields from its environment', async () => {
    const fake = signedInServices();
    view = mount(<SftpKit services={fake.services} />);
    const section = storage(view.root);
    await waitFor(() => expect((field(section, 'Application') as unknown as HTMLSelectElement).value).toBe('app_sftp'));
    expect((field(section, 'Organisation') as unknown as HTMLSelectElement).value).toBe('orga_engines');
    click(button(section, 'Read the application’s variables'));
    await waitFor(() => expect(field(section, 'CELLAR_ADDON_KEY_ID').value).toBe('KEYID123'));
    expect(field(section, 'CELLAR_ADDON_HOST').value).toBe('cellar-par.services.example.test');
    expect(field(section, 'CELLAR_ADDON_KEY_SECRET').value).toBe('secret-456');
    expect(field(section, 'CELLAR_ADDON_KEY_SECRET').type).toBe('password');
    expect(field(section, 'S3 endpoint').value).toBe('https://cellar-par.services.example.test');
    const vars = textOf(section.querySelector('[aria-label="Variables read from the application"]'));
    expect(vars).toContain('✓ CELLAR_ADDON_KEY_SECRET: found');
    expect(vars).toContain('✗ POSTGRESQL_ADDON_URI: missing (link the PostgreSQL add-on)');
    expect(textOf(section)).toContain('POSTGRESQL_ADDON_URI is missing');
    // The application's domain prefills the SFTP users step.
    expect(field(view.root, 'Application URL').value).toBe('https://app-sftp.cleverapps.example.test');
    expect(field(view.root, 'Domain').value).toBe('app-sftp.cleverapps.example.test');
  });

  it('switches applications with the organisation', async () => {
    const fake = signedInServices();
    view = mount(<SftpKit services={fake.services} />);
    const section = storage(view.root);
    await waitFor(() => expect((field(section, 'Application') as unknown as HTMLSelectElement).value).toBe('app_sftp'));
    choose(field(section, 'Organisation') as unknown as HTMLSelectElement, 'user_1');
    expect((field(section, 'Application') as unknown as HTMLSelectElement).value).toBe('app_notes');
  });

  it('shows the API error and keeps the fields as typed', async () => {
    const fake = signedInServices();
    vi.mocked(fake.services.apiGet).mockImplementation(async (path: string) => {
      if (path === '/v2/summary') return SUMMARY;
      throw new KeyholeError('forbidden', 'The platform API answered HTTP 403.', { status: 403 });
    });
    view = mount(<SftpKit services={fake.services} />);
    const section = storage(view.root);
    await waitFor(() => button(section, 'Read the application’s variables'));
    typeInto(field(section, 'CELLAR_ADDON_KEY_ID'), 'typed-by-hand');
    click(button(section, 'Read the application’s variables'));
    await waitFor(() => expect(textOf(section.querySelector('[role="alert"]'))).toContain('HTTP 403'));
    expect(field(section, 'CELLAR_ADDON_KEY_ID').value).toBe('typed-by-hand');
  });

  it('explains when the worker does not answer, with a retry', async () => {
    const fake = fakeServices({
      sessionStatus: vi.fn(async () => {
        throw new KeyholeError('internal', 'The Keyhole background worker did not answer.');
      }),
    });
    view = mount(<SftpKit services={fake.services} />);
    const section = storage(view.root);
    await waitFor(() => expect(textOf(section)).toContain('paste the add-on variables below instead'));
    expect(queryButton(section, 'Retry')).toBeDefined();
  });
});

describe('the bucket', () => {
  async function mountWithKeys(overrides: Parameters<typeof fakeServices>[0] = {}) {
    const fake = fakeServices(overrides);
    view = mount(<SftpKit services={fake.services} />);
    const section = storage(view.root);
    typeInto(field(section, 'CELLAR_ADDON_HOST'), 'cellar.example.test');
    typeInto(field(section, 'CELLAR_ADDON_KEY_ID'), 'KEY');
    typeInto(field(section, 'CELLAR_ADDON_KEY_SECRET'), 'SECRET');
    return { section, ...fake };
  }

  it('checks the name before any call and lists every problem', async () => {
    const { section, services } = await mountWithKeys();
    const name = field(section, 'Bucket name');
    typeInto(name, 'Bad..Name-');
    click(button(section, 'Create bucket'));
    expect(errorFor(name)).toBe(
      'Use lowercase letters only. Start and end with a letter or a digit. Do not put two dots in a row.',
    );
    expect(services.requestHostAccess).not.toHaveBeenCalled();
    expect(services.createS3Client).not.toHaveBeenCalled();
  });

  it('asks for access to the endpoint, creates the bucket path-style and lists it', async () => {
    const s3 = fakeS3({ listBuckets: vi.fn(async () => ['files.example.test']) });
    const { section, services } = await mountWithKeys({ createS3Client: vi.fn(() => s3) });
    typeInto(field(section, 'Bucket name'), 'files.example.test');
    expect(textOf(section)).toContain('path-style addressing');
    click(button(section, 'Create bucket'));
    await waitFor(() => expect(textOf(section)).toContain('Bucket “files.example.test” created.'));
    expect(services.requestHostAccess).toHaveBeenCalledWith('https://cellar.example.test');
    expect(services.createS3Client).toHaveBeenCalledWith({
      endpoint: 'https://cellar.example.test',
      accessKeyId: 'KEY',
      secretAccessKey: 'SECRET',
      region: 'us-east-1',
    });
    expect(s3.createBucket).toHaveBeenCalledWith('files.example.test');
    expect(button(section, 'files.example.test').getAttribute('aria-pressed')).toBe('true');
    // The SFTP users step uses that bucket.
    expect(field(view!.root, 'Bucket').value).toBe('files.example.test');
  });

  it('uses an overridden endpoint and signing region', async () => {
    const { section, services } = await mountWithKeys();
    typeInto(field(section, 'S3 endpoint'), 'http://127.0.0.1:9000');
    typeInto(field(section, 'Signing region'), 'eu-west-3');
    click(button(section, 'List buckets'));
    await waitFor(() => expect(button(section, 'existing')).toBeDefined());
    expect(services.requestHostAccess).toHaveBeenCalledWith('http://127.0.0.1:9000');
    expect(services.createS3Client).toHaveBeenCalledWith(
      expect.objectContaining({ endpoint: 'http://127.0.0.1:9000', region: 'eu-west-3' }),
    );
    click(button(section, 'Use the default'));
    expect(field(section, 'S3 endpoint').value).toBe('https://cellar.example.test');
  });

  it('says clearly when access was refused, and still tries', async () => {
    const { section, s3 } = await mountWithKeys({ requestHostAccess: vi.fn(async () => 'refused' as const) });
    click(button(section, 'List buckets'));
    await waitFor(() =>
      expect(textOf(section)).toContain(
        'The browser did not allow Keyhole to access https://cellar.example.test, but this call worked anyway',
      ),
    );
    expect(s3.listBuckets).toHaveBeenCalled();
  });

  it('shows the storage’s refusal as is', async () => {
    const s3 = fakeS3({
      createBucket: vi.fn(async () => {
        throw new KeyholeError('conflict', 'The bucket name “taken” is taken.', { status: 409 });
      }),
    });
    const { section } = await mountWithKeys({ createS3Client: vi.fn(() => s3) });
    typeInto(field(section, 'Bucket name'), 'taken');
    click(button(section, 'Create bucket'));
    await waitFor(() =>
      expect(textOf(section.querySelector('[role="alert"]'))).toBe('The bucket name “taken” is taken.'),
    );
  });

  it('picks an existing bucket from the list', async () => {
    const { section } = await mountWithKeys();
    click(button(section, 'List buckets'));
    await waitFor(() => button(section, 'existing'));
    click(button(section, 'existing'));
    expect(field(section, 'Bucket name').value).toBe('existing');
  });
});

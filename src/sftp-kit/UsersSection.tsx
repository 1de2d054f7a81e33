import { useRef, useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../core/errors.ts';
import { type CreatedSftpUser, normaliseAppUrl } from '../core/sftp/admin-api.ts';
import { type DeployedKitState, unknownAdminReason } from '../core/sftp/deployed-kit.ts';
import {
  buildSftpUserRecord,
  checkSftpUserInput,
  DEFAULT_HOME_DIR,
  DEFAULT_STORAGE_REGION,
  type SftpUserInput,
} from '../core/sftp/user-record.ts';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { describeHostAccess, type HostAccess, withHostAccess } from './host-access.ts';
import { runAction } from './run-action.ts';
import type { KitServices } from './services.ts';
import type { StorageValues } from './storage-values.ts';
import { TextField } from './TextField.tsx';

interface UsersSectionProps {
  appUrl: string;
  onAppUrlChange: (url: string) => void;
  storage: StorageValues;
  onBucketChange: (bucket: string) => void;
  /** The admin username the deploy form names (a default only: it is not a secret). */
  defaultAdminUsername: string;
  /**
   * What the application really has: its bootstrap admin is offered as a shortcut while those variables are
   * set. The password generated on this page is not: it is new after a reload and deployed only if set.
   */
  deployed: DeployedKitState;
  onCreated: (username: string) => void;
  services: KitServices;
}

const MASK = '••••••••';

/** Creates SFTPGo users through its REST API. The admin password and the bearer token are never stored. */
export function UsersSection({
  appUrl,
  onAppUrlChange,
  storage,
  onBucketChange,
  defaultAdminUsername,
  deployed,
  onCreated,
  services,
}: UsersSectionProps) {
  const [adminUsername, setAdminUsername] = useState(defaultAdminUsername);
  const [adminPassword, setAdminPassword] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [homeDir, setHomeDir] = useState(DEFAULT_HOME_DIR);
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<KeyholeErrorData | null>(null);
  const [accessNote, setAccessNote] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedSftpUser | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const input: SftpUserInput = {
    username,
    password,
    homeDir,
    bucket: storage.bucket,
    accessKey: storage.keyId,
    accessSecret: storage.keySecret,
    storageHost: storage.host,
    region: DEFAULT_STORAGE_REGION,
  };
  const problems = checkSftpUserInput(input);
  const deployedAdmin = deployed.kind === 'read' && deployed.kit.admin.state === 'found' ? deployed.kit.admin : null;
  const shown = (field: keyof SftpUserInput) => (attempted ? problems[field] : undefined);
  const storageProblems = (['accessKey', 'accessSecret', 'storageHost'] as const).filter((field) => problems[field]);
  const preview = buildSftpUserRecord(input);
  const maskedPreview = {
    ...preview,
    password: preview.password ? MASK : '',
    filesystem: {
      ...preview.filesystem,
      s3config: {
        ...preview.filesystem.s3config,
        access_secret: { status: 'Plain', payload: storage.keySecret ? MASK : '' },
      },
    },
  };

  async function create(event: Event) {
    event.preventDefault();
    setAttempted(true);
    setError(null);
    setCreated(null);
    setAccessNote(null);
    if (Object.keys(problems).length > 0 || !adminUsername || !adminPassword || !appUrl.trim()) {
      // After the errors render: take the user to the first field to fix.
      setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
      return;
    }
    let base: string;
    try {
      base = normaliseAppUrl(appUrl);
    } catch (invalid) {
      return setError(toErrorData(invalid));
    }
    // Before any await: the browser shows its permission prompt only during the click.
    const access = services.requestHostAccess(base);
    setBusy(true);
    let lastAccess: HostAccess = 'granted';
    const result = await runAction(() =>
      withHostAccess(
        access,
        () =>
          services.createSftpUser({ appUrl: base, adminUsername, adminPassword, record: buildSftpUserRecord(input) }),
        (state) => {
          lastAccess = state;
          setAccessNote(describeHostAccess(state, base));
        },
      ),
    );
    setBusy(false);
    if (!result.ok) return setError(result.error);
    setAccessNote(describeHostAccess(lastAccess, base, true));
    setCreated(result.value);
    onCreated(result.value.username);
  }

  const record = created ? { ...preview, ...created } : null;
  const s3 = (record?.filesystem as typeof preview.filesystem | undefined)?.s3config;

  return (
    <section id="users" class="sk-section" aria-labelledby="users-title">
      <h2 id="users-title">3. SFTP users</h2>
      <p>
        Creates a user through the server’s REST API with the admin credentials. Users connect with their own username
        and password, never the admin’s. Nothing here is stored: the admin password and token live only until the call
        ends.
      </p>
      <form ref={formRef} onSubmit={create} noValidate>
        <div class="sk-grid">
          <TextField
            label="Application URL"
            name="app-url"
            value={appUrl}
            onInput={onAppUrlChange}
            placeholder="https://app-….cleverapps.io"
            error={attempted && !appUrl.trim() ? 'Enter the application’s URL.' : undefined}
            hint="Where SFTPGo’s web admin answers (port 8080 behind the platform’s HTTPS)."
            mono
          />
          <TextField
            label="Admin username"
            name="admin-username"
            value={adminUsername}
            onInput={setAdminUsername}
            error={attempted && !adminUsername ? 'Enter the admin username.' : undefined}
            mono
          />
          <TextField
            label="Admin password"
            name="admin-password"
            value={adminPassword}
            onInput={setAdminPassword}
            secret
            mono
            error={attempted && !adminPassword ? 'Enter the admin password.' : undefined}
            hint={
              deployedAdmin && deployed.kind === 'read'
                ? `${deployed.kit.appName} still has the bootstrap admin variables: “Use the deployed one” fills them in.`
                : unknownAdminReason(deployed)
            }
            actions={
              deployedAdmin ? (
                <button
                  type="button"
                  class="kh-button"
                  aria-label="Use the deployed admin password"
                  onClick={() => {
                    setAdminUsername(deployedAdmin.username);
                    setAdminPassword(deployedAdmin.password);
                  }}
                >
                  Use the deployed one
                </button>
              ) : null
            }
          />
        </div>
        <div class="sk-grid">
          <TextField
            label="New user’s username"
            name="sftp-username"
            value={username}
            onInput={setUsername}
            error={shown('username')}
            mono
          />
          <TextField
            label="New user’s password"
            name="sftp-password"
            value={password}
            onInput={setPassword}
            error={shown('password')}
            secret
            mono
            actions={
              <button
                type="button"
                class="kh-button"
                aria-label="Generate a password for the new user"
                onClick={() => setPassword(services.generatePassword())}
              >
                Generate
              </button>
            }
          />
          <TextField
            label="Home directory"
            name="home-dir"
            value={homeDir}
            onInput={setHomeDir}
            error={shown('homeDir')}
            hint="With object storage it only holds temporary files: the run task prepares this directory."
            mono
          />
          <TextField
            label="Bucket"
            name="user-bucket"
            value={storage.bucket}
            onInput={(value) => onBucketChange(value.trim())}
            error={shown('bucket')}
            mono
          />
        </div>
        {attempted && storageProblems.length ? (
          <p class="kh-field-error" role="alert">
            Storage is incomplete: {storageProblems.map((field) => problems[field]).join(' ')}{' '}
            <a href="#storage">Fill it in section 2.</a>
          </p>
        ) : null}
        <details class="sk-notes">
          <summary>Record to send (secrets masked)</summary>
          <pre class="kh-mono sk-preview">{JSON.stringify(maskedPreview, null, 2)}</pre>
        </details>
        <div class="sk-actions">
          <button type="submit" class="kh-button kh-button--primary" disabled={busy}>
            {busy ? 'Creating…' : 'Create user'}
          </button>
        </div>
      </form>
      {accessNote ? (
        <p class="kh-banner kh-banner--warn" role="status">
          {accessNote}
        </p>
      ) : null}
      {error ? <ErrorBanner error={error} /> : null}
      {record ? (
        <div class="sk-result" role="status" aria-label="Created user">
          <strong>User “{record.username}” created.</strong>
          <dl>
            <dt>Status</dt>
            <dd>{record.status === 1 ? 'enabled' : String(record.status)}</dd>
            <dt>Home directory</dt>
            <dd>{String(record.home_dir)}</dd>
            <dt>Storage</dt>
            <dd>{s3 ? `S3 bucket ${String(s3.bucket)} at ${String(s3.endpoint)}, path-style` : 'S3'}</dd>
            <dt>Permissions</dt>
            <dd>all, on /</dd>
          </dl>
        </div>
      ) : null}
    </section>
  );
}

import { useEffect, useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../core/errors.ts';
import type { DeployedKitState } from '../core/sftp/deployed-kit.ts';
import type { HostKey } from '../core/sftp/ed25519-host-key.ts';
import { ConnectSection } from './ConnectSection.tsx';
import { type DeployForm, DeployKitSection } from './DeployKitSection.tsx';
import { ProvisionSection } from './ProvisionSection.tsx';
import { StorageSection } from './StorageSection.tsx';
import type { KitServices } from './services.ts';
import { EMPTY_STORAGE, type StorageValues } from './storage-values.ts';
import { UsersSection } from './UsersSection.tsx';

const SECTIONS = [
  ['provision', 'Deploy through the API'],
  ['deploy', '1. Deploy kit'],
  ['storage', '2. Storage'],
  ['users', '3. SFTP users'],
  ['connect', '4. Connect'],
] as const;

/**
 * The guided page. It owns what the sections share (host key, first admin, storage values, application URL,
 * created username) in memory only: nothing here is written to storage, so a reload starts over. What the
 * application really has (its host key, its bootstrap admin) comes only from reading its variables: the key
 * and password generated here are never presented as deployed.
 */
export function SftpKit({ services }: { services: KitServices }) {
  const [form, setForm] = useState<DeployForm>(() => ({
    appName: 'sftp-gateway',
    organisationId: '',
    region: 'par',
    postgresqlPlan: 'xxs_sml',
    sftpgoVersion: 'latest',
    adminUsername: 'admin',
    adminPassword: services.generatePassword(),
  }));
  const [hostKey, setHostKey] = useState<HostKey | null>(null);
  const [hostKeyError, setHostKeyError] = useState<KeyholeErrorData | null>(null);
  const [generatingKey, setGeneratingKey] = useState(false);
  const [storage, setStorage] = useState<StorageValues>(EMPTY_STORAGE);
  const [appUrl, setAppUrl] = useState('');
  const [domain, setDomain] = useState<string | null>(null);
  const [username, setUsername] = useState('');
  const [deployed, setDeployed] = useState<DeployedKitState>({ kind: 'not-read' });

  async function newHostKey() {
    setGeneratingKey(true);
    setHostKeyError(null);
    try {
      setHostKey(await services.generateHostKey());
    } catch (error) {
      setHostKeyError(toErrorData(error));
    }
    setGeneratingKey(false);
  }

  useEffect(() => {
    void newHostKey();
  }, []);

  // The SFTP domain follows the application URL until the user types one.
  const derivedDomain = (() => {
    try {
      return appUrl.trim()
        ? new URL(/^https?:\/\//i.test(appUrl.trim()) ? appUrl.trim() : `https://${appUrl.trim()}`).hostname
        : '';
    } catch {
      return '';
    }
  })();

  return (
    <div class="sk-page">
      <header class="sk-header">
        <h1>SFTP server kit</h1>
        <p>
          Deploy SFTPGo on a Linux application, backed by a PostgreSQL add-on for its configuration and an
          object-storage add-on for the files; then create the bucket and the SFTP users, and check the server’s key on
          first connection.
        </p>
      </header>
      <nav class="sk-nav" aria-label="Steps">
        {SECTIONS.map(([id, title]) => (
          <a key={id} href={`#${id}`}>
            {title}
          </a>
        ))}
      </nav>
      <main>
        <ProvisionSection services={services} />
        <DeployKitSection
          form={form}
          onFormChange={setForm}
          hostKey={hostKey}
          hostKeyError={hostKeyError}
          generatingKey={generatingKey}
          onNewHostKey={newHostKey}
          services={services}
        />
        <StorageSection
          values={storage}
          onChange={setStorage}
          onAppDomain={(fqdn) => {
            if (!appUrl.trim()) setAppUrl(`https://${fqdn}`);
          }}
          onDeployed={setDeployed}
          services={services}
        />
        <UsersSection
          appUrl={appUrl}
          onAppUrlChange={setAppUrl}
          storage={storage}
          onBucketChange={(bucket) => setStorage({ ...storage, bucket })}
          defaultAdminUsername={form.adminUsername}
          deployed={deployed}
          onCreated={setUsername}
          services={services}
        />
        <ConnectSection
          deployed={deployed}
          domain={domain ?? derivedDomain}
          onDomainChange={setDomain}
          username={username}
          onUsernameChange={setUsername}
          services={services}
        />
      </main>
    </div>
  );
}

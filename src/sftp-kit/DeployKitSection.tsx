import { useMemo } from 'preact/hooks';
import type { KeyholeErrorData } from '../core/errors.ts';
import {
  buildDeployKit,
  checkDeployKitInput,
  type DeployKitInput,
  HTTP_PORT,
  SFTP_PORT,
  TEMP_DIR,
} from '../core/sftp/deploy-config.ts';
import type { HostKey } from '../core/sftp/ed25519-host-key.ts';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { Checklist } from './Checklist.tsx';
import { CodeBlock } from './CodeBlock.tsx';
import type { KitServices } from './services.ts';
import { TextField } from './TextField.tsx';

export type DeployForm = Omit<DeployKitInput, 'hostKeyBase64'>;

interface DeployKitSectionProps {
  form: DeployForm;
  onFormChange: (form: DeployForm) => void;
  hostKey: HostKey | null;
  hostKeyError: KeyholeErrorData | null;
  generatingKey: boolean;
  onNewHostKey: () => void;
  services: KitServices;
}

export function DeployKitSection({
  form,
  onFormChange,
  hostKey,
  hostKeyError,
  generatingKey,
  onNewHostKey,
  services,
}: DeployKitSectionProps) {
  const input: DeployKitInput = { ...form, hostKeyBase64: hostKey?.privateKeyFileBase64 ?? '' };
  const problems = checkDeployKitInput(input);
  const kit = useMemo(
    () => (Object.keys(problems).length === 0 ? buildDeployKit(input) : null),
    // Rebuilt whenever any input changes; the objects themselves are new on every render.
    [JSON.stringify(input)],
  );
  const set = (field: keyof DeployForm) => (value: string) => onFormChange({ ...form, [field]: value });
  const formProblem = (field: keyof DeployForm) => problems[field];

  return (
    <section id="deploy" class="sk-section" aria-labelledby="deploy-title">
      <h2 id="deploy-title">1. Deploy kit</h2>
      <p>
        Everything to deploy SFTPGo on a Linux application: the environment variables, a <code>mise.toml</code> whose{' '}
        <code>run</code> task starts the server, and the platform steps. Works signed out. This page stores nothing: a
        reload makes a new host key and password, so download both files now.
      </p>

      <div class="sk-grid">
        <TextField
          label="Application name"
          value={form.appName}
          onInput={set('appName')}
          error={formProblem('appName')}
          mono
        />
        <TextField
          label="Organisation id (optional)"
          value={form.organisationId}
          onInput={set('organisationId')}
          error={formProblem('organisationId')}
          placeholder="orga_…"
          hint="Leave empty for your personal space."
          mono
        />
        <TextField label="Zone" value={form.region} onInput={set('region')} error={formProblem('region')} mono />
        <TextField
          label="PostgreSQL plan"
          value={form.postgresqlPlan}
          onInput={set('postgresqlPlan')}
          error={formProblem('postgresqlPlan')}
          hint="SFTPGo only keeps its configuration there: the smallest plan is enough."
          mono
        />
        <TextField
          label="SFTPGo version"
          value={form.sftpgoVersion}
          onInput={set('sftpgoVersion')}
          error={formProblem('sftpgoVersion')}
          hint="latest, or pin a release such as 2.6.6 for repeatable deploys."
          mono
        />
        <TextField
          label="First admin username"
          value={form.adminUsername}
          onInput={set('adminUsername')}
          error={formProblem('adminUsername')}
          mono
        />
        <TextField
          label="First admin password"
          value={form.adminPassword}
          onInput={set('adminPassword')}
          error={formProblem('adminPassword')}
          secret
          mono
          hint="Generated in your browser, and not deployed until you set it from the files below (a reload makes another one). Keep the one you deploy in your password manager: the SFTP users step needs it."
          actions={
            <button
              type="button"
              class="kh-button"
              aria-label="Generate a new admin password"
              onClick={() => set('adminPassword')(services.generatePassword())}
            >
              Generate
            </button>
          }
        />
      </div>

      <div class="sk-hostkey" aria-live="polite">
        <h3>Host key</h3>
        {hostKeyError ? <ErrorBanner error={hostKeyError} onRetry={onNewHostKey} /> : null}
        {hostKey ? (
          <>
            <p>
              Ed25519, made with Web Crypto in this tab, and not deployed until you set SFTPGO_HOST_KEY_B64 from the
              files below (a reload makes another one). The Connect step shows the key the application really has. This
              one’s fingerprint:
            </p>
            <p class="sk-fingerprint kh-mono" data-testid="host-key-fingerprint">
              {hostKey.fingerprint}
            </p>
          </>
        ) : !hostKeyError ? (
          <p class="kh-muted">Generating the host key…</p>
        ) : null}
        <button type="button" class="kh-button" onClick={onNewHostKey} disabled={generatingKey}>
          {generatingKey ? 'Generating…' : 'New host key'}
        </button>{' '}
        <span class="kh-muted">A new key changes the fingerprint: do it before the first deploy, not after.</span>
      </div>

      {kit ? (
        <>
          <h3>Files</h3>
          <p class="kh-banner kh-banner--warn" role="note">
            <strong>sftpgo.env holds secrets</strong> (the host key and the first admin password). Keep it out of git,
            and delete it once the variables are set. <code>mise.toml</code> holds none: commit it.
          </p>
          <CodeBlock label="sftpgo.env" text={kit.envFile} filename="sftpgo.env" services={services} />
          <CodeBlock
            label="mise.toml"
            text={kit.miseToml}
            filename="mise.toml"
            mime="application/toml"
            services={services}
          />
          <details class="sk-notes">
            <summary>What the run task does</summary>
            <ul>
              <li>
                Restores the host key into a mode-600 file inside <code>/tmp/sftpgo</code> (mode 700) at every start,
                and prepares the temporary directory <code>{TEMP_DIR}</code> that SFTP users get as home directory.
              </li>
              <li>
                Sets the connection string from the injected <code>POSTGRESQL_ADDON_URI</code>, so the database password
                is written in no file; logs go to standard output at <code>info</code> (debug logs can print that URI).
              </li>
              <li>
                Starts <code>sftpgo serve</code>: SFTP on port {SFTP_PORT} (where the TCP redirection lands), web admin
                and REST API on port {HTTP_PORT}.
              </li>
              <li>
                If the application has a <code>CC_RUN_COMMAND</code> variable, the platform runs that instead of this
                task: remove it, or make it run <code>mise run run</code>.
              </li>
            </ul>
          </details>

          <h3>Platform steps</h3>
          <Checklist steps={kit.checklist} services={services} />
          <p class="kh-banner kh-banner--warn" role="note">
            <strong>Disk size:</strong> while a file goes to or from object storage, SFTPGo can hold the whole file on
            the instance’s disk. Choose an instance whose disk covers your largest files times the transfers running at
            once, or transfers fail when the disk is full.
          </p>
        </>
      ) : hostKey ? (
        <p class="kh-banner" role="status">
          Fix the fields above to see the files and steps.
        </p>
      ) : null}
    </section>
  );
}

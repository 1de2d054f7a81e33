import { type KeyholeErrorData, toErrorData } from '../core/errors.ts';
import { buildSftpCommand } from '../core/sftp/connect-command.ts';
import { type RunState, STEP_IDS, stepTitle } from '../core/sftp/provision-plan.ts';
import { pushCommands, repositoryFiles, repositoryZipName } from '../core/sftp/provision-repo.ts';
import { describeCleanup, describeCreated, phaseOf } from '../core/sftp/provision-run.ts';
import { zipStore } from '../core/sftp/zip-store.ts';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { CodeBlock } from './CodeBlock.tsx';
import type { KitServices } from './services.ts';
import { TextField } from './TextField.tsx';

const ICONS = { done: '✓', waiting: '…', failed: '✗', pending: '○' } as const;

export interface RunViewProps {
  run: RunState;
  services: KitServices;
  busy: boolean;
  /** Set when a step waits for the user's permission to reach the storage and the server. */
  needsAccess: boolean;
  /** Set when a step still to come needs the admin password and this tab does not have it. */
  needsAdminPassword: boolean;
  adminPassword: string;
  onAdminPassword: (password: string) => void;
  sftpPassword: string | undefined;
  cleanupError: KeyholeErrorData | null;
  confirmingCleanup: boolean;
  onContinue: () => void;
  onAllowAccess: () => void;
  onAddresses: (addresses: NonNullable<RunState['addresses']>) => void;
  onCleanup: () => void;
  onForget: () => void;
}

/** The run's steps with their progress, what the user must do, and the way back. */
export function ProvisionRun(props: RunViewProps) {
  const { run, services } = props;
  const phase = phaseOf(run);
  const created = describeCreated(run);
  const addresses = run.addresses ?? { storageEndpoint: '', serverUrl: '' };
  return (
    <div>
      <ol class="sk-steps" aria-label="Provisioning steps">
        {STEP_IDS.map((id) => {
          const step = run.steps[id];
          return (
            <li key={id} class={`sk-step--${step.status}`} data-step={id} data-status={step.status}>
              <span class="sk-steps__icon" aria-hidden="true">
                {ICONS[step.status]}
              </span>
              <span>
                {stepTitle(run.choices, id)}
                <span class="kh-visually-hidden">: {step.status}</span>
              </span>
              {step.note && step.status !== 'failed' ? <span class="sk-steps__note kh-muted">{step.note}</span> : null}
            </li>
          );
        })}
      </ol>

      {phase.kind === 'waiting' && phase.step === 'deploy' ? (
        <section class="sk-push" aria-labelledby="sk-push-title">
          <h3 id="sk-push-title">Push the code</h3>
          <p>
            Download the repository (a <code>mise.toml</code> whose <code>run</code> task starts SFTPGo; no secret in
            it) and push it to the application. The kit watches the deployment and goes on by itself.
          </p>
          <button
            type="button"
            class="kh-button"
            onClick={() =>
              services.downloadBytes(
                repositoryZipName(run.choices),
                zipStore(repositoryFiles(run.choices)),
                'application/zip',
              )
            }
          >
            Download {repositoryZipName(run.choices)}
          </button>
          <GitCommands run={run} services={services} />
        </section>
      ) : null}

      {phase.kind === 'waiting' ? (
        <p class="kh-banner" role="status" data-testid="run-waiting">
          {phase.note}. Keyhole checks again every few seconds while this page is open.
        </p>
      ) : null}

      {props.needsAdminPassword ? (
        <div class={`kh-banner${props.adminPassword ? '' : ' kh-banner--warn'}`} role="note">
          <p>
            {props.adminPassword
              ? `The SFTP server’s first administrator is “${run.choices.adminUsername}”. Keep this password in your password manager: Keyhole keeps no copy once this tab closes.`
              : `Keyhole keeps no copy of the admin password. Type the one you chose for “${run.choices.adminUsername}” to go on.`}
          </p>
          <TextField label="Admin password" value={props.adminPassword} onInput={props.onAdminPassword} secret mono />
        </div>
      ) : null}

      {props.needsAccess ? (
        <div class="kh-banner kh-banner--warn" role="note">
          <p>
            Next, this page talks to the object storage (
            {addresses.storageEndpoint || `https://${run.facts.storageHost}`}) and to the SFTP server (
            {addresses.serverUrl || `https://${run.facts.domain}`}). Your browser asks you to allow it.
          </p>
          <button type="button" class="kh-button kh-button--primary" onClick={props.onAllowAccess}>
            Allow and continue
          </button>
        </div>
      ) : null}

      {phase.kind === 'failed' ? (
        <div class="sk-failure">
          <ErrorBanner error={run.steps[phase.step].error!} />
          <p>
            Stopped at “{stepTitle(run.choices, phase.step)}”.{' '}
            {created.length ? `What exists so far: ${created.join('; ')}.` : 'Nothing was created so far.'}
          </p>
          <button type="button" class="kh-button kh-button--primary" onClick={props.onContinue} disabled={props.busy}>
            Retry from this step
          </button>
        </div>
      ) : null}

      {phase.kind === 'finished' ? <Finished run={run} sftpPassword={props.sftpPassword} /> : null}

      <details class="sk-notes">
        <summary>Addresses this browser uses</summary>
        <p class="kh-muted">
          Leave empty on the platform. For a local test, where the storage or the server answer elsewhere.
        </p>
        <div class="sk-grid">
          <TextField
            label="Storage endpoint"
            value={addresses.storageEndpoint}
            onInput={(value) => props.onAddresses({ ...addresses, storageEndpoint: value })}
            placeholder="https://CELLAR_ADDON_HOST"
            mono
          />
          <TextField
            label="SFTP server URL"
            value={addresses.serverUrl}
            onInput={(value) => props.onAddresses({ ...addresses, serverUrl: value })}
            placeholder="https://the application’s domain"
            mono
          />
        </div>
      </details>

      {created.length ? (
        <div class="sk-cleanup">
          <h3>Remove what the kit created</h3>
          {props.confirmingCleanup ? (
            <>
              <p>
                These calls delete exactly what this run created (the bucket and the database go with their add-ons):
              </p>
              <ul class="kh-mono">
                {describeCleanup(run).map((call) => (
                  <li key={call.path}>
                    {call.method} {call.path}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>{created.join('; ')}.</p>
          )}
          {props.cleanupError ? <ErrorBanner error={props.cleanupError} /> : null}
        </div>
      ) : null}
      <div class="sk-actions">
        {created.length ? (
          <button type="button" class="kh-button kh-button--danger" onClick={props.onCleanup} disabled={props.busy}>
            {props.confirmingCleanup ? 'Delete them now' : 'Remove what the kit created'}
          </button>
        ) : null}
        {phase.kind === 'finished' || (phase.kind === 'failed' && !created.length) ? (
          <button type="button" class="kh-button" onClick={props.onForget}>
            Start another deployment
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** The push commands, or why the git URL the API gave cannot go into a command. */
function GitCommands({ run, services }: { run: RunState; services: KitServices }) {
  let text: string;
  try {
    text = pushCommands(run.choices, run.facts.gitUrl);
  } catch (error) {
    return <ErrorBanner error={toErrorData(error)} />;
  }
  return <CodeBlock label="Git commands" caption="shell" text={text} services={services} />;
}

/** `sftp …` for the finished server, or why the domain or user the run holds cannot go into a command. */
function connectCommand(run: RunState): { command: string } | { problem: string } {
  try {
    const { domain = '', port = 0 } = run.facts;
    return { command: buildSftpCommand({ host: domain, port, username: run.choices.sftpUsername }) };
  } catch (error) {
    return { problem: toErrorData(error).message };
  }
}

function Finished({ run, sftpPassword }: { run: RunState; sftpPassword: string | undefined }) {
  const { domain, port, fingerprint } = run.facts;
  const user = run.choices.sftpUsername;
  const connect = connectCommand(run);
  return (
    <div class="sk-result" role="status" aria-label="SFTP server ready">
      <h3>Ready</h3>
      <dl>
        <dt>Host</dt>
        <dd class="kh-mono">{domain}</dd>
        <dt>Port</dt>
        <dd class="kh-mono" data-testid="run-port">
          {port}
        </dd>
        <dt>User</dt>
        <dd class="kh-mono">{user}</dd>
        <dt>Password</dt>
        <dd class="kh-mono" data-testid="run-sftp-password">
          {sftpPassword ?? 'Shown once, before this page was reloaded: set another in the web admin if it is lost.'}
        </dd>
        <dt>Host key fingerprint (read back from the application)</dt>
        <dd class="kh-mono sk-fingerprint" data-testid="run-fingerprint">
          {fingerprint}
        </dd>
      </dl>
      {'command' in connect ? (
        <p>
          Connect with <code class="kh-mono">{connect.command}</code> and check that the fingerprint the client shows is
          this one.
        </p>
      ) : (
        <p class="kh-banner kh-banner--warn" role="note" data-testid="run-connect-refused">
          No command to connect: {connect.problem}
        </p>
      )}
    </div>
  );
}

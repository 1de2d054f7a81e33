import { useEffect, useState } from 'preact/hooks';
import type { KeyholeErrorData } from '../core/errors.ts';
import type { SessionStatus } from '../core/protocol.ts';
import {
  applicationEnvPath,
  parseApplicationEnv,
  pickStorageVariables,
  STORAGE_VARIABLES,
  type StorageEnv,
} from '../core/sftp/app-env.ts';
import { type DeployedKitState, readDeployedKit } from '../core/sftp/deployed-kit.ts';
import { listOrganisations, type OrganisationChoice } from '../core/sftp/organisations.ts';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { runAction } from './run-action.ts';
import type { KitServices } from './services.ts';

interface PlatformSourceProps {
  services: KitServices;
  /** Called with what was read; the page fills the fields from it. */
  onRead: (env: StorageEnv, appDomain: string | null) => void;
  /** Called with what the same read says of the deployed kit (host key, bootstrap admin), or why it failed. */
  onDeployed: (state: DeployedKitState) => void;
}

type Phase =
  | { kind: 'checking' }
  | { kind: 'unavailable'; error: KeyholeErrorData }
  | { kind: 'signed-out'; status: SessionStatus['state'] }
  | { kind: 'signed-in'; organisations: OrganisationChoice[] | null; error: KeyholeErrorData | null };

/**
 * Reads CELLAR_ADDON_* and POSTGRESQL_ADDON_URI from an application's environment when the user is signed
 * in. Signed out, it says so and the fields stay typeable: this part is a convenience, never a gate.
 */
export function PlatformSource({ services, onRead, onDeployed }: PlatformSourceProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'checking' });
  const [orgId, setOrgId] = useState('');
  const [appId, setAppId] = useState('');
  const [reading, setReading] = useState(false);
  const [readError, setReadError] = useState<KeyholeErrorData | null>(null);
  const [lastRead, setLastRead] = useState<StorageEnv | null>(null);

  async function load() {
    setPhase({ kind: 'checking' });
    const status = await runAction(() => services.sessionStatus());
    if (!status.ok) return setPhase({ kind: 'unavailable', error: status.error });
    if (status.value.state !== 'signed-in') return setPhase({ kind: 'signed-out', status: status.value.state });
    setPhase({ kind: 'signed-in', organisations: null, error: null });
    const summary = await runAction(async () => listOrganisations(await services.apiGet('/v2/summary')));
    if (!summary.ok) return setPhase({ kind: 'signed-in', organisations: [], error: summary.error });
    setPhase({ kind: 'signed-in', organisations: summary.value, error: null });
    // Preselect the first Linux application: that is what the kit deploys.
    for (const org of summary.value) {
      const linux = org.applications.find((app) => app.variant === 'linux');
      if (linux) {
        setOrgId(org.id);
        setAppId(linux.id);
        return;
      }
    }
    setOrgId(summary.value[0]?.id ?? '');
    setAppId(summary.value[0]?.applications[0]?.id ?? '');
  }

  useEffect(() => {
    void load();
  }, []);

  async function read() {
    setReading(true);
    setReadError(null);
    const appName =
      (phase.kind === 'signed-in' &&
        phase.organisations?.flatMap((org) => org.applications).find((app) => app.id === appId)?.name) ||
      appId;
    const result = await runAction(async () =>
      parseApplicationEnv(await services.apiGet(applicationEnvPath(orgId, appId))),
    );
    if (!result.ok) {
      setReadError(result.error);
      setReading(false);
      onDeployed({ kind: 'failed', appName, message: result.error.message });
      return;
    }
    const storage = pickStorageVariables(result.value);
    // The application's domain, for the SFTP users and Connect steps; optional, so failures are ignored.
    const details = await runAction(
      async () =>
        JSON.parse(
          await services.apiGet(
            `/v2/organisations/${encodeURIComponent(orgId)}/applications/${encodeURIComponent(appId)}`,
          ),
        ) as { vhosts?: { fqdn?: string }[] },
    );
    const fqdn = details.ok
      ? (details.value.vhosts?.find((vhost) => typeof vhost.fqdn === 'string')?.fqdn ?? null)
      : null;
    setLastRead(storage);
    setReading(false);
    onRead(storage, fqdn ? fqdn.replace(/\/+$/, '') : null);
    onDeployed({ kind: 'read', kit: readDeployedKit(result.value, appName) });
  }

  if (phase.kind === 'checking') return <p class="kh-muted">Checking whether you are signed in…</p>;
  if (phase.kind === 'unavailable') {
    return (
      <div>
        <p>Keyhole cannot read your applications right now: paste the add-on variables below instead.</p>
        <ErrorBanner error={phase.error} onRetry={load} />
      </div>
    );
  }
  if (phase.kind === 'signed-out') {
    return (
      <div class="kh-banner" role="status">
        You are not signed in. Sign in to read the add-on variables from your application, or paste them below (the
        console shows them in the application’s environment variables).{' '}
        <button type="button" class="kh-button" onClick={() => services.openSettings()}>
          Open Keyhole settings
        </button>{' '}
        <button type="button" class="kh-button" onClick={load}>
          Check again
        </button>
      </div>
    );
  }
  const organisations = phase.organisations;
  const org = organisations?.find((candidate) => candidate.id === orgId);
  return (
    <div>
      {phase.error ? <ErrorBanner error={phase.error} onRetry={load} /> : null}
      {organisations === null ? <p class="kh-muted">Loading your organisations…</p> : null}
      {organisations?.length ? (
        <div class="sk-grid">
          <div class="sk-field">
            <label for="sk-org">Organisation</label>
            <select
              id="sk-org"
              class="kh-input"
              value={orgId}
              onChange={(event) => {
                const next = (event.currentTarget as HTMLSelectElement).value;
                setOrgId(next);
                setAppId(organisations.find((candidate) => candidate.id === next)?.applications[0]?.id ?? '');
              }}
            >
              {organisations.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </select>
          </div>
          <div class="sk-field">
            <label for="sk-app">Application</label>
            <select
              id="sk-app"
              class="kh-input"
              value={appId}
              disabled={!org?.applications.length}
              onChange={(event) => setAppId((event.currentTarget as HTMLSelectElement).value)}
            >
              {org?.applications.length ? null : <option value="">No application in this organisation</option>}
              {org?.applications.map((app) => (
                <option key={app.id} value={app.id}>
                  {app.name}
                  {app.variant ? ` (${app.variant})` : ''}
                </option>
              ))}
            </select>
          </div>
        </div>
      ) : null}
      {organisations?.length ? (
        <div class="sk-actions">
          <button type="button" class="kh-button kh-button--primary" disabled={!appId || reading} onClick={read}>
            {reading ? 'Reading…' : 'Read the application’s variables'}
          </button>
        </div>
      ) : null}
      {readError ? <ErrorBanner error={readError} onRetry={read} /> : null}
      {lastRead ? (
        <ul class="sk-vars" aria-label="Variables read from the application">
          {STORAGE_VARIABLES.map((name) =>
            lastRead.missing.includes(name) ? (
              <li key={name} class="sk-missing">
                ✗ {name}: missing
                {name === 'POSTGRESQL_ADDON_URI'
                  ? ' (link the PostgreSQL add-on)'
                  : ' (link the object-storage add-on, or type it below)'}
              </li>
            ) : (
              <li key={name} class="sk-ok">
                ✓ {name}: found
              </li>
            ),
          )}
        </ul>
      ) : null}
    </div>
  );
}

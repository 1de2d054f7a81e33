import { useEffect, useRef, useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../core/errors.ts';
import { parseApplicationEnv } from '../core/sftp/app-env.ts';
import { readDeployedKit } from '../core/sftp/deployed-kit.ts';
import {
  describePlan,
  newRunState,
  orgPath,
  type ProvisionChoices,
  type ProvisionSecrets,
  type RunState,
  STEP_IDS,
} from '../core/sftp/provision-plan.ts';
import { advance, needsAdminPassword, phaseOf, removeCreated } from '../core/sftp/provision-run.ts';
import { ProvisionForm } from './ProvisionForm.tsx';
import { ProvisionPlan } from './ProvisionPlan.tsx';
import { ProvisionRun } from './ProvisionRun.tsx';
import { provisionDeps, serverUrlFor, storageEndpointFor } from './provision-deps.ts';
import { holdRunLock, type RunLockState } from './run-lock.ts';
import { forgetRun, loadRun, saveRun } from './run-store.ts';
import type { KitServices } from './services.ts';

type View = 'loading' | 'intro' | 'form' | 'plan' | 'run';
const NEEDS_ACCESS = new Set(['bucket', 'sftp-user']);
/** The steps that use the admin password: the run goes on until one of them if the tab does not have it. */
const NEEDS_PASSWORD = new Set(['env', 'sftp-user']);
const POLL_MS = 2000;

function randomRunId(): string {
  return crypto.getRandomValues(new Uint32Array(2)).reduce((text, part) => text + part.toString(36), 'run-');
}

/**
 * Section 0: the whole deployment through the signed API — plan first, then step by step. The run lives in
 * IndexedDB (no secret) and picks up after a reload; the passwords and the host key live in this tab only.
 */
export function ProvisionSection({ services }: { services: KitServices }) {
  const [view, setView] = useState<View>('loading');
  const [signedIn, setSignedIn] = useState(false);
  const [choices, setChoices] = useState<ProvisionChoices | null>(null);
  const [run, setRun] = useState<RunState | null>(null);
  const [adminPassword, setAdminPassword] = useState('');
  const secrets = useRef<ProvisionSecrets>({});
  // A ref as well as state: a run under way reads it when it reaches the steps that need it.
  const accessAllowed = useRef(false);
  const [accessGranted, setAccessGranted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<KeyholeErrorData | null>(null);
  const [confirmingCleanup, setConfirmingCleanup] = useState(false);
  const [removed, setRemoved] = useState<string | null>(null);
  secrets.current.adminPassword = adminPassword || undefined;
  // Only the tab holding the run lock steps the run (run-lock.ts); undefined until the browser answers.
  const [lock, setLock] = useState<RunLockState>();
  const driving = lock === 'held';

  useEffect(() => {
    let waited = false;
    return holdRunLock((state) => {
      setLock(state);
      if (state === 'waiting') waited = true;
      // Taking over from a tab that closed: its last saved run is the truth, not what this tab loaded.
      else if (waited)
        void loadRun()
          .catch(() => null)
          .then((stored) => {
            if (stored) return resume(stored);
            setRun(null);
            setView('intro');
          });
    });
  }, []);

  useEffect(() => {
    void (async () => {
      const status = await services.sessionStatus().catch(() => null);
      setSignedIn(status?.state === 'signed-in');
      const stored = await loadRun().catch(() => null);
      if (!stored) return setView('intro');
      await resume(stored);
    })();
  }, []);

  /** After a reload: what the tab lost is made again where nothing used it yet, or read back while it exists. */
  async function resume(stored: RunState) {
    if (stored.steps.env.status !== 'done') {
      // Nothing used them yet: new ones are as good, and the banner asks the user to keep the password.
      secrets.current.hostKeyBase64 = (await services.generateHostKey()).privateKeyFileBase64;
      setAdminPassword(services.generatePassword());
    } else {
      setAdminPassword('');
      if (stored.steps['remove-bootstrap'].status !== 'done' && stored.facts.appId) {
        const env = await services
          .apiGet(orgPath(stored.choices, `/applications/${stored.facts.appId}/env`))
          .then((body) => readDeployedKit(parseApplicationEnv(body), stored.choices.appName))
          .catch(() => null);
        if (env?.admin.state === 'found') setAdminPassword(env.admin.password);
      }
    }
    if (stored.steps['sftp-user'].status !== 'done') secrets.current.sftpPassword = services.generatePassword();
    setRun(stored);
    setView('run');
  }

  // Typed while a step runs on its own copy of the run: kept here so that copy's next save does not undo them.
  const addressesTyped = useRef<RunState['addresses']>(undefined);

  async function persist(next: RunState) {
    if (addressesTyped.current) next.addresses = addressesTyped.current;
    await saveRun(next);
    setRun(structuredClone(next));
  }

  async function step(current: RunState) {
    if (!driving) return;
    setBusy(true);
    const working = structuredClone(current);
    const deps = provisionDeps(
      services,
      secrets.current,
      working.addresses ?? { storageEndpoint: '', serverUrl: '' },
      setAdminPassword,
    );
    const mayRun = (id: string) =>
      (!NEEDS_ACCESS.has(id) || accessAllowed.current) &&
      (!NEEDS_PASSWORD.has(id) || Boolean(secrets.current.adminPassword));
    await advance(working, deps, persist, mayRun).catch((failure) => setError(toErrorData(failure)));
    setBusy(false);
  }

  const next = run ? STEP_IDS.find((id) => run.steps[id].status !== 'done') : undefined;
  const blockedByAccess = Boolean(next && NEEDS_ACCESS.has(next) && !accessGranted);
  const blockedByPassword = Boolean(next && NEEDS_PASSWORD.has(next) && !adminPassword);

  // Runs on by itself while steps are pending or waiting; a failure waits for the user's Retry.
  useEffect(() => {
    // Paused while the user decides on the clean-up: nothing new is created meanwhile.
    if (!driving || view !== 'run' || !run || busy || blockedByAccess || blockedByPassword || confirmingCleanup) return;
    const phase = phaseOf(run);
    if (phase.kind === 'failed' || phase.kind === 'finished') return;
    const timer = setTimeout(() => void step(run), phase.kind === 'waiting' ? POLL_MS : 0);
    return () => clearTimeout(timer);
  }, [driving, view, run, busy, blockedByAccess, blockedByPassword, confirmingCleanup]);

  async function start() {
    if (!choices || !driving) return;
    setBusy(true);
    secrets.current.hostKeyBase64 = (await services.generateHostKey()).privateKeyFileBase64;
    secrets.current.sftpPassword = services.generatePassword();
    const fresh = newRunState(randomRunId(), choices);
    await persist(fresh);
    setView('run');
    setBusy(false);
  }

  function allowAccess() {
    if (!run) return;
    const addresses = run.addresses ?? { storageEndpoint: '', serverUrl: '' };
    // In the click, before any await: the browser shows its prompt only during the user's gesture.
    void services.requestHostAccess(storageEndpointFor(addresses, run.facts.storageHost ?? 'invalid'));
    void services.requestHostAccess(serverUrlFor(addresses, run.facts.domain ?? 'invalid'));
    accessAllowed.current = true;
    setAccessGranted(true);
  }

  async function cleanup() {
    if (!run || !driving) return;
    if (!confirmingCleanup) return setConfirmingCleanup(true);
    setBusy(true);
    setError(null);
    const working = structuredClone(run);
    const names = working.created.length;
    try {
      await removeCreated(working, provisionDeps(services, {}, { storageEndpoint: '', serverUrl: '' }), persist);
      await forgetRun();
      setRun(null);
      setConfirmingCleanup(false);
      setRemoved(`Removed the ${names} resources this run created.`);
      setView('intro');
    } catch (failure) {
      setError(toErrorData(failure));
    }
    setBusy(false);
  }

  async function forget() {
    await forgetRun();
    setRun(null);
    setRemoved(null);
    setView('intro');
  }

  return (
    <section id="provision" class="sk-section" aria-labelledby="provision-title">
      <h2 id="provision-title">Deploy through the API</h2>
      <p>
        Keyhole makes the whole deployment with your signed session: the Linux application, the PostgreSQL and
        object-storage add-ons, the variables, the TCP redirection; you push the code; then the bootstrap variables go,
        the bucket and the first SFTP user are made. Every call is shown before anything is done.
      </p>
      {removed ? (
        <p class="kh-banner" role="status">
          {removed}
        </p>
      ) : null}
      {lock === 'waiting' ? (
        <p class="kh-banner kh-banner--warn" role="status">
          The kit is open in another tab, which drives the deployment. This tab runs no step; it takes over, with the
          latest saved state, when the other tab is closed.
        </p>
      ) : null}
      {view === 'loading' ? <p class="kh-muted">Looking for a run in progress…</p> : null}
      {view === 'intro' ? (
        signedIn ? (
          <button
            type="button"
            class="kh-button kh-button--primary"
            onClick={() => {
              if (!adminPassword) setAdminPassword(services.generatePassword());
              setView('form');
            }}
          >
            Plan a deployment
          </button>
        ) : (
          <p class="kh-banner" role="status">
            Sign in to Keyhole to deploy through the API, or follow the steps below by hand.{' '}
            <button type="button" class="kh-button" onClick={() => services.openSettings()}>
              Open Keyhole settings
            </button>
          </p>
        )
      ) : null}
      {view === 'form' ? (
        <ProvisionForm
          services={services}
          adminPassword={adminPassword}
          onAdminPassword={setAdminPassword}
          onReview={(picked) => {
            setChoices(picked);
            setView('plan');
          }}
        />
      ) : null}
      {view === 'plan' && choices ? (
        <div>
          <h3>The plan</h3>
          <p>
            In {choices.ownerName}, zone {choices.zone}. Nothing has been done yet; secrets are masked.
          </p>
          <ProvisionPlan steps={describePlan(choices)} />
          <div class="sk-actions">
            <button type="button" class="kh-button" onClick={() => setView('form')}>
              Change the choices
            </button>
            <button type="button" class="kh-button kh-button--primary" onClick={start} disabled={busy || !driving}>
              Start
            </button>
          </div>
        </div>
      ) : null}
      {view === 'run' && run ? (
        <ProvisionRun
          run={run}
          services={services}
          busy={busy || !driving}
          needsAccess={blockedByAccess}
          needsAdminPassword={needsAdminPassword(run)}
          adminPassword={adminPassword}
          onAdminPassword={setAdminPassword}
          sftpPassword={run.steps['sftp-user'].status === 'done' ? secrets.current.sftpPassword : undefined}
          cleanupError={error}
          confirmingCleanup={confirmingCleanup}
          onContinue={() => void step(run)}
          onAllowAccess={allowAccess}
          onAddresses={(addresses) => {
            addressesTyped.current = addresses;
            void persist({ ...run, addresses });
          }}
          onCleanup={() => void cleanup()}
          onForget={() => void forget()}
        />
      ) : null}
    </section>
  );
}

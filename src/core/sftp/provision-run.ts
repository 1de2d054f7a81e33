/**
 * The provisioning run as a state machine: `advance` runs the steps in order from the first one not done, saving
 * the run after every change, and stops at the first step that waits (a push, a deployment, add-ons being
 * provisioned) or fails. `removeCreated` undoes exactly what the run recorded as created, newest first.
 */
import { KeyholeError, toErrorData } from '../errors.ts';
import type { ProvisionDeps } from './provision-api.ts';
import { type CreatedResource, orgPath, type RunState, STEP_IDS, type StepId } from './provision-plan.ts';
import { STEPS } from './provision-steps.ts';

export type RunPhase =
  | { kind: 'running' }
  | { kind: 'waiting'; step: StepId; note: string }
  | { kind: 'failed'; step: StepId }
  | { kind: 'finished' };

export function phaseOf(run: RunState): RunPhase {
  for (const id of STEP_IDS) {
    const step = run.steps[id];
    if (step.status === 'failed') return { kind: 'failed', step: id };
    if (step.status === 'waiting') return { kind: 'waiting', step: id, note: step.note ?? '' };
    if (step.status !== 'done') return { kind: 'running' };
  }
  return { kind: 'finished' };
}

/**
 * Runs steps until one waits or fails, or all are done. `save` persists (IndexedDB) and lets the page redraw.
 * `mayRun` holds the run before a step the user must first allow (the browser's host access prompt).
 */
export async function advance(
  run: RunState,
  deps: ProvisionDeps,
  save: (run: RunState) => Promise<void>,
  mayRun: (step: StepId) => boolean = () => true,
): Promise<RunState> {
  for (const id of STEP_IDS) {
    const record = run.steps[id];
    if (record.status === 'done') continue;
    if (!mayRun(id)) return run;
    try {
      const outcome = await STEPS[id]({
        run,
        deps,
        attempted: Boolean(record.attempted),
        previous: record.status,
        beforeWrite: async () => {
          if (record.attempted) return;
          record.attempted = true;
          await save(run);
        },
      });
      run.steps[id] = { status: outcome.status, note: outcome.note, attempted: record.attempted };
      await save(run);
      if (outcome.status === 'waiting') return run;
    } catch (error) {
      run.steps[id] = { status: 'failed', error: toErrorData(error), attempted: record.attempted };
      await save(run);
      return run;
    }
  }
  return run;
}

/** One line per resource that exists because of this run, for the failure message and the clean-up button. */
export function describeCreated(run: RunState): string[] {
  return run.created.map((resource) =>
    resource.kind === 'tcp-redir'
      ? `TCP redirection on port ${resource.port} (${resource.namespace})`
      : `${resource.kind === 'application' ? 'Application' : 'Add-on'} ${resource.name} (${resource.id})`,
  );
}

function deletePath(run: RunState, resource: CreatedResource): string {
  if (resource.kind === 'tcp-redir') {
    return orgPath(
      run.choices,
      `/applications/${resource.appId}/tcpRedirs/${resource.port}?namespace=${encodeURIComponent(resource.namespace)}`,
    );
  }
  return orgPath(run.choices, `/${resource.kind === 'application' ? 'applications' : 'addons'}/${resource.id}`);
}

/** Every DELETE the clean-up will send, for the page to show before it does. */
export function describeCleanup(run: RunState): { method: 'DELETE'; path: string }[] {
  return [...run.created].reverse().map((resource) => ({ method: 'DELETE', path: deletePath(run, resource) }));
}

/**
 * Deletes what the run created, newest first (the redirection, then the add-ons — their bucket and database go
 * with them — then the application and its variables). A 404 means it is already gone. Stops at the first
 * failure, with the rest still listed in `run.created` so a retry goes on from there.
 */
export async function removeCreated(
  run: RunState,
  deps: ProvisionDeps,
  save: (run: RunState) => Promise<void>,
): Promise<RunState> {
  await adoptUnknownOutcomes(run, deps);
  await save(run);
  while (run.created.length) {
    const resource = run.created.at(-1)!;
    const answer = await deps.api('DELETE', deletePath(run, resource));
    if (answer.status !== 404 && (answer.status < 200 || answer.status > 299)) {
      throw new KeyholeError(
        'http-error',
        `Could not remove ${describeCreated({ ...run, created: [resource] })[0]}: HTTP ${answer.status}.`,
        { status: answer.status, detail: answer.text.slice(0, 300) },
      );
    }
    run.created.pop();
    await save(run);
  }
  return run;
}

/**
 * A create the run sent but whose answer was lost (the step failed after its write, e.g. `outcome-unknown`) may
 * have been applied: the clean-up looks for it by name first, so that it removes it too. Only steps this run
 * attempted are looked up, and each name was checked free before the run sent its create.
 */
async function adoptUnknownOutcomes(run: RunState, deps: ProvisionDeps): Promise<void> {
  for (const id of ['app', 'postgresql', 'storage', 'tcp-redir'] as const) {
    const step = run.steps[id];
    if (step.status !== 'failed' || !step.attempted) continue;
    await STEPS[id]({ run, deps, attempted: true, previous: 'failed', beforeWrite: refuseWrite }).catch(() => {});
  }
}

async function refuseWrite(): Promise<void> {
  // Looking, not creating: the step stops at its check.
  throw new KeyholeError('cancelled', 'Clean-up only looks for what exists.');
}

/** Whether the tab must be given the admin password again: it is needed by a step not done yet. */
export function needsAdminPassword(run: RunState): boolean {
  return run.steps.env.status !== 'done' || run.steps['sftp-user'].status !== 'done';
}

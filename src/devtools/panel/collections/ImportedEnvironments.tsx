import { useState } from 'preact/hooks';
import {
  type AddedEnvironment,
  applyEnvironmentDiff,
  describeDiff,
  diffEnvironment,
  type EnvironmentDiff,
} from '../../../core/workbench/environment-import.ts';
import { useStore } from '../store.ts';
import type { Workbench } from '../workbench.ts';

/**
 * The environments an import just added, each as its own new environment (core/workbench/environment-import.ts).
 * Merging one into an environment the user already has is offered here: the panel lists what would be added and
 * what would change (old → new), and nothing changes until the merge is confirmed.
 */
export function ImportedEnvironments({ workbench, added }: { workbench: Workbench; added: AddedEnvironment[] }) {
  return (
    <ul class="kh-imported-envs" aria-label="Imported environments">
      {added.map((item) => (
        <ImportedEnvironment key={item.id} workbench={workbench} item={item} />
      ))}
    </ul>
  );
}

type Step =
  | { state: 'idle' }
  | { state: 'review'; targetId: string; diff: EnvironmentDiff }
  | { state: 'done'; text: string };

function ImportedEnvironment({ workbench, item }: { workbench: Workbench; item: AddedEnvironment }) {
  const scope = useStore(workbench.variables);
  const others = scope.environments.filter((environment) => environment.id !== item.id);
  const [targetId, setTargetId] = useState(others[0]?.id ?? '');
  const [step, setStep] = useState<Step>({ state: 'idle' });
  const source = scope.environments.find((environment) => environment.id === item.id);
  const target = others.find((environment) => environment.id === targetId) ?? others[0];
  const selectId = `kh-merge-${item.id}`;
  const summary = `New environment “${item.name}” with ${item.count} variable${item.count === 1 ? '' : 's'}; not active, nothing of yours changed.`;

  if (!source || others.length === 0 || step.state === 'done')
    return <li>{step.state === 'done' ? step.text : summary}</li>;

  const review = () =>
    target && setStep({ state: 'review', targetId: target.id, diff: diffEnvironment(target, source.variables) });
  const reviewed = step.state === 'review' ? others.find((environment) => environment.id === step.targetId) : undefined;

  return (
    <li>
      {summary}
      <div class="kh-merge-pick">
        <label for={selectId}>Merge into</label>
        <select
          id={selectId}
          class="kh-input kh-input--small"
          value={target?.id}
          onChange={(event) => {
            setTargetId((event.currentTarget as HTMLSelectElement).value);
            setStep({ state: 'idle' });
          }}
        >
          {others.map((environment) => (
            <option key={environment.id} value={environment.id}>
              {environment.name}
            </option>
          ))}
        </select>
        <button type="button" class="kh-button kh-button--small" onClick={review}>
          Show changes…
        </button>
      </div>
      {step.state === 'review' && reviewed ? (
        <section class="kh-merge-review" aria-label={`Changes to “${reviewed.name}”`}>
          <p>
            Merging into “{reviewed.name}”: {describeDiff(step.diff)}.
          </p>
          <ul class="kh-merge-changes">
            {step.diff.added.map((row) => (
              <li key={`+${row.name}`}>
                <span class="kh-merge-kind">added</span> <span class="kh-mono">{row.name}</span> ={' '}
                <span class="kh-mono">{row.value}</span>
              </li>
            ))}
            {step.diff.changed.map((change) => (
              <li key={`~${change.name}`}>
                <span class="kh-merge-kind">changed</span> <span class="kh-mono">{change.name}</span>:{' '}
                <span class="kh-mono">{change.from}</span> → <span class="kh-mono">{change.to}</span>
              </li>
            ))}
          </ul>
          <button
            type="button"
            class="kh-button kh-button--small"
            disabled={step.diff.added.length + step.diff.changed.length === 0}
            onClick={() => {
              workbench.variables.update((current) => applyEnvironmentDiff(current, reviewed.id, step.diff));
              setStep({
                state: 'done',
                text: `Merged “${item.name}” into “${reviewed.name}”: ${describeDiff(step.diff)}.`,
              });
            }}
          >
            Merge into “{reviewed.name}”
          </button>
          <button type="button" class="kh-button kh-button--small" onClick={() => setStep({ state: 'idle' })}>
            Cancel
          </button>
        </section>
      ) : null}
    </li>
  );
}

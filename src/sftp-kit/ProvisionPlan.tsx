import type { PlannedStep } from '../core/sftp/provision-plan.ts';

/** Every call the run will make, in order, before anything is done: method, path, body with secrets masked. */
export function ProvisionPlan({ steps }: { steps: PlannedStep[] }) {
  return (
    <ol class="sk-plan" aria-label="Calls the kit will make">
      {steps.map((step) => (
        <li key={step.id}>
          <strong>{step.title}</strong>
          <ul>
            {step.calls.map((call, index) => (
              <li key={index} class="kh-mono">
                <span class="sk-plan__method">{call.method}</span> {call.path}
                {call.body ? <pre class="sk-plan__body">{call.body}</pre> : null}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

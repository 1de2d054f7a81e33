import { useState } from 'preact/hooks';
import type { ChecklistStep } from '../core/sftp/deploy-config.ts';
import { CodeBlock } from './CodeBlock.tsx';
import type { KitServices } from './services.ts';

/** The platform steps in order; ticking a step is only a note to oneself, kept while the tab is open. */
export function Checklist({
  steps,
  services,
}: {
  steps: ChecklistStep[];
  services: Pick<KitServices, 'copy' | 'download'>;
}) {
  const [done, setDone] = useState<ReadonlySet<string>>(new Set());
  function toggle(id: string) {
    const next = new Set(done);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setDone(next);
  }
  return (
    <ol class="sk-checklist" aria-label="Platform steps">
      {steps.map((step) => (
        <li
          key={step.id}
          class={done.has(step.id) ? 'sk-checklist__item sk-checklist__item--done' : 'sk-checklist__item'}
        >
          <label class="sk-checklist__title">
            <input type="checkbox" checked={done.has(step.id)} onChange={() => toggle(step.id)} />
            <span>{step.title}</span>
          </label>
          <p class="sk-checklist__detail">{step.detail}</p>
          {step.warning ? (
            <p class="kh-banner kh-banner--warn" role="note">
              {step.warning}
            </p>
          ) : null}
          {step.commands.length ? (
            <CodeBlock
              label={`Commands: ${step.title}`}
              caption="shell"
              text={step.commands.join('\n')}
              services={services}
            />
          ) : null}
        </li>
      ))}
    </ol>
  );
}

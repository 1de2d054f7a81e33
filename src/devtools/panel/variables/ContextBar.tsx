import { useEffect, useState } from 'preact/hooks';
import { activeEnvironment } from '../../../core/workbench/variable-scope.ts';
import { Lazy } from '../../../ui/Lazy.tsx';
import { useStore } from '../store.ts';
import type { Workbench } from '../workbench.ts';
import './variables.css';

/**
 * The line above the composer that says which values `{name}` variables get: the active environment (a select)
 * and the profile's context, the ids last chosen (organisation, application…), each with a button to forget it.
 * Variables… opens the editor (loaded on first use).
 */
const loadDialog = () => import('./VariablesDialog.tsx');

function describeId(workbench: Workbench, name: string, value: string): string {
  const summary = workbench.summary.get();
  if (summary.state !== 'ready') return value;
  for (const space of summary.summary.spaces) {
    if (name === 'organisationId' && space.id === value) return space.name;
    const app = space.applications.find((item) => item.id === value);
    if (name === 'applicationId' && app) return app.name;
  }
  return value;
}

export function ContextBar({ workbench }: { workbench: Workbench }) {
  const scope = useStore(workbench.variables);
  useStore(workbench.session);
  useStore(workbench.summary);
  const [editing, setEditing] = useState(false);
  const profile = workbench.profileId();
  const context = Object.entries(scope.contexts[profile] ?? {});
  const environment = activeEnvironment(scope);
  const namesSpaces = context.some(([name]) => name === 'organisationId' || name === 'applicationId');

  // Names for the organisation and application ids come from the account summary, fetched once.
  useEffect(() => {
    if (namesSpaces) void workbench.loadSummary();
  }, [namesSpaces]);

  const forget = (name: string) =>
    workbench.variables.update((current) => {
      const { [name]: _gone, ...rest } = current.contexts[profile] ?? {};
      return { ...current, contexts: { ...current.contexts, [profile]: rest } };
    });

  return (
    <div class="kh-context-bar">
      <label class="kh-context-env">
        <span class="kh-muted">Environment</span>
        <select
          class="kh-input kh-input--small"
          value={scope.activeEnvironmentId}
          onChange={(event) => {
            const id = (event.currentTarget as HTMLSelectElement).value;
            workbench.variables.update((current) => ({ ...current, activeEnvironmentId: id }));
          }}
        >
          <option value="">None</option>
          {scope.environments.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </select>
      </label>
      {context.length > 0 ? (
        <ul class="kh-context-ids" aria-label="Context">
          {context.map(([name, value]) => {
            const shown = describeId(workbench, name, value);
            return (
              <li key={name} class="kh-chip kh-context-id" title={`{${name}} = ${value}`}>
                <span class="kh-mono">{name}</span>
                {' = '}
                <span class={shown === value ? 'kh-mono' : ''}>{shown}</span>
                <button
                  type="button"
                  class="kh-context-forget"
                  aria-label={`Forget ${name}`}
                  title="Forget"
                  onClick={() => forget(name)}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <span class="kh-muted kh-context-empty" title="Ids you choose for a {placeholder} are kept here">
          No context yet
        </span>
      )}
      <button
        type="button"
        class="kh-button kh-button--small"
        title={environment ? `Variables (environment ${environment.name})` : 'Variables'}
        onClick={() => setEditing(true)}
      >
        Variables…
      </button>
      {editing ? (
        <Lazy
          load={loadDialog}
          props={{ workbench, onClose: () => setEditing(false) }}
          fallback={<span class="kh-muted">Loading…</span>}
        />
      ) : null}
    </div>
  );
}

import { useEffect, useRef, useState } from 'preact/hooks';
import { activeEnvironment } from '../../../core/workbench/variable-scope.ts';
import { Lazy } from '../../../ui/Lazy.tsx';
import { useStore } from '../store.ts';
import { ROVING, rovingTarget } from '../tabs/roving-focus.ts';
import type { Workbench } from '../workbench.ts';
import './variables.css';

/**
 * The line above the composer that says which values `{name}` variables get: the active environment (a select)
 * and the profile's context, the ids last chosen (organisation, application…), each with a button to forget it.
 * The forget buttons are one Tab stop (←/→ move between them), so a long context does not lengthen the way from
 * the catalog to Send. Variables… opens the editor (loaded on first use).
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
  const [focused, setFocused] = useState<string>();
  const list = useRef<HTMLUListElement>(null);
  const profile = workbench.profileId();
  const context = Object.entries(scope.contexts[profile] ?? {});
  const environment = activeEnvironment(scope);
  const namesSpaces = context.some(([name]) => name === 'organisationId' || name === 'applicationId');

  // Names for the organisation and application ids come from the account summary, fetched once.
  useEffect(() => {
    if (namesSpaces) void workbench.loadSummary();
  }, [namesSpaces]);

  const stop = context.some(([name]) => name === focused) ? focused : context[0]?.[0];

  const forget = (name: string) => {
    const index = context.findIndex(([candidate]) => candidate === name);
    const next = context[index + 1]?.[0] ?? context[index - 1]?.[0];
    const hadFocus = list.current?.contains(document.activeElement) ?? false;
    workbench.variables.update((current) => {
      const { [name]: _gone, ...rest } = current.contexts[profile] ?? {};
      return { ...current, contexts: { ...current.contexts, [profile]: rest } };
    });
    // Focus stays in the group (on the neighbour), not lost to the page, when the key or click came from it.
    if (hadFocus && next)
      requestAnimationFrame(() =>
        list.current?.querySelector<HTMLElement>(`[${ROVING}="${CSS.escape(next)}"]`)?.focus(),
      );
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const target = list.current ? rovingTarget(list.current, event.target as Element, event.key) : null;
    if (!target) return;
    event.preventDefault();
    target.focus();
  };

  return (
    <div class="kh-context-bar">
      <label class="kh-context-env">
        <span class="kh-muted">Environment</span>
        <select
          class="kh-input kh-input--small"
          value={scope.activeEnvironmentId}
          title={scope.environments.find((item) => item.id === scope.activeEnvironmentId)?.name ?? 'None'}
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
        <ul class="kh-context-ids" aria-label="Context" ref={list} onKeyDown={onKeyDown}>
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
                  title="Forget (← → move between ids)"
                  {...{ [ROVING]: name }}
                  tabIndex={name === stop ? 0 : -1}
                  onFocus={() => setFocused(name)}
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

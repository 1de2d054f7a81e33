import { useState } from 'preact/hooks';
import type { KeyValueRow } from '../../../core/workbench/request-draft.ts';
import type { Environment } from '../../../core/workbench/variable-scope.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { KeyValueEditor } from '../../../ui/KeyValueEditor.tsx';
import { useStore } from '../store.ts';
import type { Workbench } from '../workbench.ts';
import { maskedVariables } from './variable-storage.ts';

/**
 * Edits the variables: the profile's context (ids kept from earlier picks) and named environments. Changes apply
 * at once and are saved; a secret-looking variable is stored masked (Keyhole signs the calls itself, so none
 * is needed).
 */
const newId = () => `env-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;

export default function VariablesDialog({ workbench, onClose }: { workbench: Workbench; onClose: () => void }) {
  const scope = useStore(workbench.variables);
  const profile = workbench.profileId();
  const [selected, setSelected] = useState(scope.activeEnvironmentId || scope.environments[0]?.id || '');
  const environment = scope.environments.find((item) => item.id === selected);
  const masked = maskedVariables(scope);

  const contextRows: KeyValueRow[] = Object.entries(scope.contexts[profile] ?? {}).map(([name, value]) => ({
    name,
    value,
    enabled: true,
  }));
  const setContext = (rows: KeyValueRow[]) =>
    workbench.variables.update((current) => ({
      ...current,
      contexts: {
        ...current.contexts,
        [profile]: Object.fromEntries(
          rows.filter((row) => row.name.trim() !== '').map((row) => [row.name.trim(), row.value]),
        ),
      },
    }));
  const changeEnvironment = (change: (item: Environment) => Environment) =>
    workbench.variables.update((current) => ({
      ...current,
      environments: current.environments.map((item) => (item.id === selected ? change(item) : item)),
    }));
  const addEnvironment = () => {
    const id = newId();
    const name = `Environment ${scope.environments.length + 1}`;
    workbench.variables.update((current) => ({
      ...current,
      environments: [...current.environments, { id, name, variables: [] }],
      activeEnvironmentId: current.activeEnvironmentId || id,
    }));
    setSelected(id);
  };
  const removeEnvironment = () => {
    workbench.variables.update((current) => ({
      ...current,
      environments: current.environments.filter((item) => item.id !== selected),
      activeEnvironmentId: current.activeEnvironmentId === selected ? '' : current.activeEnvironmentId,
    }));
    setSelected(scope.environments.find((item) => item.id !== selected)?.id ?? '');
  };

  return (
    <Dialog title="Variables" onClose={onClose} size="wide">
      <div class="kh-dialog-body kh-variables">
        <p class="kh-hint kh-muted">
          Write <span class="kh-mono">{'{name}'}</span> in the path, query, headers or body. A value typed in a path
          field comes first, then the context (the ids chosen in path fields, listed below under Context: remove one to
          use the environment’s), then the active environment. A run in the Runner uses its environment first. Keyhole
          signs every call itself: no variable needs a secret, and secret-looking ones are not kept.
        </p>
        {masked.length > 0 ? (
          <p class="kh-banner kh-banner--warn" role="status">
            Not kept (secret-looking): {masked.join('; ')}.
          </p>
        ) : null}
        <h3 class="kh-variables-title">Context{profile ? '' : ' (no profile signed in)'}</h3>
        <KeyValueEditor label="Context values" rows={contextRows} onChange={setContext} />
        <h3 class="kh-variables-title">Environments</h3>
        <div class="kh-variables-envs">
          <label class="kh-field">
            <span>Edit</span>
            <select
              class="kh-input"
              value={selected}
              onChange={(event) => setSelected((event.currentTarget as HTMLSelectElement).value)}
            >
              {scope.environments.length === 0 ? <option value="">No environment yet</option> : null}
              {scope.environments.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                  {item.id === scope.activeEnvironmentId ? ' (active)' : ''}
                </option>
              ))}
            </select>
          </label>
          <button type="button" class="kh-button kh-button--small" onClick={addEnvironment}>
            New environment
          </button>
        </div>
        {environment ? (
          <>
            <div class="kh-variables-envs">
              <label class="kh-field">
                <span>Name</span>
                <input
                  class="kh-input"
                  value={environment.name}
                  onInput={(event) => {
                    const name = (event.currentTarget as HTMLInputElement).value;
                    changeEnvironment((item) => ({ ...item, name }));
                  }}
                />
              </label>
              <button
                type="button"
                class="kh-button kh-button--small"
                disabled={scope.activeEnvironmentId === environment.id}
                onClick={() => workbench.variables.update((current) => ({ ...current, activeEnvironmentId: selected }))}
              >
                Make active
              </button>
              <button type="button" class="kh-button kh-button--small kh-button--danger" onClick={removeEnvironment}>
                Delete environment
              </button>
            </div>
            <KeyValueEditor
              label={`Variables of ${environment.name}`}
              rows={environment.variables}
              onChange={(variables) => changeEnvironment((item) => ({ ...item, variables }))}
            />
          </>
        ) : null}
        <div class="kh-dialog-actions">
          <button type="button" class="kh-button kh-button--primary" onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    </Dialog>
  );
}

import { useState } from 'preact/hooks';
import type { SendRequest, SendResponse } from '../../../../core/protocol.ts';
import {
  describeCheckCount,
  describeUnlisted,
  formatCheckReport,
} from '../../../../core/workbench/response-differences.ts';
import { CopyButton } from '../../../../ui/CopyButton.tsx';
import type { PanelServices } from '../../services.ts';
import { useStore } from '../../store.ts';
import { checkStoreOf } from './check-registry.ts';
import { setResponseChecks } from './check-setting.ts';
import './check.css';

/**
 * Beside the status: how the answer compares with the description ("2 differences from the description"), a chip
 * that opens CheckPanel below the response's head (the status line keeps to one line: opened inside it, the list
 * ran off its edge and squeezed the other chips, an outside daily-user review found).
 */
export function CheckChip({
  response,
  open,
  onToggle,
}: {
  response: SendResponse;
  open: boolean;
  onToggle: () => void;
}) {
  const state = useStore(checkStoreOf(response));
  if (state.state === 'none') return null;
  const label =
    state.state === 'checking'
      ? 'comparing with the description…'
      : state.state === 'off'
        ? 'description checks off'
        : state.state === 'failed'
          ? 'could not compare with the description'
          : describeCheckCount(state.check);
  const differs = state.state === 'done' && state.check.total > 0;
  return (
    <button
      type="button"
      class={`kh-chip kh-check-chip${differs ? ' kh-chip--warn' : ''}`}
      aria-expanded={open}
      aria-controls={open ? CHECK_PANEL_ID : undefined}
      onClick={onToggle}
      title={state.state === 'failed' ? state.message : 'Compared with the API description for this status'}
    >
      {differs ? '⚠ ' : ''}
      {label}
    </button>
  );
}

const CHECK_PANEL_ID = 'kh-check-panel';

/** The chip's panel: the list of differences, a report to copy, and the setting that turns the comparison off. */
export function CheckPanel({
  request,
  response,
  services,
}: {
  request: SendRequest;
  response: SendResponse;
  services: PanelServices;
}) {
  const state = useStore(checkStoreOf(response));
  const [off, setOff] = useState<boolean | undefined>();
  if (state.state === 'none') return null;
  const differs = state.state === 'done' && state.check.total > 0;
  const toggle = async (on: boolean) => {
    await setResponseChecks(services.storage, on);
    setOff(!on);
  };
  return (
    <section id={CHECK_PANEL_ID} class="kh-check-panel" aria-label="Differences from the description">
      {state.state === 'done' ? (
        <>
          <p class="kh-muted">
            Compared with the {state.check.documentedStatus} schema of {state.endpointLabel}.
          </p>
          {state.check.differences.length > 0 ? (
            <ul class="kh-check-list">
              {state.check.differences.map((difference) => (
                <li key={`${difference.pointer} ${difference.message}`}>
                  <span class="kh-mono">{difference.pointer || '(root)'}</span>{' '}
                  <span class="kh-muted">[{difference.kind}]</span> {difference.message}
                </li>
              ))}
            </ul>
          ) : null}
          {describeUnlisted(state.check) ? <p class="kh-muted">{describeUnlisted(state.check)}</p> : null}
          {differs ? (
            <CopyButton
              label="Copy report"
              copy={services.copy}
              value={formatCheckReport(
                { method: request.method, path: request.path, status: response.status },
                state.check,
                state.endpointLabel,
              )}
            />
          ) : null}
        </>
      ) : null}
      <label class="kh-radio kh-radio--block">
        <input
          type="checkbox"
          checked={off === undefined ? state.state !== 'off' : !off}
          onChange={(event) => void toggle((event.currentTarget as HTMLInputElement).checked)}
        />
        Compare responses with the API description (from the next call)
      </label>
    </section>
  );
}

import { formatDateTime } from '../../core/format/format-date.ts';
import { expiryWarning } from '../../core/platform/api-token-expiry.ts';
import type { ApiTokenRecord } from '../../core/platform/api-tokens.ts';

export interface TokenActions {
  onUse: (record: ApiTokenRecord) => void;
  onStopUsing: () => void;
  onRename: (record: ApiTokenRecord) => void;
  onRevoke: (record: ApiTokenRecord) => void;
}

function StateChip({ record, now }: { record: ApiTokenRecord; now: Date }) {
  const warning = expiryWarning(record, now);
  if (warning?.level === 'expired') return <span class="kh-pill kh-pill--danger">Expired</span>;
  const label = record.state ? record.state.charAt(0) + record.state.slice(1).toLowerCase() : 'Unknown';
  return <span class={`kh-pill ${record.state?.toUpperCase() === 'ACTIVE' ? 'kh-pill--ok' : ''}`}>{label}</span>;
}

/** The user's tokens: what each is, when it expires (with a warning when soon or past), and what can be done. */
export function TokenTable({
  records,
  inUseId,
  now,
  actions,
}: {
  records: ApiTokenRecord[];
  inUseId?: string | undefined;
  now: Date;
  actions: TokenActions;
}) {
  if (records.length === 0)
    return <p class="kt-empty">No API tokens yet. Create one to call the bridge from scripts.</p>;
  return (
    <div class="kh-table-wrap">
      <table class="kh-table kt-table">
        <caption class="kh-visually-hidden">Your API tokens</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Created</th>
            <th scope="col">Expires</th>
            <th scope="col">State</th>
            <th scope="col">Id</th>
            <th scope="col">
              <span class="kh-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => {
            const warning = expiryWarning(record, now);
            const inUse = record.apiTokenId === inUseId;
            return (
              <tr key={record.apiTokenId} data-token-id={record.apiTokenId}>
                <th scope="row">
                  <strong>{record.name}</strong>{' '}
                  {inUse ? <span class="kh-pill kh-pill--accent">Used for bridge calls</span> : null}
                  {record.description ? <div class="kh-muted kh-small">{record.description}</div> : null}
                </th>
                <td>{formatDateTime(record.creationDate)}</td>
                <td>
                  {formatDateTime(record.expirationDate)}
                  {warning ? (
                    <div
                      class={warning.level === 'expired' ? 'kh-field-error' : 'kh-muted kh-small'}
                      style={{ color: warning.level === 'soon' ? 'var(--kh-warn)' : undefined }}
                    >
                      {warning.message}
                    </div>
                  ) : null}
                </td>
                <td>
                  <StateChip record={record} now={now} />
                </td>
                <td class="kt-id">{record.apiTokenId}</td>
                <td>
                  <div class="kt-actions">
                    {inUse ? (
                      <button type="button" class="kh-button" onClick={actions.onStopUsing}>
                        Stop using
                      </button>
                    ) : (
                      <button
                        type="button"
                        class="kh-button"
                        onClick={() => actions.onUse(record)}
                        disabled={warning?.level === 'expired'}
                        aria-label={`Use for bridge calls: ${record.name}`}
                      >
                        Use for bridge calls
                      </button>
                    )}
                    <button
                      type="button"
                      class="kh-button"
                      onClick={() => actions.onRename(record)}
                      aria-label={`Rename ${record.name}`}
                    >
                      Rename
                    </button>
                    <button
                      type="button"
                      class="kh-button kh-button--danger"
                      onClick={() => actions.onRevoke(record)}
                      aria-label={`Revoke ${record.name}`}
                    >
                      Revoke
                    </button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

import type { SendResponse } from '../../../core/protocol.ts';
import type { HistoryBody, HistoryEntry } from '../../../core/workbench/history-entry.ts';
import type { RunState } from '../workbench.ts';
import type { StoredTabResponse } from './tab-responses.ts';

/** Rebuilds a response from a stored record (history, or a tab's last response), so the viewer shows what was kept. */
export function responseFromHistory(entry: HistoryEntry, body: HistoryBody | undefined): SendResponse {
  return {
    url: entry.url ?? '',
    method: entry.request.method,
    status: entry.status ?? 0,
    statusText: entry.statusText ?? '',
    headers: entry.responseHeaders ?? [],
    contentType: entry.contentType ?? '',
    size: entry.size ?? 0,
    durationMs: entry.durationMs ?? 0,
    body: body?.body ?? { kind: 'text', text: '', truncated: entry.hasBody },
    auth: entry.auth ?? 'none',
  };
}

/** A tab's kept response as the response pane shows it after a reload: marked restored, and whether its body was dropped. */
export function responseFromStored(stored: StoredTabResponse): RunState {
  const { entry, body } = stored;
  const restored = { bodyDropped: stored.bodyDropped === true };
  if (entry.error && entry.status === undefined)
    return { phase: 'failed', request: entry.request, error: entry.error, startedAt: entry.startedAt, restored };
  return {
    phase: 'done',
    request: entry.request,
    response: responseFromHistory(entry, body),
    startedAt: entry.startedAt,
    restored,
  };
}

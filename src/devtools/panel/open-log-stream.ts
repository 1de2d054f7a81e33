import type { LogsRoute } from '../../core/streams/log-route.ts';
import { applicationLogsPath } from '../../core/streams/stream-endpoints.ts';
import { createDraft } from '../../core/workbench/request-draft.ts';
import type { Workbench } from './workbench.ts';

/**
 * "Tail logs" / "Access logs" for an application: puts the stream's GET in the composer and starts it. The entry
 * for every shortcut (the popup's links through the panel address, a followed application id, a picker).
 */
export function openLogStream(workbench: Workbench, { ownerId, appId, kind }: LogsRoute): Promise<void> {
  const current = workbench.draft.get();
  const opened = workbench.open(
    createDraft({
      method: 'GET',
      target: 'api',
      path: applicationLogsPath(ownerId, appId, kind),
      signatureMethod: current.signatureMethod,
    }),
  );
  // Not opened (every tab in use, said): sending would send the request of the tab in view.
  return opened ? workbench.send() : Promise.resolve();
}

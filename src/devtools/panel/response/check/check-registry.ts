import type { SendResponse } from '../../../../core/protocol.ts';
import type { ResponseCheck } from '../../../../core/workbench/response-check.ts';
import { createStore, type Store } from '../../store.ts';

/**
 * Each response's comparison with the description, keyed by the response object (like body-registry.ts: nothing
 * extra travels in the response). The status line and the tree read it; the workbench fills it once the response
 * has been shown.
 */
export type CheckState =
  | { state: 'checking' }
  | { state: 'done'; check: ResponseCheck; endpointLabel: string }
  /** Nothing to compare: no JSON body, or no documented schema for this path and status. */
  | { state: 'none' }
  | { state: 'off' }
  | { state: 'failed'; message: string };

const checks = new WeakMap<SendResponse, Store<CheckState>>();

export function checkStoreOf(response: SendResponse): Store<CheckState> {
  let store = checks.get(response);
  if (!store) {
    store = createStore<CheckState>({ state: 'none' });
    checks.set(response, store);
  }
  return store;
}

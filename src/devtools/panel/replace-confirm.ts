import { toErrorData } from '../../core/errors.ts';
import type { SendRequest } from '../../core/protocol.ts';
import {
  collectionReplacedBy,
  describeReplacement,
  environmentOf,
  type ReplacedCollection,
  type Replacement,
} from '../../core/workbench/collection-replace.ts';
import type { RequestDraft } from '../../core/workbench/request-draft.ts';
import type { PanelServices } from './services.ts';
import { createStore, type Store } from './store.ts';

/**
 * A PUT that replaces a whole collection (collection-replace.ts) waits for the user's yes. Meanwhile the current
 * collection is read with a GET of the same path (a read, signed like any call) and compared with the body, so the
 * question lists what goes; when it cannot be read, the question says so and still asks.
 */
export type ReplaceListing =
  | { state: 'loading' }
  | { state: 'ready'; replacement: Replacement }
  | { state: 'unknown'; why: string };

export interface PendingReplace {
  request: SendRequest;
  sentDraft?: RequestDraft;
  collection: ReplacedCollection;
  listing: ReplaceListing;
}

export interface ReplaceGuard {
  pending: Store<PendingReplace | undefined>;
  /** True when the request must wait for a yes (it is then pending); false to send it at once. */
  holds(request: SendRequest, sentDraft?: RequestDraft): boolean;
  /** The pending request, taken (the dialog closes). */
  take(): PendingReplace | undefined;
}

export function createReplaceGuard(services: PanelServices): ReplaceGuard {
  const pending = createStore<PendingReplace | undefined>(undefined);

  const list = async (request: SendRequest): Promise<ReplaceListing> => {
    const next = request.body?.kind === 'json' ? environmentOf(request.body.text) : undefined;
    // An empty body (Body: none) is not "a list Keyhole cannot read": say what it is.
    if (!next && (request.body ?? { kind: 'none' }).kind === 'none')
      return { state: 'unknown', why: 'the request has no body' };
    if (!next) return { state: 'unknown', why: 'the body is not a list of variables Keyhole can read' };
    const { body: _body, requestId: _id, ...rest } = request;
    const headers = (rest.headers ?? []).filter(([name]) => name.toLowerCase() !== 'content-type');
    try {
      const response = await services.send('request/send', { ...rest, method: 'GET', headers });
      const current =
        response.status === 200 && response.body.kind === 'text' ? environmentOf(response.body.text) : undefined;
      if (!current) return { state: 'unknown', why: `reading it answered HTTP ${response.status}` };
      return { state: 'ready', replacement: describeReplacement(current, next) };
    } catch (error) {
      return { state: 'unknown', why: toErrorData(error).message };
    }
  };

  return {
    pending,
    holds(request, sentDraft) {
      const collection = collectionReplacedBy(request);
      if (!collection) return false;
      const waiting: PendingReplace = {
        request,
        ...(sentDraft ? { sentDraft } : {}),
        collection,
        listing: { state: 'loading' },
      };
      pending.set(waiting);
      void list(request).then((listing) => {
        if (pending.get() === waiting) pending.set({ ...waiting, listing });
      });
      return true;
    },
    take() {
      const taken = pending.get();
      pending.set(undefined);
      return taken;
    },
  };
}

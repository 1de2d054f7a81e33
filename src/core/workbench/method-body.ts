/**
 * A GET or HEAD carries no body. When the method is switched to one of them while the draft has a body, the
 * composer asks what to do (instead of refusing at Send): send without the body (kept aside, so choosing a
 * body type again brings it back), move form fields to the query, or go back to the method before.
 */
import { methodAllowsBody, type RequestDraft } from './request-draft.ts';

export function hasBodyConflict(draft: RequestDraft): boolean {
  return draft.bodyMode !== 'none' && !methodAllowsBody(draft.method);
}

/** The body is no longer sent; its text and fields stay in the draft. */
export function setBodyAside(draft: RequestDraft): RequestDraft {
  return { ...draft, bodyMode: 'none' };
}

/** Form fields become query parameters (after the ones there are), the body none. */
export function moveFormToQuery(draft: RequestDraft): RequestDraft {
  const fields = draft.form.filter((row) => row.name.trim() !== '');
  return {
    ...draft,
    query: [...draft.query.filter((row) => row.name.trim() !== ''), ...fields],
    form: [],
    bodyMode: 'none',
  };
}

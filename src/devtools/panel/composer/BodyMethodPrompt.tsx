import type { HttpMethod } from '../../../core/protocol.ts';
import { hasBodyConflict, moveFormToQuery, setBodyAside } from '../../../core/workbench/method-body.ts';
import type { RequestDraft } from '../../../core/workbench/request-draft.ts';

/**
 * Shown while a GET or HEAD draft has a body: what to do with it, asked when the method changes rather than
 * refused at Send. `previous` is the method before the switch (POST when unknown, e.g. a restored draft).
 */
export function BodyMethodPrompt({
  draft,
  previous,
  onChange,
}: {
  draft: RequestDraft;
  previous: HttpMethod;
  onChange: (next: RequestDraft) => void;
}) {
  if (!hasBodyConflict(draft)) return null;
  const kind = draft.bodyMode === 'form' ? 'form fields' : draft.bodyMode === 'json' ? 'JSON body' : 'text body';
  return (
    <fieldset class="kh-banner kh-banner--warn kh-method-body">
      <legend class="kh-visually-hidden">The body of a {draft.method}</legend>
      <span>
        A {draft.method} request carries no body. What about the {kind}?
      </span>
      <span class="kh-method-body-actions">
        <button type="button" class="kh-button kh-button--small" onClick={() => onChange(setBodyAside(draft))}>
          Send without it
        </button>
        {draft.bodyMode === 'form' ? (
          <button type="button" class="kh-button kh-button--small" onClick={() => onChange(moveFormToQuery(draft))}>
            Move the fields to the query
          </button>
        ) : null}
        <button
          type="button"
          class="kh-button kh-button--small"
          onClick={() => onChange({ ...draft, method: previous })}
        >
          Back to {previous}
        </button>
      </span>
    </fieldset>
  );
}

import { Fragment } from 'preact';
import { type CatalogEntry, describeOrigins, isSendable } from '../../../core/platform/catalog.ts';
import type { RightCheck } from '../../../core/platform/session-rights.ts';
import { MethodBadge } from '../MethodBadge.tsx';

/** A path wraps after a slash, never inside a word ("{organisation Id}" before). */
function breakAfterSlashes(path: string) {
  // Each segment stays whole (nowrap: no break after a hyphen either); the <wbr> between them is the only place.
  return path.split(/(?<=\/)/).map((part, at) => (
    <Fragment key={at}>
      <span class="kh-path-part">{part}</span>
      <wbr />
    </Fragment>
  ));
}

const INFERRED = 'Inferred by Keyhole from the path; the platform does not say which right an endpoint needs.';

/**
 * One catalog endpoint as a button: method, path, what it does, the right it needs (and whether this session
 * lacks it, when that is known), and which sources describe it.
 */
export function EndpointButton({
  entry,
  check,
  onOpen,
  tabIndex,
}: {
  entry: CatalogEntry;
  check: RightCheck;
  onOpen: (entry: CatalogEntry) => void;
  /** The list is one Tab stop (roving tabindex): 0 for the current endpoint, -1 for the others. */
  tabIndex?: number;
}) {
  const inferred = entry.rightSource === 'keyhole-inferred';
  return (
    <button
      type="button"
      class={`kh-endpoint${check === 'lacking' || check === 'probably-lacking' ? ' kh-endpoint--lacking' : ''}`}
      onClick={() => onOpen(entry)}
      tabIndex={tabIndex}
      data-endpoint-id={entry.id}
      data-right-check={check}
    >
      <span class="kh-endpoint-line">
        <MethodBadge method={entry.method} />
        <span class="kh-mono kh-endpoint-path">{breakAfterSlashes(entry.pathTemplate)}</span>
        {entry.target === 'bridge' ? <span class="kh-chip">bridge</span> : null}
        {isSendable(entry) ? null : <span class="kh-chip">not sent by Keyhole (/v2 and /v4 only)</span>}
      </span>
      <span class="kh-endpoint-description">{entry.description}</span>
      <span class="kh-endpoint-facts">
        {entry.right ? (
          <span class="kh-chip kh-chip--right kh-mono" title={inferred ? INFERRED : undefined}>
            {inferred ? `${entry.right}?` : entry.right}
          </span>
        ) : null}
        {check === 'lacking' ? <span class="kh-chip kh-chip--warn">This session lacks this right</span> : null}
        {check === 'probably-lacking' ? (
          <span class="kh-chip kh-chip--warn">This session probably lacks it</span>
        ) : null}
        <span class="kh-endpoint-sources">{describeOrigins(entry)}</span>
      </span>
    </button>
  );
}

import type { CatalogEntry } from '../../../core/endpoint-catalog.ts';
import { MethodBadge } from '../MethodBadge.tsx';

/** One catalog endpoint as a button: method, target, path template, the right it needs and what it does. */
export function EndpointButton({ entry, onOpen }: { entry: CatalogEntry; onOpen: () => void }) {
  return (
    <button type="button" class="kh-endpoint" onClick={onOpen} data-endpoint-id={entry.id}>
      <span class="kh-endpoint-line">
        <MethodBadge method={entry.method} />
        <span class="kh-mono kh-endpoint-path">{entry.pathTemplate}</span>
        {entry.target === 'bridge' ? <span class="kh-chip">bridge</span> : null}
      </span>
      <span class="kh-endpoint-description">{entry.description}</span>
      {entry.right ? <span class="kh-chip kh-chip--right kh-mono">{entry.right}</span> : null}
    </button>
  );
}

import { useCallback, useMemo, useState } from 'preact/hooks';
import type { ProfileOrigins } from '../../../../core/http/request-url.ts';
import { contextOf, type FollowTarget, recogniseFollowValue } from '../../../../core/platform/follow-ids.ts';
import { idKind } from '../../../../core/platform/id-kinds.ts';
import type { SendRequest } from '../../../../core/protocol.ts';
import type { JsonRow } from '../../../../core/workbench/json-lines.ts';
import type { JsonTreeDecoration } from '../../../../ui/JsonTree.tsx';
import { Lazy } from '../../../../ui/Lazy.tsx';
import type { Workbench } from '../../workbench.ts';

/** The menu (and the catalog behind it) load when a link is first followed. */
const loadMenu = () => import('./FollowMenu.tsx');

function originsOf(workbench: Workbench): (ProfileOrigins & { consoleUrl?: string }) | undefined {
  const session = workbench.session.get();
  if (session.state !== 'ready' || !('profile' in session.status)) return undefined;
  const { apiBaseUrl, bridgeUrl, consoleUrl } = session.status.profile;
  return { apiBaseUrl, bridgeUrl, ...(consoleUrl ? { consoleUrl } : {}) };
}

function describe(target: FollowTarget): string {
  if (target.type === 'id') return `${idKind(target.kind)?.label ?? target.kind} ${target.value}`;
  return target.url;
}

/**
 * Ids and URLs in the response tree as small "follow" buttons (one regular-expression test per rendered row),
 * and the menu they open. Enter on a row that holds one opens it too.
 */
export function useFollowIds(workbench: Workbench | undefined, request: SendRequest) {
  const [open, setOpen] = useState<{ target: FollowTarget; known: Record<string, string> } | undefined>();
  const origins = useMemo(() => (workbench ? originsOf(workbench) : undefined), [workbench]);

  /** The tree's decoration for one parsed body (its surroundings tell an id's organisation). */
  const decorateFor = useCallback(
    (root: unknown): JsonTreeDecoration | undefined => {
      if (!workbench) return undefined;
      const targetOf = (row: JsonRow) =>
        row.size === 0 ? recogniseFollowValue(row.key, row.value, origins) : undefined;
      const follow = (target: FollowTarget, row: JsonRow) => setOpen({ target, known: contextOf(root, row.id) });
      return {
        renderBeforeValue(row) {
          const target = targetOf(row);
          if (!target) return null;
          return (
            <button
              type="button"
              class="kh-follow"
              tabIndex={-1}
              title={target.type === 'url' ? 'Copy this address' : 'Follow: compose the next call'}
              aria-label={`Follow ${describe(target)}`}
              onClick={(event) => {
                event.stopPropagation();
                follow(target, row);
              }}
            >
              {target.type === 'url' ? '⋯' : '↪'}
            </button>
          );
        },
        activate(row) {
          const target = targetOf(row);
          if (target) follow(target, row);
          return target !== undefined;
        },
      };
    },
    [workbench, origins],
  );

  const menu =
    workbench && open ? (
      <Lazy
        load={loadMenu}
        props={{
          target: open.target,
          known: open.known,
          workbench,
          request,
          consoleUrl: origins?.consoleUrl,
          onClose: () => setOpen(undefined),
        }}
        fallback={null}
      />
    ) : null;
  return { decorateFor, menu };
}

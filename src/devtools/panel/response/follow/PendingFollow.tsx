import { useEffect, useState } from 'preact/hooks';
import { type FollowRequest, parseFollowHash } from '../../../../core/platform/resource-links.ts';
import { Lazy } from '../../../../ui/Lazy.tsx';
import { useStore } from '../../store.ts';
import type { Workbench } from '../../workbench.ts';

const loadMenu = () => import('./FollowMenu.tsx');

/**
 * The popup cannot open DevTools (no extension API does), so its "Compose…" opens the panel page in a tab at
 * `#catalog?follow=application:app_…&owner=orga_…`: this opens the follow menu for that id once, then drops the
 * request from the address so a reload does not open it again.
 */
export function PendingFollow({ workbench }: { workbench: Workbench }) {
  const [pending, setPending] = useState<FollowRequest | undefined>(() => parseFollowHash(location.hash));
  const session = useStore(workbench.session);

  useEffect(() => {
    if (pending) history.replaceState(null, '', '#catalog');
  }, []);

  if (!pending) return null;
  const status = session.state === 'ready' ? session.status : undefined;
  const consoleUrl = status && 'profile' in status ? status.profile.consoleUrl : undefined;
  const known: Record<string, string> = pending.ownerId ? { organisationId: pending.ownerId } : {};
  return (
    <Lazy
      load={loadMenu}
      props={{
        target: { type: 'id' as const, kind: pending.kind, value: pending.value },
        workbench,
        known,
        ...(consoleUrl ? { consoleUrl } : {}),
        onClose: () => setPending(undefined),
      }}
      fallback={null}
    />
  );
}

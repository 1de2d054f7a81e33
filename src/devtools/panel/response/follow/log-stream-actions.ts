import { openLogStream } from '../../open-log-stream.ts';
import { type FollowActionContext, registerFollowAction } from './follow-actions.ts';

/**
 * "Tail logs" and "Access logs" on a followed application id, the panel's own way to the streams the popup links
 * to. Registered when the menu's module loads (the menu is lazy, and so is this). A log stream's path names the
 * owner, so the actions are offered only when the id's organisation is known from the call it came from.
 */
const hasOwner = ({ known }: FollowActionContext) => Boolean(known.organisationId);

registerFollowAction({
  id: 'tail-logs',
  label: 'Tail logs',
  kinds: ['application'],
  available: hasOwner,
  run: ({ workbench, known, value }) =>
    openLogStream(workbench, { ownerId: known.organisationId!, appId: value, kind: 'logs' }),
});

registerFollowAction({
  id: 'access-logs',
  label: 'Access logs',
  kinds: ['application'],
  available: hasOwner,
  run: ({ workbench, known, value }) =>
    openLogStream(workbench, { ownerId: known.organisationId!, appId: value, kind: 'accesslogs' }),
});

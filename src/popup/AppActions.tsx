import { useState } from 'preact/hooks';
import { buildFollowPanelPath, buildResourceConsoleLink } from '../core/platform/resource-links.ts';
import { buildLogsPanelPath } from './panel-links.ts';

/** Each application links to its live log streams in the panel. */
const LOG_LINKS = [
  ['logs', 'Tail logs'],
  ['accesslogs', 'Access logs'],
] as const;

/**
 * What an application in the popup links to, loaded when its "⋯" is first pressed (the popup's startup script
 * stays within budget): copy its id, its page in the console, its log and access-log streams in the panel, and
 * "Compose…", which opens Keyhole's panel page in
 * a tab with the follow menu for it (the popup cannot open DevTools itself).
 */
export default function AppActions({
  app,
  owner,
  consoleUrl,
  extensionUrl,
}: {
  app: { id: string; name: string };
  owner: { id: string; personal: boolean };
  consoleUrl: string | undefined;
  extensionUrl: (path: string) => string;
}) {
  // Not useCopyResult: sharing it with the startup script would split it into a chunk of its own (bytes counted).
  const [result, setResult] = useState<'copied' | 'failed'>();
  const copy = (text: string) =>
    navigator.clipboard.writeText(text).then(
      () => setResult('copied'),
      () => setResult('failed'),
    );
  const consoleLink = buildResourceConsoleLink(consoleUrl, owner, { kind: 'application', id: app.id });
  const compose = extensionUrl(buildFollowPanelPath({ kind: 'application', value: app.id, ownerId: owner.id }));
  return (
    <fieldset class="kp-app-actions" aria-label={`${app.name}: actions`}>
      <button type="button" class="kp-app-action" onClick={() => void copy(app.id)}>
        {result === 'copied' ? 'Copied' : result === 'failed' ? 'Copy failed' : 'Copy id'}
      </button>
      {consoleLink ? (
        <a class="kp-app-action" href={consoleLink} target="_blank" rel="noreferrer">
          Open in console
        </a>
      ) : null}
      {LOG_LINKS.map(([kind, label]) => (
        <a
          key={kind}
          class="kp-app-action"
          href={extensionUrl(buildLogsPanelPath(owner.id, app.id, kind))}
          target="_blank"
          rel="noreferrer"
          aria-label={`${label} of ${app.name}`}
        >
          {label}
        </a>
      ))}
      <a
        class="kp-app-action"
        href={compose}
        target="_blank"
        rel="noreferrer"
        title="Opens Keyhole’s workbench in a tab (DevTools cannot be opened from here)"
      >
        Compose a call…
      </a>
      <span class="kh-visually-hidden" role="status">
        {result === 'copied' ? `Copied ${app.id}` : ''}
      </span>
    </fieldset>
  );
}

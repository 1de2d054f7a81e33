import { useState } from 'preact/hooks';
import { type AccountSpace, countLabel, formatRole } from '../core/platform/account-summary.ts';
import { describeApplicationState } from '../core/platform/application-state.ts';
import { buildConsoleLink } from '../core/platform/console-links.ts';
import { Avatar } from './Avatar.tsx';
import { Icon } from './Icon.tsx';
import { buildInvoicesPanelPath } from './panel-links.ts';

/** One organisation (or the personal space): a disclosure button over its applications, and shortcuts. */
export function SpaceCard({
  space,
  consoleUrl,
  extensionUrl,
}: {
  space: AccountSpace;
  consoleUrl: string | undefined;
  extensionUrl: (path: string) => string;
}) {
  const [expanded, setExpanded] = useState(false);
  // An application's actions (copy id, console, compose, its log streams) load on first use: the popup's startup budget is spent.
  const [actions, setActions] = useState<{ id: string; View: typeof import('./AppActions.tsx').default }>();
  const listId = `apps-${space.id}`;
  const consoleLink = buildConsoleLink(consoleUrl, space);
  const role = space.personal ? 'Personal' : space.role ? formatRole(space.role) : undefined;
  const apps = countLabel(space.applications.length, 'app', 'apps');
  const addons = countLabel(space.addonCount, 'add-on', 'add-ons');
  return (
    <li class="kp-space" data-space-id={space.id}>
      <div class="kp-space__head">
        <button
          type="button"
          class="kp-space__toggle"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded(!expanded)}
        >
          <Icon name="chevron" class="kp-space__chevron" />
          <Avatar src={space.avatar} label={space.name} size={28} square />
          <span class="kp-space__text">
            <span class="kp-space__name">{space.name}</span>
            <span class="kp-space__meta">
              {apps} · {addons}
            </span>
          </span>
          {role ? <span class={space.personal ? 'kp-badge kp-badge--accent' : 'kp-badge'}>{role}</span> : null}
        </button>
        <a
          class="kp-icon-button"
          href={extensionUrl(buildInvoicesPanelPath(space.id))}
          target="_blank"
          rel="noreferrer"
          aria-label={`Invoices of ${space.name}`}
          title="Invoices"
        >
          <Icon name="receipt" />
        </a>
        {consoleLink ? (
          <a
            class="kp-icon-button"
            href={consoleLink}
            target="_blank"
            rel="noreferrer"
            aria-label={`Console for ${space.name}`}
            title="Open in the console"
          >
            <Icon name="external" />
          </a>
        ) : null}
      </div>
      <div class="kp-space__body" id={listId} hidden={!expanded}>
        {space.applications.length === 0 ? (
          <p class="kp-space__empty">No applications</p>
        ) : (
          <ul class="kp-apps" aria-label={`Applications of ${space.name}`}>
            {space.applications.map((app) => {
              const state = describeApplicationState(app.state, app.archived);
              return (
                <li key={app.id} class="kp-app">
                  <span class={`kp-dot kp-dot--${state.tone}`} aria-hidden="true" />
                  <span class="kp-app__name" title={app.id}>
                    {app.name}
                  </span>
                  {app.instanceType || app.variant ? (
                    <span class="kp-app__type">{app.instanceType ?? app.variant}</span>
                  ) : null}
                  <span class={`kp-app__state kp-tone--${state.tone}`}>{state.label}</span>
                  <button
                    type="button"
                    aria-expanded={actions?.id === app.id}
                    aria-label={`Actions for ${app.name}`}
                    onClick={() =>
                      actions?.id === app.id
                        ? setActions(undefined)
                        : import('./AppActions.tsx').then((module) => setActions({ id: app.id, View: module.default }))
                    }
                  >
                    ⋯
                  </button>
                  {actions?.id === app.id ? (
                    <actions.View app={app} owner={space} consoleUrl={consoleUrl} extensionUrl={extensionUrl} />
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </li>
  );
}

import { useLayoutEffect } from 'preact/hooks';
import { formatRelativeTime } from '../core/format/format-relative-time.ts';
import { describeSessionExpiry } from '../core/profiles/session-expiry.ts';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { Avatar } from './Avatar.tsx';
import { CopyIconButton } from './CopyIconButton.tsx';
import { markFirstAccountRender } from './first-account-render.ts';
import { Icon } from './Icon.tsx';
import type { AccountState } from './popup-controller.ts';
import { SpaceCard } from './SpaceCard.tsx';

export interface AccountActions {
  retry(): void;
  signOut(): void;
  copyText(text: string): Promise<void>;
  extensionUrl(path: string): string;
}

/** Who is signed in, until when, and what they own. Shown from the cache first, then updated in place. */
export function AccountView({
  account,
  now: clockNow,
  signingOut,
  actions,
}: {
  account: AccountState;
  now: number;
  signingOut: boolean;
  actions: AccountActions;
}) {
  useLayoutEffect(markFirstAccountRender, []);
  // The clock ticks every 30 s; a summary fetched since then must not read as "in under a minute".
  const now = Math.max(clockNow, account.fetchedAt ?? 0);
  const { user, profile, expiresAt } = account.snapshot;
  const displayName = user.name || user.email;
  const expiry = describeSessionExpiry(expiresAt, now);
  const spaces = account.summary?.spaces;
  return (
    <main class="kp-main" aria-busy={account.refreshing && !account.summary}>
      <section class="kp-identity" aria-label="Signed-in account">
        <Avatar src={user.avatar} label={displayName} size={44} />
        <div class="kp-identity__text">
          <h1 class="kp-identity__name">{displayName}</h1>
          {user.name ? <div class="kp-identity__email">{user.email}</div> : null}
          <div class="kp-identity__id">
            <span class="kh-visually-hidden">User ID: </span>
            <code class="kp-code" title={user.id}>
              {user.id}
            </code>
            <CopyIconButton value={user.id} label="Copy user ID" copy={actions.copyText} />
          </div>
        </div>
      </section>

      <p class={`kp-expiry kp-expiry--${expiry.tone}`} title={expiry.at ? expiry.at.toLocaleString() : undefined}>
        <Icon name={expiry.tone === 'warn' || expiry.tone === 'expired' ? 'alert' : 'clock'} />
        <span>Session {expiry.text.charAt(0).toLowerCase() + expiry.text.slice(1)}</span>
      </p>

      {account.error ? (
        <div class="kp-refresh-error">
          <ErrorBanner error={account.error} onRetry={actions.retry} />
          {account.fetchedAt !== undefined ? (
            <p class="kp-stale">Showing saved data · updated {formatRelativeTime(account.fetchedAt, now)}</p>
          ) : null}
        </div>
      ) : null}

      <section class="kp-spaces" aria-labelledby="kp-spaces-title">
        <h2 class="kp-section-title" id="kp-spaces-title">
          Organisations
          {spaces ? <span class="kp-count">{spaces.length}</span> : null}
        </h2>
        {spaces ? (
          spaces.length > 0 ? (
            <ul class="kp-space-list">
              {spaces.map((space) => (
                <SpaceCard
                  key={space.id}
                  space={space}
                  consoleUrl={profile.consoleUrl}
                  extensionUrl={actions.extensionUrl}
                />
              ))}
            </ul>
          ) : (
            <p class="kp-empty">Nothing here yet: no organisation and no personal applications.</p>
          )
        ) : account.error ? null : (
          <div class="kp-skeleton" aria-hidden="true">
            <div />
            <div />
          </div>
        )}
      </section>

      <footer class="kp-footer">
        <p class="kp-updated" role="status">
          {account.refreshing ? (
            <>
              <span class="kp-spinner kp-spinner--small" aria-hidden="true" />
              {/* Saved data waiting for the worker is not presented as current: its age is shown. */}
              {account.fetchedAt !== undefined && !account.fresh
                ? `Refreshing… (saved ${formatRelativeTime(account.fetchedAt, now)})`
                : 'Refreshing…'}
            </>
          ) : account.fetchedAt !== undefined && !account.error ? (
            `Updated ${formatRelativeTime(account.fetchedAt, now)}`
          ) : null}
        </p>
        <p class="kp-hint">
          <Icon name="code" />
          <span>
            Open in DevTools: press <kbd>F12</kbd>, then the <strong>Keyhole</strong> tab.
          </span>
        </p>
        <button type="button" class="kh-button kp-signout" onClick={actions.signOut} disabled={signingOut}>
          <Icon name="signOut" />
          {signingOut ? 'Signing out…' : 'Sign out'}
        </button>
      </footer>
    </main>
  );
}

import { useEffect, useState } from 'preact/hooks';
import type { KeyholeErrorData } from '../core/errors.ts';
import { joinOrigins, type OriginNeed, originsNeedingPermission } from '../core/http/host-permission.ts';
import type { ProfileView } from '../core/protocol.ts';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { hasOriginAccess, requestOriginAccess, watchPermissions } from './host-permissions.ts';

type AccessState = Record<string, boolean>;

/**
 * Host access for profiles outside the manifest's origins (the sandbox, a self-hosted platform): what is granted,
 * and a button that asks the browser. Access changes made elsewhere (the browser's settings) show up live.
 */
export function HostAccessCard(props: { profiles: ProfileView[] }) {
  const needs = props.profiles
    .map((profile) => ({ profile, origins: originsNeedingPermission(profile) }))
    .filter((entry) => entry.origins.length > 0);
  const allOrigins = [...new Set(needs.flatMap((entry) => entry.origins.map((need) => need.origin)))];
  const originsKey = allOrigins.join(' ');
  const [access, setAccess] = useState<AccessState>({});

  useEffect(() => {
    let current = true;
    const refresh = () => {
      Promise.all(allOrigins.map(async (origin) => [origin, await hasOriginAccess(origin)] as const)).then(
        (entries) => {
          if (current) setAccess(Object.fromEntries(entries));
        },
        () => {
          // Unknown state: leave it shown as "checking" rather than guessing.
        },
      );
    };
    refresh();
    const stop = watchPermissions(refresh);
    return () => {
      current = false;
      stop();
    };
  }, [originsKey]);

  return (
    <section class="opt-card" aria-labelledby="host-access-title">
      <h3 id="host-access-title">Host access</h3>
      {needs.length === 0 ? (
        <p class="kh-muted">
          Your profiles only use the platform’s own addresses, which Keyhole may reach from the start.
        </p>
      ) : (
        <>
          <p class="kh-muted">
            Keyhole may reach the platform’s own addresses from the start. Other hosts need your permission.
          </p>
          {needs.map((entry) => (
            <ProfileAccess key={entry.profile.id} name={entry.profile.name} origins={entry.origins} access={access} />
          ))}
        </>
      )}
    </section>
  );
}

function ProfileAccess(props: { name: string; origins: OriginNeed[]; access: AccessState }) {
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<KeyholeErrorData | null>(null);
  const missing = props.origins.filter((need) => props.access[need.origin] === false).map((need) => need.origin);
  const known = props.origins.every((need) => props.access[need.origin] !== undefined);

  const grant = () => {
    setError(null);
    setWaiting(true);
    // Called before any await: the browser only prompts inside the click's user gesture. The promise may stay
    // pending while the prompt is open, so nothing waits on it; the permission events update the state.
    requestOriginAccess(missing).then(
      () => setWaiting(false),
      (reason: unknown) => {
        setWaiting(false);
        setError({
          code: 'permission-missing',
          message: 'The browser did not ask for access.',
          detail: reason instanceof Error ? reason.message : String(reason),
        });
      },
    );
  };

  return (
    <div class="opt-access" data-profile-name={props.name}>
      <h4>{props.name}</h4>
      <ul class="opt-access-list">
        {props.origins.map((need) => {
          const state = props.access[need.origin];
          return (
            <li key={need.origin}>
              <code class="kh-mono">{need.origin}</code>
              <span class="kh-muted"> ({need.roles.join(' and ')})</span>
              <span
                class={`opt-state ${state ? 'opt-state--ok' : state === false ? 'opt-state--warn' : ''}`}
                data-origin-state={state === undefined ? 'unknown' : state ? 'granted' : 'missing'}
              >
                {state === undefined ? 'Checking…' : state ? 'Access granted' : 'Not granted'}
              </span>
            </li>
          );
        })}
      </ul>
      {known && missing.length > 0 ? (
        <>
          <p class="opt-hint kh-muted">
            Without it Keyhole still sends requests (the platform answers CORS), but the browser may hide some response
            headers, such as Date, which Keyhole uses to correct clock skew.
          </p>
          <div class="opt-actions">
            <button type="button" class="kh-button kh-button--primary" onClick={grant}>
              Grant access to {joinOrigins(missing)}
            </button>
            <span role="status" class="kh-muted">
              {waiting ? 'Answer the browser’s prompt to continue.' : ''}
            </span>
          </div>
        </>
      ) : null}
      {error ? <ErrorBanner error={error} /> : null}
    </div>
  );
}

import { useEffect, useRef, useState } from 'preact/hooks';
import type { ProfileView } from '../core/protocol.ts';

/**
 * The saved profiles, the active one marked. Deleting asks first, in place: the confirmation takes focus, and
 * Escape or Cancel puts focus back on the Delete button.
 */
export function ProfileList(props: {
  profiles: ProfileView[];
  activeId: string | null;
  busyId: string | null;
  onActivate: (profile: ProfileView) => void;
  onEdit: (profile: ProfileView) => void;
  onDelete: (profile: ProfileView) => void;
}) {
  return (
    <ul class="opt-profiles" aria-label="Profiles">
      {props.profiles.map((profile) => (
        <ProfileItem
          key={profile.id}
          profile={profile}
          active={profile.id === props.activeId}
          busy={props.busyId === profile.id}
          onActivate={() => props.onActivate(profile)}
          onEdit={() => props.onEdit(profile)}
          onDelete={() => props.onDelete(profile)}
        />
      ))}
    </ul>
  );
}

function ProfileItem(props: {
  profile: ProfileView;
  active: boolean;
  busy: boolean;
  onActivate: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { profile } = props;
  const [confirming, setConfirming] = useState(false);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  const nameId = `profile-${profile.id}-name`;

  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setConfirming(false);
  };

  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
    else if (wasConfirming.current) deleteRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  return (
    <li class={`opt-profile${props.active ? ' opt-profile--active' : ''}`}>
      <div class="opt-profile-head">
        <h3 id={nameId} class="opt-profile-name">
          {profile.name}
        </h3>
        {props.active ? <span class="opt-badge">Active</span> : null}
        {profile.hasConsumerSecret ? null : <span class="opt-badge opt-badge--warn">No secret</span>}
      </div>
      <dl class="opt-profile-facts">
        <div>
          <dt>API</dt>
          <dd class="kh-mono">{profile.apiBaseUrl}</dd>
        </div>
        <div>
          <dt>Consumer key</dt>
          <dd class="kh-mono">{profile.consumerKey}</dd>
        </div>
        <div>
          <dt>Signature</dt>
          <dd>{profile.signatureMethod}</dd>
        </div>
      </dl>
      {confirming ? (
        <div class="opt-confirm">
          <span id={`${nameId}-confirm`}>
            Delete “{profile.name}”? Its stored consumer secret and session are removed too.
          </span>
          <div class="opt-confirm-buttons">
            <button
              type="button"
              class="kh-button kh-button--danger"
              disabled={props.busy}
              aria-describedby={`${nameId}-confirm`}
              onClick={props.onDelete}
              onKeyDown={cancelOnEscape}
            >
              {props.busy ? 'Deleting…' : 'Delete profile'}
            </button>
            <button
              type="button"
              class="kh-button"
              ref={cancelRef}
              aria-describedby={`${nameId}-confirm`}
              onClick={() => setConfirming(false)}
              onKeyDown={cancelOnEscape}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <div class="opt-profile-actions">
          {props.active ? null : (
            <button type="button" class="kh-button" disabled={props.busy} onClick={props.onActivate}>
              Make active<span class="kh-visually-hidden"> {profile.name}</span>
            </button>
          )}
          <button type="button" class="kh-button" onClick={props.onEdit}>
            Edit<span class="kh-visually-hidden"> {profile.name}</span>
          </button>
          <button type="button" class="kh-button kh-button--danger" ref={deleteRef} onClick={() => setConfirming(true)}>
            Delete<span class="kh-visually-hidden"> {profile.name}</span>
          </button>
        </div>
      )}
    </li>
  );
}

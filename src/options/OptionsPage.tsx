import { useEffect, useRef, useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../core/errors.ts';
import type { ProfileInput, ProfileView, SessionStatus } from '../core/protocol.ts';
import { forgetMirroredAccount } from '../popup/account-mirror.ts';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { send } from '../ui/send.ts';
import { DataSection } from './backup/DataSection.tsx';
import { extensionVersion, watchStoredState } from './extension.ts';
import { HostAccessCard } from './HostAccessCard.tsx';
import { OnboardingSection } from './OnboardingSection.tsx';
import { PassphraseLockSection } from './PassphraseLockSection.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { ProfileList } from './ProfileList.tsx';
import { RedirectUrlCard } from './RedirectUrlCard.tsx';
import { SessionCard } from './SessionCard.tsx';

interface ProfilesState {
  profiles: ProfileView[];
  activeId: string | null;
}

type FormState = { mode: 'closed' } | { mode: 'add'; focus: boolean } | { mode: 'edit'; profile: ProfileView };

/** The settings page: profiles, the redirect URL and host access, the session, links. */
export function OptionsPage() {
  const [list, setList] = useState<ProfilesState | null>(null);
  const [loadError, setLoadError] = useState<KeyholeErrorData | null>(null);
  const [status, setStatus] = useState<SessionStatus | null>(null);
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [busyId, setBusyId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<KeyholeErrorData | null>(null);
  const [notice, setNotice] = useState('');
  const profilesHeading = useRef<HTMLHeadingElement>(null);

  const reload = async () => {
    try {
      const [profiles, session] = await Promise.all([send('profiles/list'), send('session/status')]);
      setList(profiles);
      setStatus(session);
      setLoadError(null);
      return profiles;
    } catch (error) {
      setLoadError(toErrorData(error));
      return null;
    }
  };

  useEffect(() => {
    reload().then((profiles) => {
      // A first visit opens the form straight away: there is nothing else to do yet.
      if (profiles && profiles.profiles.length === 0) setForm({ mode: 'add', focus: false });
    });
    return watchStoredState(() => void reload());
  }, []);

  const openForm = (next: FormState) => {
    // A notice about the last action would read as if it were about the form just opened.
    setNotice('');
    setForm(next);
  };

  const closeForm = () => {
    setForm({ mode: 'closed' });
    profilesHeading.current?.focus();
  };

  const save = async (input: ProfileInput) => {
    const before = input.id ? list?.profiles.find((profile) => profile.id === input.id) : undefined;
    const saved = await send('profiles/save', input);
    // A new address signs the profile out and the worker drops its cached account; the popup's localStorage
    // mirror of it is only reachable from a page, so the popup does not paint it once more.
    if (before && (before.apiBaseUrl !== saved.apiBaseUrl || before.bridgeUrl !== saved.bridgeUrl))
      forgetMirroredAccount(saved.id);
    await reload();
    setNotice(input.id ? `Saved the changes to “${saved.name}”.` : `Added “${saved.name}”.`);
    setActionError(null);
    closeForm();
  };

  const act = async (profile: ProfileView, action: () => Promise<unknown>, done: string) => {
    setBusyId(profile.id);
    setActionError(null);
    try {
      await action();
      await reload();
      setNotice(done);
    } catch (error) {
      setActionError(toErrorData(error));
    } finally {
      setBusyId(null);
    }
  };

  const activate = (profile: ProfileView) =>
    act(
      profile,
      async () => setStatus(await send('profiles/activate', { id: profile.id })),
      `“${profile.name}” is now the active profile.`,
    );

  const remove = (profile: ProfileView) =>
    act(
      profile,
      async () => {
        await send('profiles/delete', { id: profile.id });
        // The worker deletes the popup's cached account; its localStorage mirror is only reachable from a page.
        forgetMirroredAccount(profile.id);
        if (form.mode === 'edit' && form.profile.id === profile.id) setForm({ mode: 'closed' });
        profilesHeading.current?.focus();
      },
      `Deleted “${profile.name}”.`,
    );

  const profiles = list?.profiles ?? [];

  return (
    <>
      <header class="opt-header">
        <div class="opt-header-inner">
          <h1 class="opt-title">
            <img src="/icons/icon-32.png" alt="" width="20" height="20" />
            Keyhole <span class="kh-muted">Settings</span>
          </h1>
          <nav aria-label="Sections">
            <ul class="opt-nav">
              <li>
                <a href="#profiles">Profiles</a>
              </li>
              <li>
                <a href="#onboarding">Token setup</a>
              </li>
              <li>
                <a href="#session">Session</a>
              </li>
              <li>
                <a href="#passphrase-lock">Lock</a>
              </li>
              <li>
                <a href="#sftp-kit">SFTP kit</a>
              </li>
              <li>
                <a href="#data">Your data</a>
              </li>
              <li>
                <a href="#about">About</a>
              </li>
            </ul>
          </nav>
        </div>
      </header>

      <main class="opt-main">
        {loadError ? <ErrorBanner error={loadError} onRetry={() => void reload()} /> : null}

        <section id="profiles" class="opt-section" aria-labelledby="profiles-title">
          <div class="opt-section-head">
            <h2 id="profiles-title" ref={profilesHeading} tabIndex={-1}>
              Profiles
            </h2>
            {form.mode === 'closed' && list ? (
              <button type="button" class="kh-button" onClick={() => openForm({ mode: 'add', focus: true })}>
                Add profile
              </button>
            ) : null}
          </div>
          <p class="kh-muted">
            A profile is a platform’s addresses and the OAuth consumer Keyhole signs in with. The active one is used by
            the popup and the DevTools panel.
          </p>
          <p role="status" class="opt-notice">
            {notice}
          </p>
          {actionError ? <ErrorBanner error={actionError} /> : null}
          {list === null && !loadError ? <p class="kh-muted">Loading profiles…</p> : null}
          {list && profiles.length === 0 ? (
            <p class="kh-muted">
              Have an API token? <a href="#onboarding">Set up with an API token</a> instead: Keyhole creates its
              consumer and the profile for you.
            </p>
          ) : null}
          {list && profiles.length === 0 && form.mode === 'closed' ? (
            <p class="opt-card kh-muted">No profiles yet.</p>
          ) : null}
          {profiles.length > 0 ? (
            <ProfileList
              profiles={profiles}
              activeId={list?.activeId ?? null}
              busyId={busyId}
              onActivate={activate}
              onEdit={(profile) => openForm({ mode: 'edit', profile })}
              onDelete={remove}
            />
          ) : null}
          {form.mode === 'add' ? <ProfileForm onSave={save} onCancel={closeForm} focusOnOpen={form.focus} /> : null}
          {form.mode === 'edit' ? (
            <ProfileForm key={form.profile.id} profile={form.profile} onSave={save} onCancel={closeForm} focusOnOpen />
          ) : null}
          <RedirectUrlCard />
          {profiles.length > 0 ? <HostAccessCard profiles={profiles} /> : null}
        </section>

        <OnboardingSection onProfileCreated={() => void reload()} onStatus={setStatus} />

        <section id="session" class="opt-section" aria-labelledby="session-title">
          <h2 id="session-title">Session</h2>
          <div class="opt-card">
            <SessionCard status={status} onStatus={setStatus} />
          </div>
        </section>

        <PassphraseLockSection />

        <section id="sftp-kit" class="opt-section" aria-labelledby="sftp-title">
          <h2 id="sftp-title">SFTP server kit</h2>
          <div class="opt-card">
            <p>Deploy an SFTP server backed by your object storage, with its users and keys, from a guided page.</p>
            <a class="kh-button opt-link-button" href="../sftp-kit/index.html">
              Open the SFTP server kit
            </a>
          </div>
        </section>

        <DataSection />

        <section id="about" class="opt-section" aria-labelledby="about-title">
          <h2 id="about-title">About</h2>
          <div class="opt-card">
            <p>
              Keyhole <span class="kh-mono">{extensionVersion()}</span> signs your requests to the platform’s API with
              OAuth 1.0a, in the browser.
            </p>
            <p class="kh-muted">
              Consumer secrets and tokens stay in Keyhole’s background worker, encrypted at rest (see{' '}
              <a href="#passphrase-lock">Passphrase lock</a> for what that protects against). This page only learns
              whether a secret is stored, never its value.
            </p>
          </div>
        </section>
      </main>
    </>
  );
}

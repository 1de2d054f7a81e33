import { useEffect, useRef, useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../core/errors.ts';
import { REAL_PLATFORM_PRESET } from '../core/profiles/profile-presets.ts';
import { ErrorBanner } from '../ui/ErrorBanner.tsx';
import { send } from '../ui/send.ts';

const CONSOLE_URL = REAL_PLATFORM_PRESET.consoleUrl ?? 'https://console.clever-cloud.com';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The address the platform must redirect to after sign-in (the extension's identity redirect URL), with a Copy
 * button and the steps to register it on an OAuth consumer.
 */
export function RedirectUrlCard() {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<KeyholeErrorData | null>(null);
  const [copy, setCopy] = useState<CopyState>('idle');
  const inputRef = useRef<HTMLInputElement>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const load = () => {
    setError(null);
    send('identity/redirect-url').then(
      (reply) => setUrl(reply.url),
      (reason: unknown) => setError(toErrorData(reason)),
    );
  };

  useEffect(() => {
    load();
    return () => clearTimeout(resetTimer.current);
  }, []);

  const copyUrl = async () => {
    if (!url) return;
    clearTimeout(resetTimer.current);
    try {
      await navigator.clipboard.writeText(url);
      setCopy('copied');
      resetTimer.current = setTimeout(() => setCopy('idle'), 2500);
    } catch {
      // Clipboard refused (no focus, policy): select the text so Ctrl+C works.
      inputRef.current?.select();
      setCopy('failed');
    }
  };

  return (
    <section class="opt-card" aria-labelledby="redirect-title">
      <h3 id="redirect-title">Redirect URL</h3>
      <p>
        Register this address as your OAuth consumer’s base URL (console → Profile → OAuth consumers). The platform only
        sends you back to Keyhole after sign-in if it matches.
      </p>
      {error ? <ErrorBanner error={error} onRetry={load} /> : null}
      <div class="opt-copy-row">
        <label class="kh-visually-hidden" for="redirect-url">
          Redirect URL
        </label>
        <input
          id="redirect-url"
          ref={inputRef}
          class="kh-input kh-mono"
          readOnly
          value={url ?? ''}
          placeholder={url === null && !error ? 'Loading…' : undefined}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" class="kh-button" disabled={!url} onClick={copyUrl}>
          Copy
        </button>
        <span role="status" class={copy === 'copied' ? 'opt-copied' : 'kh-muted'}>
          {copy === 'copied' ? 'Copied' : copy === 'failed' ? 'Copy blocked: press Ctrl+C' : ''}
        </span>
      </div>
      <details class="opt-steps">
        <summary>How to create an OAuth consumer on the real platform</summary>
        <ol>
          <li>
            Open{' '}
            <a href={CONSOLE_URL} target="_blank" rel="noreferrer">
              {CONSOLE_URL.replace('https://', '')}
            </a>{' '}
            and choose your profile (personal) or an organisation.
          </li>
          <li>
            Go to <strong>OAuth consumers</strong> and create one.
          </li>
          <li>Name it (e.g. “Keyhole”) and paste the redirect URL above as its base URL.</li>
          <li>Tick the rights Keyhole may use: only what you plan to do through it.</li>
          <li>Save, then copy the consumer key and secret into a profile here.</li>
        </ol>
      </details>
    </section>
  );
}

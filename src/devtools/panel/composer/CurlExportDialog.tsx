import { useEffect, useRef, useState } from 'preact/hooks';
import { type KeyholeErrorData, toErrorData } from '../../../core/errors.ts';
import type { CurlCredential, SendRequest } from '../../../core/protocol.ts';
import { buildCleverCurl } from '../../../core/workbench/clever-curl.ts';
import {
  buildCurlSnippet,
  buildSnippet,
  describeSnippetRequest,
  SNIPPET_LANGUAGES,
  type Snippet,
  type SnippetCredentials,
  type SnippetLanguage,
} from '../../../core/workbench/code-export/index.ts';
import { describeMissingValues } from '../../../core/workbench/variables.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { ErrorBanner } from '../../../ui/ErrorBanner.tsx';
import type { PanelServices } from '../services.ts';
import type { Workbench } from '../workbench.ts';
import { CurlHint, SnippetHint } from './ExportHints.tsx';

/**
 * The current request as code. By default every language reads an API token (`$CLEVER_API_TOKEN`, what the
 * Tokens view creates) and calls the bridge with it: built here, in the page, from the request alone, so no
 * secret is involved. OAuth 1.0a is the explicit alternative: snippets then read a consumer and an access token of
 * the user's own from the environment, and "curl" is signed afresh by the worker (an HMAC signature stays masked
 * unless the user reveals it; PLAINTEXT secrets are never revealed, the command reads them from shell variables).
 * "clever curl" carries no credential: the platform CLI signs it.
 */
export type ExportLanguage = 'curl' | 'clever' | SnippetLanguage;

const LANGUAGES: [ExportLanguage, string][] = [
  ['curl', 'curl'],
  ['clever', 'clever curl'],
  ...Object.entries(SNIPPET_LANGUAGES).map(([id, { label }]): [ExportLanguage, string] => [
    id as SnippetLanguage,
    label,
  ]),
];

type State =
  | { state: 'loading' }
  | { state: 'ready'; command: string; masked: boolean; credential?: CurlCredential; snippet?: Snippet }
  | { state: 'error'; error: KeyholeErrorData };

const CREDENTIALS: [SnippetCredentials, string][] = [
  ['api-token', 'API token (bridge)'],
  ['oauth', 'OAuth 1.0a (your own consumer and access token)'],
];

function InlineSelect<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
  pending,
}: {
  id: string;
  label: string;
  /** Undefined while the value is not known yet: the select then says `pending` and takes no choice. */
  value: T | undefined;
  options: [T, string][];
  onChange: (value: T) => void;
  pending?: string;
}) {
  return (
    <div class="kh-field kh-field--inline">
      <label for={id}>{label}</label>
      <select
        id={id}
        class="kh-input"
        value={value ?? ''}
        disabled={value === undefined}
        aria-busy={value === undefined}
        onChange={(event) => onChange((event.currentTarget as HTMLSelectElement).value as T)}
      >
        {value === undefined ? <option value="">{pending}</option> : null}
        {options.map(([option, name]) => (
          <option key={option} value={option}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}

function snippetFor(
  language: SnippetLanguage | 'curl',
  request: SendRequest,
  workbench: Workbench,
  credentials: SnippetCredentials,
): Snippet {
  const session = workbench.session.get();
  const status = session.state === 'ready' ? session.status : undefined;
  const profile = status && 'profile' in status ? status.profile : undefined;
  if (!profile) throw new Error('No profile is set up: add one in Settings first.');
  const context = {
    apiBaseUrl: profile.apiBaseUrl,
    bridgeUrl: profile.bridgeUrl,
    signatureMethod: profile.signatureMethod,
    credentials,
  };
  const described = describeSnippetRequest(request, context);
  return language === 'curl' ? buildCurlSnippet(described) : buildSnippet(language, described);
}

const CREDENTIALS_KEY = 'codeExportCredentials';

async function rememberedCredentials(storage: PanelServices['storage']): Promise<SnippetCredentials> {
  const saved = await storage.get<unknown>(CREDENTIALS_KEY).catch(() => undefined);
  return CREDENTIALS.some(([id]) => id === saved) ? (saved as SnippetCredentials) : 'api-token';
}

export default function CurlExportDialog({
  workbench,
  services,
  flavour,
  onClose,
}: {
  workbench: Workbench;
  services: PanelServices;
  flavour: ExportLanguage;
  onClose: () => void;
}) {
  const [language, setLanguage] = useState<ExportLanguage>(flavour);
  // Unknown until the last choice is read: showing the default meanwhile would show a choice the user did not make,
  // then change it under their eyes.
  const [credentials, setCredentials] = useState<SnippetCredentials | undefined>(undefined);
  const shownLanguage = useRef(language);
  const [state, setState] = useState<State>({ state: 'loading' });
  const [copied, setCopied] = useState('');

  const build = async (
    reveal: boolean,
    chosen: ExportLanguage = language,
    credential: SnippetCredentials | undefined = credentials,
  ) => {
    // Built once the remembered credentials are read (the effect below), but for a command that holds none.
    if (credential === undefined && chosen !== 'clever') return;
    setState({ state: 'loading' });
    setCopied('');
    // Variables resolved as Send resolves them: the command is the request Send would sign.
    const check = workbench.prepare();
    if (!check.ok) {
      setState({
        state: 'error',
        error: {
          code: 'invalid-input',
          message: `Fix the request first: ${
            check.issues[0]?.message ??
            (check.unresolved.length > 0 ? describeMissingValues(check.unresolved) : 'it is not valid.')
          }`,
        },
      });
      return;
    }
    try {
      if (chosen === 'clever') {
        const session = workbench.session.get();
        const profile = session.state === 'ready' && 'profile' in session.status ? session.status.profile : undefined;
        const command = buildCleverCurl(check.request, profile?.apiBaseUrl ?? 'https://api.clever-cloud.com');
        setState({ state: 'ready', command, masked: false });
      } else if (chosen === 'curl' && credential === 'oauth') {
        // OAuth chosen: on the bridge too (PLAINTEXT there), not the API token the worker may hold for it.
        const request: SendRequest =
          check.request.target === 'bridge' ? { ...check.request, bridgeAuth: 'oauth-plaintext' } : check.request;
        const result = await services.send('request/curl', { request, reveal });
        setState({ state: 'ready', command: result.command, masked: result.masked, credential: result.credential });
      } else if (credential !== undefined) {
        const snippet = snippetFor(chosen, check.request, workbench, credential);
        setState({ state: 'ready', command: snippet.code, masked: false, snippet });
      }
    } catch (error) {
      setState({ state: 'error', error: toErrorData(error) });
    }
  };

  useEffect(() => {
    // The credentials last chosen here (someone exporting with their own OAuth consumer wants it every time).
    void rememberedCredentials(services.storage).then((remembered) => {
      setCredentials(remembered);
      void build(false, shownLanguage.current, remembered);
    });
  }, []);

  const choose = (next: ExportLanguage) => {
    shownLanguage.current = next;
    setLanguage(next);
    void build(false, next);
  };

  const chooseCredentials = (next: SnippetCredentials) => {
    setCredentials(next);
    void services.storage.set(CREDENTIALS_KEY, next).catch(() => {});
    void build(false, language, next);
  };

  const copy = async () => {
    if (state.state !== 'ready') return;
    try {
      await services.copy(state.command);
      setCopied('Copied to the clipboard.');
    } catch (error) {
      setCopied(error instanceof Error ? error.message : String(error));
    }
  };

  const label = LANGUAGES.find(([id]) => id === language)?.[1] ?? language;
  return (
    <Dialog title={`Copy as ${label}`} onClose={onClose} size="wide">
      <div class="kh-dialog-body">
        <InlineSelect id="kh-code-language" label="Language" value={language} options={LANGUAGES} onChange={choose} />
        {language === 'clever' ? null : (
          <InlineSelect
            id="kh-code-credentials"
            label="Credentials"
            value={credentials}
            options={CREDENTIALS}
            onChange={chooseCredentials}
            pending="Reading the last choice…"
          />
        )}
        {language === 'clever' ? (
          <p class="kh-hint kh-muted">
            The platform CLI signs <span class="kh-mono">clever curl</span> with the account logged in to it, so this
            command holds no credential and can be shared.
          </p>
        ) : language === 'curl' && credentials === 'oauth' ? (
          <CurlHint state={state} />
        ) : (
          <SnippetHint snippet={state.state === 'ready' ? state.snippet : undefined} />
        )}
        {state.state === 'error' ? <ErrorBanner error={state.error} /> : null}
        <label for="kh-curl-export" class="kh-visually-hidden">
          {language === 'curl' || language === 'clever' ? 'Command' : 'Code'}
        </label>
        <textarea
          id="kh-curl-export"
          class="kh-input kh-mono kh-code"
          rows={language === 'curl' || language === 'clever' ? 8 : 12}
          readOnly
          spellcheck={false}
          value={state.state === 'ready' ? state.command : state.state === 'loading' ? 'Building…' : ''}
          onFocus={(event) => (event.currentTarget as HTMLTextAreaElement).select()}
        />
        <p class="kh-muted" role="status">
          {copied}
        </p>
        <div class="kh-dialog-actions">
          {language === 'curl' && state.state === 'ready' && state.masked ? (
            <button type="button" class="kh-button kh-button--danger" onClick={() => void build(true)}>
              Reveal Authorization
            </button>
          ) : null}
          <button type="button" class="kh-button" onClick={onClose}>
            Close
          </button>
          <button
            type="button"
            class="kh-button kh-button--primary"
            disabled={state.state !== 'ready'}
            onClick={() => void copy()}
          >
            Copy
          </button>
        </div>
      </div>
    </Dialog>
  );
}

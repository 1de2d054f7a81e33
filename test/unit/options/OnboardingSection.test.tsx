// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeWorker } from './fake-worker.ts';

const mocks = vi.hoisted(() => ({ worker: undefined as FakeWorker | undefined }));
vi.mock('../../../src/ui/send.ts', () => ({
  send: (name: never, ...args: unknown[]) => mocks.worker!.send(name, ...args),
}));

import { KeyholeError } from '../../../src/core/errors.ts';
import { SPEC_RIGHTS } from '../../../src/core/platform/rights.ts';
import type {
  ApiTokenCreated,
  OnboardingRequest,
  OnboardingResult,
  ProfileView,
  SessionStatus,
} from '../../../src/core/protocol.ts';
import { OnboardingSection } from '../../../src/options/OnboardingSection.tsx';
import { button, click, errorFor, field, mount, press, queryButton, text, typeInto, waitFor } from '../support/dom.ts';
import { createFakeWorker, SANDBOX_VIEW } from './fake-worker.ts';

const TOKEN = 'sbx_9f8e7d6c5b4a3210';

const ONBOARDED: ProfileView = {
  ...SANDBOX_VIEW,
  id: 'onboarded-1',
  name: 'Local sandbox (onboarded)',
  consumerKey: 'ck_new_42',
};

const result = (reused: boolean): OnboardingResult => ({ profile: ONBOARDED, consumerKey: 'ck_new_42', reused });

let view: ReturnType<typeof mount> | undefined;
let worker: FakeWorker;
let onProfileCreated: ReturnType<typeof vi.fn<(result: OnboardingResult) => void>>;
let onStatus: ReturnType<typeof vi.fn<(status: SessionStatus) => void>>;

beforeEach(() => {
  worker = createFakeWorker();
  mocks.worker = worker;
  onProfileCreated = vi.fn<(result: OnboardingResult) => void>();
  onStatus = vi.fn<(status: SessionStatus) => void>();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  view?.unmount();
  view = undefined;
});

function open() {
  view = mount(<OnboardingSection onProfileCreated={onProfileCreated} onStatus={onStatus} />);
  return view.root;
}

const checkbox = (root: HTMLElement, right: string) => root.querySelector<HTMLInputElement>(`input[value="${right}"]`)!;
/** The platform radios, by value; their accessible names are checked once below. */
const platform = (root: HTMLElement, value: 'real' | 'sandbox') =>
  root.querySelector<HTMLInputElement>(`#onboarding-platform-${value}`)!;
const calls = (name: string) => worker.calls.filter((call) => call.name === name).map((call) => call.request);
const submit = (root: HTMLElement) => click(button(root, 'Create consumer and profile'));
const alert = (root: HTMLElement) => root.querySelector<HTMLElement>('[role="alert"]');

function answerSetup(answer: (request: OnboardingRequest) => Promise<OnboardingResult>) {
  worker.override['onboarding/setup-consumer'] = (request) => answer(request as OnboardingRequest);
}

describe('the form as it opens', () => {
  it('asks for every read right and no write right, each with its meaning', () => {
    const root = open();
    for (const right of SPEC_RIGHTS) {
      const box = checkbox(root, right);
      expect(box.checked, right).toBe(right.startsWith('access_'));
      const meaning = document.getElementById(box.getAttribute('aria-describedby')!);
      expect(text(meaning!).length, right).toBeGreaterThan(10);
    }
    expect(text(root)).toContain('Read your organisations and everything in them');
  });

  it('starts on Clever Cloud with no address to edit, an empty hidden token, and the token not kept', () => {
    const root = open();
    expect(platform(root, 'real').checked).toBe(true);
    expect(text(root.querySelector('label[for="onboarding-platform-real"]')!)).toMatch(/^Clever Cloud/);
    expect(text(root.querySelector('label[for="onboarding-platform-sandbox"]')!)).toMatch(/^Local sandbox/);
    expect(root.querySelector('#onboarding-api-base-url')).toBeNull();
    const token = field(root, 'API token');
    expect(token.type).toBe('password');
    expect(token.value).toBe('');
    const keep = field(root, 'Keep this token for bridge calls');
    expect(keep.checked).toBe(false);
    expect(text(document.getElementById(keep.getAttribute('aria-describedby')!)!)).toContain(
      'Otherwise the token is used only for this setup and forgotten.',
    );
    expect(field(root, 'Create under an organisation').value).toBe('');
  });

  it('fills the sandbox’s addresses when Local sandbox is chosen, and keeps edits across switches', () => {
    const root = open();
    click(platform(root, 'sandbox'));
    expect(field(root, 'API base URL').value).toBe('http://127.0.0.1:8780');
    expect(field(root, 'Bridge URL').value).toBe('http://127.0.0.1:8781');
    typeInto(field(root, 'Bridge URL'), 'http://127.0.0.1:41001');
    click(platform(root, 'real'));
    expect(root.querySelector('#onboarding-bridge-url')).toBeNull();
    click(platform(root, 'sandbox'));
    expect(field(root, 'Bridge URL').value).toBe('http://127.0.0.1:41001');
  });

  it('shows and hides the token', () => {
    const root = open();
    typeInto(field(root, 'API token'), TOKEN);
    click(button(root, 'Show token'));
    expect(field(root, 'API token').type).toBe('text');
    click(button(root, 'Hide token'));
    expect(field(root, 'API token').type).toBe('password');
    expect(field(root, 'API token').value).toBe(TOKEN);
  });

  it('labels every input', () => {
    const root = open();
    for (const input of root.querySelectorAll('input')) {
      const labelled = root.querySelector(`label[for="${input.id}"]`) ?? input.closest('label');
      expect(labelled, input.id || input.name).not.toBeNull();
    }
  });
});

describe('validation', () => {
  it('refuses an empty token: error on the field, focus on it, nothing sent', () => {
    const root = open();
    submit(root);
    const token = field(root, 'API token');
    expect(errorFor(token)).toBe('Paste an API token, or create one with your email and password below.');
    expect(token.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(token);
    expect(calls('onboarding/setup-consumer')).toEqual([]);
    typeInto(token, TOKEN);
    expect(errorFor(token)).toBeUndefined();
  });

  it('refuses a setup with no right and focuses the first checkbox', () => {
    const root = open();
    typeInto(field(root, 'API token'), TOKEN);
    for (const right of SPEC_RIGHTS) if (checkbox(root, right).checked) click(checkbox(root, right));
    submit(root);
    expect(text(root)).toContain('Pick at least one right for Keyhole to ask for.');
    expect(root.querySelector('#onboarding-rights')!.getAttribute('aria-describedby')).toContain(
      'onboarding-rights-error',
    );
    expect(document.activeElement).toBe(checkbox(root, SPEC_RIGHTS[0]));
    expect(calls('onboarding/setup-consumer')).toEqual([]);
  });

  it('checks a sandbox address when it is left', () => {
    const root = open();
    click(platform(root, 'sandbox'));
    const api = field(root, 'API base URL');
    typeInto(api, 'api.example');
    api.dispatchEvent(new FocusEvent('blur'));
    return waitFor(() => expect(errorFor(field(root, 'API base URL'))).toMatch(/not a URL/));
  });
});

describe('a successful setup', () => {
  it('sends exactly the chosen values, shows the new consumer and profile, and clears the token', async () => {
    answerSetup(async () => result(false));
    const root = open();
    click(platform(root, 'sandbox'));
    typeInto(field(root, 'API base URL'), 'http://127.0.0.1:41000/');
    typeInto(field(root, 'Bridge URL'), 'http://127.0.0.1:41001');
    typeInto(field(root, 'API token'), `Bearer ${TOKEN}`);
    click(checkbox(root, 'access_organisations_bills'));
    click(checkbox(root, 'manage_ssh_keys'));
    typeInto(field(root, 'Create under an organisation'), ' orga_77 ');
    click(field(root, 'Keep this token for bridge calls'));
    submit(root);

    await waitFor(() => expect(text(root)).toContain('Consumer ck_new_42 created'));
    expect(calls('onboarding/setup-consumer')).toEqual([
      {
        apiToken: TOKEN,
        rights: [
          'access_organisations',
          'access_organisations_consumption_statistics',
          'access_organisations_credit_count',
          'access_personal_information',
          'manage_ssh_keys',
        ],
        keepTokenForBridge: true,
        apiBaseUrl: 'http://127.0.0.1:41000',
        bridgeUrl: 'http://127.0.0.1:41001',
        organisationId: 'orga_77',
      },
    ]);
    expect(text(root)).toContain('Local sandbox (onboarded)');
    expect(text(root)).toContain('The API token is kept, encrypted, for bridge calls.');
    expect(document.activeElement).toBe(root.querySelector('#onboarding-outcome'));
    expect(onProfileCreated).toHaveBeenCalledWith(result(false));
    expect(root.querySelector('#onboarding-api-token')).toBeNull();
    expect(root.innerHTML).not.toContain(TOKEN);
    expect(localStorage.length + sessionStorage.length).toBe(0);

    // Setting up again starts from what was chosen, without the token.
    click(button(root, 'Set up again'));
    expect(field(root, 'API token').value).toBe('');
    expect(field(root, 'Bridge URL').value).toBe('http://127.0.0.1:41001');
    expect(field(root, 'Create under an organisation').value).toBe(' orga_77 ');
    expect(checkbox(root, 'manage_ssh_keys').checked).toBe(true);
  });

  it('sends the real platform’s addresses by default', async () => {
    answerSetup(async () => result(false));
    const root = open();
    typeInto(field(root, 'API token'), TOKEN);
    submit(root);
    await waitFor(() => expect(calls('onboarding/setup-consumer')).toHaveLength(1));
    expect(calls('onboarding/setup-consumer')[0]).toEqual({
      apiToken: TOKEN,
      rights: SPEC_RIGHTS.filter((right) => right.startsWith('access_')),
      keepTokenForBridge: false,
      apiBaseUrl: 'https://api.clever-cloud.com',
      bridgeUrl: 'https://api-bridge.clever-cloud.com',
    });
    await waitFor(() => expect(text(root)).toContain('used for this setup only and is forgotten'));
  });

  it('says when the consumer made before was reused', async () => {
    answerSetup(async () => result(true));
    const root = open();
    typeInto(field(root, 'API token'), TOKEN);
    submit(root);
    await waitFor(() => expect(text(root)).toContain('Existing Keyhole consumer reused'));
    expect(text(root)).toContain('found the consumer it made before (key ck_new_42)');
    expect(root.querySelector('[data-onboarding-outcome]')!.getAttribute('data-onboarding-outcome')).toBe('reused');
  });

  it('signs in from the success view and tells the page', async () => {
    answerSetup(async () => result(false));
    let finish: (status: SessionStatus) => void = () => {};
    worker.override['session/sign-in'] = () => new Promise((resolve) => (finish = resolve));
    const root = open();
    typeInto(field(root, 'API token'), TOKEN);
    submit(root);
    await waitFor(() => button(root, 'Sign in'));
    click(button(root, 'Sign in'));
    await waitFor(() => expect(text(root)).toContain('Signing in… finish in the authorization window.'));
    expect(button(root, 'Signing in…').disabled).toBe(true);
    const signedIn: SessionStatus = {
      state: 'signed-in',
      profile: ONBOARDED,
      user: { id: 'u1', email: 'ada@sandbox.keyhole.test' },
      expiresAt: '2099-01-01T00:00:00Z',
    };
    finish(signedIn);
    await waitFor(() => expect(text(root)).toContain('Signed in as ada@sandbox.keyhole.test'));
    expect(onStatus).toHaveBeenCalledWith(signedIn);
    expect(queryButton(root, 'Sign in')).toBeUndefined();
  });

  it('shows why sign-in failed', async () => {
    answerSetup(async () => result(false));
    worker.override['session/sign-in'] = async () => {
      throw new KeyholeError('sign-in-cancelled', 'The authorization window was closed before you answered.');
    };
    worker.override['session/status'] = async () => ({ state: 'signed-out', profile: ONBOARDED });
    const root = open();
    typeInto(field(root, 'API token'), TOKEN);
    submit(root);
    await waitFor(() => button(root, 'Sign in'));
    click(button(root, 'Sign in'));
    await waitFor(() => expect(text(alert(root)!)).toBe('The authorization window was closed before you answered.'));
    expect(button(root, 'Sign in').disabled).toBe(false);
    await waitFor(() => expect(onStatus).toHaveBeenCalledWith({ state: 'signed-out', profile: ONBOARDED }));
  });
});

describe('failures', () => {
  async function failWith(error: KeyholeError) {
    answerSetup(async () => {
      throw error;
    });
    const root = open();
    click(platform(root, 'sandbox'));
    typeInto(field(root, 'API token'), TOKEN);
    typeInto(field(root, 'Create under an organisation'), 'orga_77');
    submit(root);
    await waitFor(() => expect(alert(root)).not.toBeNull());
    // Nothing typed is lost.
    expect(field(root, 'API token').value).toBe(TOKEN);
    expect(field(root, 'Create under an organisation').value).toBe('orga_77');
    expect(field(root, 'API base URL').value).toBe('http://127.0.0.1:8780');
    expect(button(root, 'Create consumer and profile').disabled).toBe(false);
    expect(alert(root)!.getAttribute('data-error-code')).toBe(error.code);
    expect(text(alert(root)!)).toContain(error.message);
    return root;
  }

  it('a refused token: the worker’s message, a hint, focus back on the token, no retry', async () => {
    const root = await failWith(
      new KeyholeError('invalid-credential', 'The API token was refused (revoked, expired or mistyped).', {
        status: 401,
      }),
    );
    expect(text(root)).toContain('Paste the token again, or create a new one below.');
    expect(document.activeElement).toBe(field(root, 'API token'));
    expect(queryButton(alert(root)!, 'Retry')).toBeUndefined();
  });

  it('no right to create consumers (403): the worker’s message and where to look', async () => {
    const root = await failWith(
      new KeyholeError(
        'forbidden',
        'This API token may not create OAuth consumers here. Use a token of an account that can, or pick your personal space.',
        { status: 403, detail: 'Forbidden' },
      ),
    );
    expect(text(root)).toContain('Leave “Create under an organisation” empty to use your personal space');
  });

  it('the network: the message, and Retry sends the same request again', async () => {
    const root = await failWith(
      new KeyholeError(
        'network',
        'Could not reach http://127.0.0.1:8781. Check the address, your connection, and that the server is running.',
      ),
    );
    answerSetup(async () => result(false));
    click(button(alert(root)!, 'Retry'));
    await waitFor(() => expect(text(root)).toContain('Consumer ck_new_42 created'));
    const [first, second] = calls('onboarding/setup-consumer');
    expect(second).toEqual(first);
  });

  it('a consumer made but no profile saved: shown as is, and running again reuses it', async () => {
    const message =
      'The consumer “Keyhole” (key ck_new_42) exists on the platform, but the profile could not be saved: The vault is locked. Run the setup again to reuse it, or delete it in the console.';
    const root = await failWith(new KeyholeError('setup-incomplete', message, { detail: 'ck_new_42' }));
    expect(text(alert(root)!).startsWith(message)).toBe(true);
    expect(text(root)).toContain('try again to reuse this consumer instead of creating another');
    answerSetup(async () => result(true));
    click(button(root, 'Create consumer and profile'));
    await waitFor(() => expect(text(root)).toContain('Existing Keyhole consumer reused'));
  });
});

describe('creating a token in the form', () => {
  const created = (): ApiTokenCreated => ({
    apiToken: 'sbx_created_0001',
    apiTokenId: 'tok_1',
    name: 'Keyhole onboarding',
    creationDate: '2030-01-01T00:00:00Z',
    expirationDate: '2030-01-31T00:00:00Z',
    state: 'ACTIVE',
  });

  function openCreator(root: HTMLElement) {
    const details = root.querySelector<HTMLDetailsElement>('details.onb-create')!;
    click(details.querySelector('summary')!);
    // happy-dom may not toggle <details> on a summary click: play what the browser does.
    if (!details.open) {
      details.open = true;
      details.dispatchEvent(new Event('toggle'));
    }
    return details;
  }

  it('asks for the two-factor code after invalid-mfa-code, clears the password each time, fills the token', async () => {
    const root = open();
    click(platform(root, 'sandbox'));
    const details = openCreator(root);
    expect(root.querySelector('#onboarding-mfa-code')).toBeNull();

    worker.override['tokens/create'] = async () => {
      throw new KeyholeError(
        'invalid-mfa-code',
        'This account uses two-factor authentication: enter the code from your authenticator app.',
      );
    };
    typeInto(field(root, 'Account email'), 'grace@sandbox.keyhole.test');
    typeInto(field(root, 'Account password'), 'hopper-1906');
    click(button(root, 'Create token'));
    await waitFor(() => expect(field(root, 'Two-factor code')).toBeTruthy());
    await waitFor(() => expect(document.activeElement).toBe(field(root, 'Two-factor code')));
    expect(text(details)).toContain('enter the code from your authenticator app');
    expect(field(root, 'Account password').value).toBe('');
    expect(field(root, 'Account email').value).toBe('grace@sandbox.keyhole.test');

    worker.override['tokens/create'] = async () => created();
    typeInto(field(root, 'Account password'), 'hopper-1906');
    typeInto(field(root, 'Two-factor code'), '123456');
    const before = Date.now();
    click(button(root, 'Create token'));
    await waitFor(() => expect(field(root, 'API token').value).toBe('sbx_created_0001'));

    const [first, second] = calls('tokens/create') as Record<string, string>[];
    expect(first).toMatchObject({
      email: 'grace@sandbox.keyhole.test',
      password: 'hopper-1906',
      name: 'Keyhole onboarding',
    });
    expect(first).not.toHaveProperty('mfaCode');
    expect(second).toMatchObject({ mfaCode: '123456', name: 'Keyhole onboarding' });
    const days = (Date.parse(second!.expirationDate!) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);

    expect(details.open).toBe(false);
    expect(text(root)).toContain('Created the token “Keyhole onboarding”');
    expect(field(root, 'Account password').value).toBe('');
    expect(document.activeElement).toBe(field(root, 'API token'));
  });

  it('creates the token on Enter in its fields without submitting the setup', async () => {
    worker.override['tokens/create'] = async () => created();
    const root = open();
    click(platform(root, 'sandbox'));
    openCreator(root);
    typeInto(field(root, 'Account email'), 'ada@sandbox.keyhole.test');
    typeInto(field(root, 'Account password'), 'lovelace-1815');
    press(field(root, 'Account password'), 'Enter');
    await waitFor(() => expect(calls('tokens/create')).toHaveLength(1));
    expect(calls('onboarding/setup-consumer')).toEqual([]);
  });

  it('keeps the account fields and shows the refusal for a wrong password', async () => {
    worker.override['tokens/create'] = async () => {
      throw new KeyholeError('invalid-credential', 'Wrong email or password. Check them and try again.');
    };
    const root = open();
    click(platform(root, 'sandbox'));
    openCreator(root);
    typeInto(field(root, 'API token'), 'typed-before');
    typeInto(field(root, 'Account email'), 'ada@sandbox.keyhole.test');
    typeInto(field(root, 'Account password'), 'wrong');
    click(button(root, 'Create token'));
    await waitFor(() => expect(text(alert(root)!)).toBe('Wrong email or password. Check them and try again.'));
    expect(field(root, 'Account password').value).toBe('');
    expect(field(root, 'Account email').value).toBe('ada@sandbox.keyhole.test');
    expect(field(root, 'API token').value).toBe('typed-before');
    await waitFor(() => expect(document.activeElement).toBe(field(root, 'Account password')));
  });

  it('checks email and password before sending anything', () => {
    const root = open();
    click(platform(root, 'sandbox'));
    openCreator(root);
    click(button(root, 'Create token'));
    expect(errorFor(field(root, 'Account email'))).toBe('Enter the email address of your account.');
    expect(errorFor(field(root, 'Account password'))).toBe('Enter your account password.');
    expect(calls('tokens/create')).toEqual([]);
  });

  it('creates the token on the bridge chosen above, even before any profile exists', async () => {
    const root = open();
    click(platform(root, 'sandbox'));
    openCreator(root);
    typeInto(field(root, 'Account email'), 'ada@sandbox.keyhole.test');
    typeInto(field(root, 'Account password'), 'lovelace-1815');
    click(button(root, 'Create token'));
    await waitFor(() => expect(calls('tokens/create')).toHaveLength(1));
    expect(calls('tokens/create')[0]).toMatchObject({ bridgeUrl: 'http://127.0.0.1:8781' });
  });

  it('refuses to send credentials to an invalid bridge address', () => {
    const root = open();
    click(platform(root, 'sandbox'));
    typeInto(field(root, 'Bridge URL'), 'http://bridge.example.com');
    openCreator(root);
    expect(root.querySelector('[data-token-creation="blocked"]')).not.toBeNull();
    expect(text(root)).toContain('Enter a valid bridge address above first.');
    expect(text(root)).toContain('clever tokens create');
    expect(root.querySelector('#onboarding-email')).toBeNull();
  });
});

// @vitest-environment happy-dom

import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KeyholeError } from '../../../../src/core/errors.ts';
import { describeExpiry } from '../../../../src/core/platform/api-token-expiry.ts';
import type { SendRequest, SessionStatus } from '../../../../src/core/protocol.ts';
import { button, byLabel, field, mount, text, unmountAll, user, waitFor } from '../../support/dom.ts';
import { SANDBOX_PROFILE } from '../../support/sandbox-session.ts';
import { sendResponse } from '../../support/send-response.ts';

const send = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/ui/send.ts', () => ({ send }));

const { default: TokensView } = await import('../../../../src/devtools/tokens/index.tsx');

const DAY = 86_400_000;
const TOKENS_URL = 'http://127.0.0.1:8781/api-tokens';
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

let status: SessionStatus;
let tokens: Record<string, unknown>[];
let requests: SendRequest[];
let handlers: Record<string, (request: unknown) => unknown>;

beforeEach(() => {
  status = {
    state: 'signed-in',
    profile: SANDBOX_PROFILE,
    user: { id: 'user_1', email: 'ada@sandbox.keyhole.test' },
    expiresAt: iso(60 * DAY),
  };
  tokens = [
    {
      apiTokenId: 'apitoken_old',
      userId: 'user_1',
      name: 'ci',
      description: 'deployments',
      creationDate: iso(-40 * DAY),
      expirationDate: iso(3 * DAY),
      ip: '127.0.0.1',
      state: 'ACTIVE',
    },
    {
      apiTokenId: 'apitoken_dead',
      name: 'laptop',
      creationDate: iso(-400 * DAY),
      expirationDate: iso(-35 * DAY),
      state: 'EXPIRED',
    },
  ];
  requests = [];
  handlers = {
    'session/status': () => status,
    'request/send': (request) => {
      const call = request as SendRequest;
      requests.push(call);
      if (call.method === 'GET') return sendResponse(200, tokens, { url: TOKENS_URL });
      return sendResponse(204, undefined, { url: TOKENS_URL });
    },
    'tokens/create': () => {
      throw new Error('unexpected');
    },
    'tokens/use-for-bridge': (request) => {
      const { apiTokenId } = request as { apiTokenId: string };
      return { apiTokenId, name: 'new one', expirationDate: iso(90 * DAY) };
    },
    'tokens/stop-using-for-bridge': () => ({ cleared: true }),
  };
  send.mockImplementation(async (name: string, request: unknown) => handlers[name]!(request));
});

afterEach(() => {
  unmountAll();
  send.mockReset();
});

describe('the API tokens view', () => {
  it('lists the tokens with their expiry warnings and states', async () => {
    const { root } = mount(<TokensView />);
    await waitFor(() => expect(root.querySelectorAll('tbody tr')).toHaveLength(2));
    const [ci, dead] = [...root.querySelectorAll('tbody tr')];
    expect(text(ci!)).toContain('ci');
    expect(text(ci!)).toContain('deployments');
    expect(text(ci!)).toMatch(/Expires in (2|3) days\./);
    expect(text(ci!)).toContain('apitoken_old');
    expect(text(ci!)).toContain('Active');
    expect(text(dead!)).toContain('Expired: calls with this token are refused.');
    expect(button(dead!, 'Use for bridge calls: laptop').disabled).toBe(true);
    expect(requests[0]).toEqual({ target: 'bridge', method: 'GET', path: '/api-tokens' });
    expect(text(root)).toContain('your session’s OAuth (PLAINTEXT)');
  });

  it('shows the bridge answer as JSON like the CLI', async () => {
    const { root } = mount(<TokensView />);
    await waitFor(() => expect(button(root, 'JSON').disabled).toBe(false));
    await user.click(button(root, 'JSON'));
    const json = root.querySelector('[aria-label="API tokens as JSON"]');
    expect(JSON.parse(json!.textContent!)).toEqual(tokens);
    expect(button(root, 'JSON').getAttribute('aria-pressed')).toBe('true');
  });

  it('creates a token, shows its value once, uses it for bridge calls and forgets it on Done', async () => {
    const created = {
      apiToken: 'sbx_the_only_time',
      apiTokenId: 'apitoken_new',
      name: 'new one',
      creationDate: iso(0),
      expirationDate: iso(90 * DAY),
      state: 'ACTIVE',
    };
    handlers['tokens/create'] = () => created;
    const { root } = mount(<TokensView />);
    await waitFor(() => expect(root.querySelectorAll('tbody tr')).toHaveLength(2));
    await user.click(button(root, 'New token'));
    expect(byLabel(root, 'Account email').value).toBe('ada@sandbox.keyhole.test');
    await user.type(byLabel(root, 'Name'), 'new one');
    await user.type(byLabel(root, 'Account password'), 'lovelace-1815');
    await user.submit(root.querySelector('form')!);
    await waitFor(() => expect(text(root)).toContain('you won’t see it again'));

    const createCall = send.mock.calls.find(([name]) => name === 'tokens/create')![1];
    expect(createCall).toMatchObject({ email: 'ada@sandbox.keyhole.test', password: 'lovelace-1815', name: 'new one' });
    expect(Math.abs(Date.parse(createCall.expirationDate) - (Date.now() + 90 * DAY))).toBeLessThan(60_000);
    expect(byLabel(root, 'Token value').value).toBe('sbx_the_only_time');
    expect(root.querySelector('#kt-create-password')).toBeNull();

    await user.click(button(root, 'Use for bridge calls'));
    await waitFor(() => expect(text(root)).toContain('Bridge calls now use the API token “new one”.'));
    expect(send).toHaveBeenCalledWith('tokens/use-for-bridge', { apiTokenId: 'apitoken_new' });

    await user.click(button(root, 'Done, I copied it'));
    expect(root.innerHTML).not.toContain('sbx_the_only_time');
  });

  it('sends the value back when the worker has forgotten it but the page still shows it', async () => {
    handlers['tokens/create'] = () => ({
      apiToken: 'sbx_still_here',
      apiTokenId: 'apitoken_new',
      name: 'n',
      creationDate: iso(0),
      expirationDate: iso(DAY),
      state: 'ACTIVE',
    });
    let first = true;
    handlers['tokens/use-for-bridge'] = (request) => {
      if (first) {
        first = false;
        throw new KeyholeError('not-found', 'forgotten');
      }
      return { apiTokenId: (request as { apiTokenId: string }).apiTokenId, name: 'n' };
    };
    const { root } = mount(<TokensView />);
    await user.click(button(root, 'New token'));
    await user.type(byLabel(root, 'Name'), 'n');
    await user.type(byLabel(root, 'Account password'), 'pw');
    await user.submit(root.querySelector('form')!);
    await waitFor(() => button(root, 'Use for bridge calls'));
    await user.click(button(root, 'Use for bridge calls'));
    await waitFor(() => expect(text(root)).toContain('Bridge calls now use the API token “n”.'));
    expect(send).toHaveBeenCalledWith('tokens/use-for-bridge', expect.objectContaining({ value: 'sbx_still_here' }));
  });

  it('asks for the two-factor code when the bridge says one is needed, keeping what was typed', async () => {
    handlers['tokens/create'] = (request) => {
      const { mfaCode } = request as { mfaCode?: string };
      throw mfaCode
        ? new KeyholeError('invalid-mfa-code', 'That two-factor code is wrong or expired. Enter the current code.')
        : new KeyholeError(
            'invalid-mfa-code',
            'This account uses two-factor authentication: enter the code from your authenticator app.',
          );
    };
    const { root } = mount(<TokensView />);
    await user.click(button(root, 'New token'));
    await user.type(byLabel(root, 'Name'), 'mfa');
    await user.type(byLabel(root, 'Account password'), 'hopper-1906');
    await user.submit(root.querySelector('form')!);
    await waitFor(() => expect(text(root)).toContain('enter the code from your authenticator app'));
    const code = byLabel(root, 'Two-factor code');
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(byLabel(root, 'Name').value).toBe('mfa');
    expect(byLabel(root, 'Account password').value).toBe('hopper-1906');

    await user.type(code, '123456');
    await user.submit(root.querySelector('form')!);
    await waitFor(() => expect(text(root)).toContain('That two-factor code is wrong or expired'));
    expect(send).toHaveBeenLastCalledWith('tokens/create', expect.objectContaining({ mfaCode: '123456' }));
  });

  it('shows a wrong password clearly and checks fields before sending', async () => {
    handlers['tokens/create'] = () => {
      throw new KeyholeError('invalid-credential', 'Wrong email or password. Check them and try again.');
    };
    const { root } = mount(<TokensView />);
    await user.click(button(root, 'New token'));
    await user.submit(root.querySelector('form')!);
    expect(text(root)).toContain('Give the token a name');
    expect(text(root)).toContain('Enter your account password.');
    expect(send.mock.calls.some(([name]) => name === 'tokens/create')).toBe(false);

    await user.type(byLabel(root, 'Name'), 'x');
    await user.type(byLabel(root, 'Account password'), 'wrong');
    await user.submit(root.querySelector('form')!);
    await waitFor(() => expect(root.querySelector('[data-error-code="invalid-credential"]')).not.toBeNull());
    expect(text(root)).toContain('Wrong email or password.');
  });

  it('keeps the chosen expiry when focus passes through the hours box, and sends the date it states', async () => {
    const sent: Record<string, string>[] = [];
    handlers['tokens/create'] = (request) => {
      sent.push(request as Record<string, string>);
      return {
        apiToken: 'sbx_x',
        apiTokenId: 'apitoken_x',
        name: 'kb',
        creationDate: iso(0),
        expirationDate: (request as { expirationDate: string }).expirationDate,
        state: 'ACTIVE',
      };
    };
    const { root } = mount(<TokensView />);
    await user.click(button(root, 'New token'));
    const ninety = field(root, '90 days');
    expect(ninety.checked).toBe(true);
    // Tabbing out of the radio group lands in the hours box: a focus, no typing.
    const hoursBox = byLabel(root, 'Number of hours');
    await act(async () => {
      hoursBox.focus();
      hoursBox.dispatchEvent(new FocusEvent('focus'));
      hoursBox.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    });
    expect(ninety.checked).toBe(true);
    const statement = text(root.querySelector('[data-testid="token-expiry"]'));
    expect(statement).toMatch(/^Expires on \d{4}-\d{2}-\d{2} \d{2}:\d{2} \S+ \(in 90 days\)\.$/);
    const submit = button(root, 'Create token');
    expect(document.getElementById(submit.getAttribute('aria-describedby')!)?.textContent).toBe(statement);

    await user.type(byLabel(root, 'Name'), 'kb');
    await user.type(byLabel(root, 'Account password'), 'lovelace-1815');
    await user.submit(root.querySelector('form')!);
    await waitFor(() => expect(sent).toHaveLength(1));
    const expirationDate = sent[0]!.expirationDate!;
    expect(Math.abs(Date.parse(expirationDate) - (Date.now() + 90 * DAY))).toBeLessThan(120_000);
    expect(statement).toBe(`${describeExpiry({ kind: 'days', days: 90 }, expirationDate)}.`);
  });

  it('switches to hours only when the user types a number of hours', async () => {
    const { root } = mount(<TokensView />);
    await user.click(button(root, 'New token'));
    await user.type(byLabel(root, 'Number of hours'), '36');
    expect(field(root, '90 days').checked).toBe(false);
    expect(text(root.querySelector('[data-testid="token-expiry"]'))).toMatch(/\(in 36 hours\)\.$/);
  });

  it('refuses an expiry in hours over a year', async () => {
    const { root } = mount(<TokensView />);
    await user.click(button(root, 'New token'));
    await user.type(byLabel(root, 'Number of hours'), '9000');
    expect(text(root)).toContain('A token lasts at most one year (8760 hours).');
  });

  it('revokes after confirmation and stops using the revoked token', async () => {
    status = { ...status, bridgeToken: { apiTokenId: 'apitoken_old', name: 'ci' } } as SessionStatus;
    const { root } = mount(<TokensView />);
    await waitFor(() => expect(text(root)).toContain('API token “ci”'));
    await user.click(button(root, 'Revoke ci'));
    const dialog = root.querySelector('dialog')!;
    expect(text(dialog)).toContain('This cannot be undone.');
    expect(text(dialog)).toContain('Keyhole uses it for bridge calls');
    expect(document.activeElement?.textContent).toBe('Cancel');
    await user.click(button(dialog, 'Revoke token'));
    await waitFor(() => expect(text(root)).toContain('Token “ci” revoked.'));
    expect(requests).toContainEqual({ target: 'bridge', method: 'DELETE', path: '/api-tokens/apitoken_old' });
    expect(send).toHaveBeenCalledWith('tokens/stop-using-for-bridge');
    expect(root.querySelector('dialog')).toBeNull();
  });

  it('renames a token', async () => {
    const { root } = mount(<TokensView />);
    await waitFor(() => button(root, 'Rename ci'));
    await user.click(button(root, 'Rename ci'));
    const dialog = root.querySelector('dialog')!;
    await user.type(byLabel(dialog, 'Name'), 'ci-2');
    await user.submit(dialog.querySelector('form')!);
    await waitFor(() => expect(text(root)).toContain('Token renamed.'));
    expect(requests).toContainEqual({
      target: 'bridge',
      method: 'PUT',
      path: '/api-tokens/apitoken_old',
      body: { kind: 'json', text: JSON.stringify({ name: 'ci-2', description: 'deployments' }) },
    });
  });

  it('says when the token in use is refused, and offers to stop using it', async () => {
    handlers['request/send'] = () =>
      sendResponse(401, { message: 'Invalid API token' }, { url: TOKENS_URL, auth: 'bearer' });
    const { root } = mount(<TokensView />);
    await waitFor(() => expect(text(root)).toContain('The bridge refused the API token in use'));
    expect(button(root, 'Stop using that token and retry with OAuth')).toBeTruthy();
  });

  it('pastes an existing token for a listed id', async () => {
    const { root } = mount(<TokensView />);
    await waitFor(() => button(root, 'Use for bridge calls: ci'));
    await user.click(button(root, 'Use for bridge calls: ci'));
    const dialog = root.querySelector('dialog')!;
    await user.type(byLabel(dialog, 'Token value'), 'sbx_pasted');
    await user.submit(dialog.querySelector('form')!);
    await waitFor(() => expect(root.querySelector('dialog')).toBeNull());
    expect(send).toHaveBeenCalledWith('tokens/use-for-bridge', {
      apiTokenId: 'apitoken_old',
      value: 'sbx_pasted',
      name: 'ci',
      expirationDate: tokens[0]!.expirationDate,
    });
  });
});

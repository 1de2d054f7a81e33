// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyholeError } from '../../../src/core/errors.ts';
import { validateProfile } from '../../../src/core/profiles/profile-validation.ts';
import type { ProfileInput } from '../../../src/core/protocol.ts';
import { ProfileForm } from '../../../src/options/ProfileForm.tsx';
import { blur, button, click, errorFor, field, mount, text, typeInto, waitFor } from '../support/dom.ts';
import { SANDBOX_PROFILE } from '../support/sandbox-session.ts';

let view: ReturnType<typeof mount> | undefined;
afterEach(() => view?.unmount());

function mountForm(onSave = vi.fn(async (_input: ProfileInput) => {})) {
  view = mount(<ProfileForm onSave={onSave} onCancel={() => {}} />);
  return { root: view.root, onSave };
}

function mountEditForm(onSave = vi.fn(async (_input: ProfileInput) => {})) {
  view = mount(<ProfileForm profile={SANDBOX_PROFILE} onSave={onSave} onCancel={() => {}} />);
  return { root: view.root, onSave };
}

function submit(root: HTMLElement) {
  click(button(root, 'Add profile'));
}

describe('ProfileForm validation', () => {
  it('shows a field’s error when the field is left, linked to it and marked invalid', () => {
    const { root } = mountForm();
    const api = field(root, 'API base URL');
    typeInto(api, 'api.example.com');
    expect(errorFor(api)).toBeUndefined();
    blur(api);
    expect(api.getAttribute('aria-invalid')).toBe('true');
    expect(errorFor(api)).toBe('The API address is not a URL (expected e.g. https://api.example.com).');
  });

  it('clears the error as soon as the value is right', () => {
    const { root } = mountForm();
    const bridge = field(root, 'Bridge URL');
    typeInto(bridge, 'http://bridge.example.com');
    blur(bridge);
    expect(errorFor(bridge)).toMatch(/plain http is only allowed for 127.0.0.1/);
    typeInto(bridge, 'https://bridge.example.com');
    expect(errorFor(bridge)).toBeUndefined();
    expect(bridge.hasAttribute('aria-invalid')).toBe(false);
  });

  it('on submit shows every error, focuses the first invalid field and saves nothing', () => {
    const { root, onSave } = mountForm();
    typeInto(field(root, 'Name'), 'Mine');
    typeInto(field(root, 'API base URL'), 'https://api.example.com');
    typeInto(field(root, 'Bridge URL'), 'not a url');
    submit(root);
    expect(onSave).not.toHaveBeenCalled();
    expect(errorFor(field(root, 'Bridge URL'))).toMatch(/bridge address is not a URL/);
    expect(errorFor(field(root, 'Consumer key'))).toBe('Enter the consumer key of your OAuth consumer.');
    expect(errorFor(field(root, 'Consumer secret'))).toBe('Enter the consumer secret.');
    expect(errorFor(field(root, 'Name'))).toBeUndefined();
    expect(document.activeElement).toBe(field(root, 'Bridge URL'));
  });

  it('labels every input and radio', () => {
    const { root } = mountForm();
    for (const input of root.querySelectorAll('input')) {
      expect(root.querySelector(`label[for="${input.id}"]`), input.id).not.toBeNull();
    }
  });
});

describe('ProfileForm presets', () => {
  it('fills everything from the local sandbox and explains how to start it', async () => {
    const { root, onSave } = mountForm();
    click(button(root, /^Local sandbox/));
    expect(field(root, 'Name').value).toBe('Local sandbox');
    expect(field(root, 'API base URL').value).toBe('http://127.0.0.1:8780');
    expect(field(root, 'Bridge URL').value).toBe('http://127.0.0.1:8781');
    expect(field(root, 'Consumer key').value).toBe('keyhole-sandbox');
    expect(field(root, 'Consumer secret').value).toBe('sandbox-secret-not-for-production');
    expect(text(root)).toContain('Run npm run sandbox in the Keyhole checkout');
    expect(button(root, /^Local sandbox/).getAttribute('aria-pressed')).toBe('true');
    submit(root);
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      preset: 'sandbox',
      consumerKey: 'keyhole-sandbox',
      consumerSecret: 'sandbox-secret-not-for-production',
    });
  });

  it('fills the real platform’s addresses with an empty key and secret', () => {
    const { root } = mountForm();
    click(button(root, /^Local sandbox/));
    click(button(root, /^Clever Cloud \(real platform\)/));
    expect(field(root, 'API base URL').value).toBe('https://api.clever-cloud.com');
    expect(field(root, 'Bridge URL').value).toBe('https://api-bridge.clever-cloud.com');
    expect(field(root, 'Console URL').value).toBe('https://console.clever-cloud.com');
    expect(field(root, 'Consumer key').value).toBe('');
    expect(field(root, 'Consumer secret').value).toBe('');
    expect(text(root)).not.toContain('npm run sandbox');
  });
});

describe('ProfileForm and the worker’s answer', () => {
  it('shows the worker’s error on the field and in a banner, keeping what was typed', async () => {
    const onSave = vi.fn(async (input: ProfileInput) => {
      const errors = validateProfile({ ...input, consumerKey: 'has space' }, { requireSecret: true });
      throw new KeyholeError('invalid-input', errors.consumerKey!, { detail: JSON.stringify(errors) });
    });
    const { root } = mountForm(onSave);
    click(button(root, /^Local sandbox/));
    typeInto(field(root, 'Name'), 'My sandbox');
    submit(root);
    await waitFor(() => expect(root.querySelector('[role="alert"]')).not.toBeNull());
    expect(text(root.querySelector('[role="alert"]')!)).toContain('A consumer key has no spaces.');
    expect(errorFor(field(root, 'Consumer key'))).toBe('A consumer key has no spaces.');
    expect(document.activeElement).toBe(field(root, 'Consumer key'));
    expect(field(root, 'Name').value).toBe('My sandbox');
    expect(field(root, 'Consumer secret').value).toBe('sandbox-secret-not-for-production');
    expect(button(root, 'Add profile').disabled).toBe(false);
  });

  it('shows any other worker error as is', async () => {
    const onSave = vi.fn(async () => {
      throw new KeyholeError('internal', 'The Keyhole background worker did not answer.', { detail: 'gone' });
    });
    const { root } = mountForm(onSave);
    click(button(root, /^Local sandbox/));
    submit(root);
    await waitFor(() => expect(text(root.querySelector('[role="alert"]')!)).toContain('did not answer'));
    expect(root.querySelector('[role="alert"]')!.getAttribute('data-error-code')).toBe('internal');
    expect(field(root, 'API base URL').value).toBe('http://127.0.0.1:8780');
  });
});

describe('ProfileForm: editing the address of a profile with a stored secret (issue 14)', () => {
  it('says at once that the secret must be typed again, and keeps it optional while the origin stays', () => {
    const { root } = mountEditForm();
    const secret = field(root, 'Consumer secret');
    expect(secret.placeholder).toBe('Stored — leave empty to keep');
    expect(text(root.querySelector('[role="status"]')!)).toBe('');
    typeInto(field(root, 'API base URL'), 'http://127.0.0.1:9999');
    const status = root.querySelector('[role="status"]')!;
    expect(text(status)).toMatch(
      /^The API address changed: type the consumer secret again\. Keyhole sends a secret only/,
    );
    expect(secret.placeholder).toBe('Required: the address changed');
    // Back to the same origin (another path): nothing required any more.
    typeInto(field(root, 'API base URL'), 'http://127.0.0.1:8780/');
    expect(text(root.querySelector('[role="status"]')!)).toBe('');
  });

  it('refuses to save without the secret, on that field with the reason, and loses nothing typed', async () => {
    const { root, onSave } = mountEditForm();
    typeInto(field(root, 'Name'), 'Moved');
    typeInto(field(root, 'Bridge URL'), 'http://127.0.0.1:9999');
    click(button(root, 'Save changes'));
    expect(onSave).not.toHaveBeenCalled();
    const secret = field(root, 'Consumer secret');
    expect(errorFor(secret)).toMatch(
      /^The bridge address changed: .*forgets the API token chosen for the old bridge\.$/,
    );
    expect(document.activeElement).toBe(secret);
    expect(field(root, 'Name').value).toBe('Moved');
    expect(field(root, 'Bridge URL').value).toBe('http://127.0.0.1:9999');
    typeInto(secret, 'typed-again');
    click(button(root, 'Save changes'));
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce());
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      id: 'p1',
      bridgeUrl: 'http://127.0.0.1:9999',
      consumerSecret: 'typed-again',
    });
  });
});

/**
 * The whole user path in Firefox ESR (the Firefox build, driven over Marionette), against the sandbox, with one
 * Firefox for the file: host access granted on the settings page and in Firefox's own prompt (as a user does),
 * sign-in through the authorize window `identity.launchWebAuthFlow` opens (PLAINTEXT, then HMAC-SHA512 from the
 * popup's button), the account in the popup, GET and form POST calls from the DevTools panel page, a 5 MB body
 * reaching the panel (invoices, tokens and the real DevTools: firefox-devtools-panel.test.ts). Extension pages are
 * opened as tabs at their moz-extension:// address; screenshots of popup and panel, light and dark, for people
 * to look at.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { missingReason } from '../../scripts/system-packages.ts';
import type { SendResponse, SessionStatus } from '../../src/core/protocol.ts';
import { TEST_ONLY_SIGNED_FORM_PATH } from '../platform/resources-test-only.ts';
import {
  choose,
  click,
  countOf,
  currentUrl,
  currentWindow,
  extensionErrors,
  findElement,
  poll,
  saveFirefoxScreenshot,
  setColorScheme,
  setViewport,
  textOf,
  textsOf,
  type,
  windowHandles,
  withText,
} from './support/firefox-page.ts';
import {
  answerAuthorizeWindow,
  type SandboxedFirefox,
  signInFirefox,
  signInFirefoxOrFail,
  startSandboxedFirefox,
} from './support/firefox-sandbox.ts';
import { EXTENSION_ORIGIN } from './support/launch-firefox.ts';

const noFirefox = missingReason('firefox', existsSync);
let ext: SandboxedFirefox;

beforeEach(({ skip }) => skip(noFirefox !== undefined, noFirefox));
beforeAll(async () => {
  if (noFirefox) return;
  ext = await startSandboxedFirefox();
});
afterAll(async () => {
  if (!ext) return;
  const errors = await extensionErrors(ext, EXTENSION_ORIGIN);
  await ext.close();
  expect(errors).toEqual([]);
});

function status(): Promise<SessionStatus> {
  return ext.message<SessionStatus>('session/status').then((reply) => {
    if (!reply.ok) throw new Error(reply.error.message);
    return reply.value;
  });
}

function getSelf() {
  return ext.message<SendResponse>('request/send', { target: 'api', method: 'GET', path: '/v2/self' });
}

/** Names of the organisations the sandbox user belongs to, from the platform's own state. */
function sandboxOrganisationNames(): string[] {
  const user = [...ext.platform.state.users.values()].find((u) => u.email === ext.platform.user.email)!;
  return [...ext.platform.state.organisations.values()]
    .filter((org) => !org.personal && org.members.some((member) => member.userId === user.id))
    .map((org) => org.name);
}

describe('host access', () => {
  it('is granted host-only (Firefox ignores ports) from the settings page and Firefox’s prompt', async () => {
    const granted = await ext.evaluate<{ origins: string[] }>('browser.permissions.getAll().then(done);');
    expect(granted.origins).toContain('http://127.0.0.1/*');
    expect(granted.origins.filter((origin) => origin.startsWith('http://127.0.0.1:'))).toEqual([]);
  });
});

describe('signing in through the window launchWebAuthFlow opens', () => {
  it('closing the window is a cancelled sign-in, as in Chrome (Firefox words it differently)', async () => {
    const reply = await signInFirefox(ext, { action: 'close' });
    expect(reply).toMatchObject({ ok: false, error: { code: 'sign-in-cancelled' } });
    if (!reply.ok) expect(reply.error.detail).toMatch(/cancel/i);
    expect(await status()).toMatchObject({ state: 'signed-out', lastError: { code: 'sign-in-cancelled' } });
  });

  it('PLAINTEXT: the authorize page answers the allizom.org redirect, and GET /v2/self is signed with it', async () => {
    const saved = await ext.message('profiles/save', { ...ext.profile, signatureMethod: 'PLAINTEXT' });
    expect(saved.ok).toBe(true);
    const signedIn = await signInFirefoxOrFail(ext);
    expect(signedIn).toMatchObject({ state: 'signed-in', user: { email: ext.platform.user.email } });
    const self = await getSelf();
    if (!self.ok) throw new Error(self.error.message);
    expect(self.value.status).toBe(200);
    expect(self.value.signature?.signatureMethod).toBe('PLAINTEXT');
    expect(JSON.parse((self.value.body as { text: string }).text).email).toBe(ext.platform.user.email);
    const out = await ext.message<SessionStatus>('session/sign-out');
    expect(out.ok && out.value.state).toBe('signed-out');
  });

  it('HMAC-SHA512 from the popup’s Sign in button; the popup then shows the account', async () => {
    const saved = await ext.message('profiles/save', { ...ext.profile, signatureMethod: 'HMAC-SHA512' });
    expect(saved.ok).toBe(true);
    await setColorScheme(ext, 'light');
    await ext.openPage('src/popup/index.html');
    await setViewport(ext, 360, 600);
    expect(
      await poll(
        () => textOf(ext, 'h1'),
        (text) => text === 'You are signed out',
      ),
    ).toBe('You are signed out');

    const known = await windowHandles(ext);
    const main = await currentWindow(ext);
    await click(ext, withText('button', 'Sign in'));
    const accountShown = async () => ((await textOf(ext, '.kp-identity__name')) ?? '') !== '';
    await answerAuthorizeWindow(ext, ext.platform, {}, { known, main, finished: accountShown });

    expect(
      await poll(
        () => textOf(ext, '.kp-identity__name'),
        (name) => !!name,
      ),
    ).toBe('Ada Lovelace');
    expect(
      await poll(
        () => textsOf(ext, '.kp-space__name'),
        (names) => names.length > 1,
      ),
    ).toEqual(expect.arrayContaining(sandboxOrganisationNames()));
    const session = await status();
    expect(session).toMatchObject({ state: 'signed-in', profile: { signatureMethod: 'HMAC-SHA512' } });
    const self = await getSelf();
    expect(self.ok && self.value.signature?.signatureMethod).toBe('HMAC-SHA512');
  });

  it('the popup signed in looks right in light and dark', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      await setColorScheme(ext, scheme);
      await ext.openPage('src/popup/index.html');
      await setViewport(ext, 360, 600);
      expect(
        await poll(
          () => textOf(ext, '.kp-updated'),
          (text) => text === 'Updated just now',
        ),
      ).toBe('Updated just now');
      const background = await ext.evaluate<string>('done(getComputedStyle(document.body).backgroundColor);');
      expect(background).toBe(scheme === 'dark' ? 'rgb(13, 17, 23)' : 'rgb(255, 255, 255)');
      await saveFirefoxScreenshot(ext, `firefox-popup-signed-in-${scheme}`, 'body');
    }
    await setColorScheme(ext, 'light');
  });
});

const SEND = '.kh-request-line button[type="submit"]';
const composerTab = (name: string) =>
  `//form[@aria-label="Request composer"]//*[@role="tab"][starts-with(normalize-space(.), "${name}")]`;
const responseTab = (name: string) =>
  `//section[@aria-label="Response"]//*[@role="tab"][starts-with(normalize-space(.), "${name}")]`;

function organisation(name: string) {
  const found = [...ext.platform.state.organisations.values()].find((org) => org.name === name);
  if (!found) throw new Error(`no organisation ${name}`);
  return found;
}

/** Fills the composer's request line: method, target, path. */
async function compose(method: string, path: string): Promise<void> {
  await choose(ext, 'select[aria-label="Method"]', method);
  await choose(ext, 'select[aria-label="Target"]', 'api');
  await type(ext, 'input[aria-label="Path"]', path);
}

/** Clicks Send and waits for the status badge (or the worker's error); returns the status text. */
async function sendAndWait(): Promise<string> {
  // A response already shown (one restored after a reload) is not this call's: wait for the status line to change.
  const shown = await textOf(ext, '.kh-status-line');
  await click(ext, SEND);
  const outcome = await poll(
    async () =>
      (await textOf(ext, '.kh-response [data-error-code]')) ??
      ((await textOf(ext, '.kh-status-line')) !== shown ? await textOf(ext, '.kh-status-line .kh-status') : null),
    (text) => !!text,
    30_000,
  );
  if ((await textOf(ext, '.kh-response [data-error-code]')) !== null) throw new Error(`request failed: ${outcome}`);
  // Nothing new in 30 s: say what the composer shows instead (a refusal at Send, a question about the body).
  if (!outcome) {
    const shownInstead = [await textOf(ext, '.kh-notices'), await textOf(ext, '.kh-method-body')].filter(Boolean);
    throw new Error(`no new response in 30 s; the composer shows: ${shownInstead.join(' | ') || 'nothing'}`);
  }
  return outcome;
}

describe('the DevTools panel page', () => {
  beforeAll(async () => {
    if (noFirefox) return;
    await ext.openPage('src/devtools/panel.html#catalog');
    await setViewport(ext, 1400, 900);
    await findElement(ext, 'input[aria-label="Path"]');
  });

  it('GET with a query: signed with the query parameter, answered with the JSON tree', async () => {
    const org = organisation('Analytical Engines Ltd');
    await compose('GET', `/v2/organisations/${org.id}/applications`);
    await click(ext, composerTab('Query'));
    await type(ext, 'input[aria-label="Name of new query parameters row"]', 'fields');
    await type(ext, 'input[aria-label="Value of query parameters row 1"]', 'id,name');
    expect(await sendAndWait()).toBe('200');
    const apps = [...ext.platform.state.applications.values()].filter((app) => app.ownerId === org.id);
    expect(
      await poll(
        () => textOf(ext, '.kh-tree-rows'),
        (text) => !!text?.includes(`${apps.length} items`),
      ),
    ).toContain(apps[0]!.view.name);
    await saveFirefoxScreenshot(ext, 'firefox-panel-get-light');
    await click(ext, responseTab('Signature'));
    const signed = await poll(
      () => textOf(ext, '//table[starts-with(normalize-space(caption), "Signed parameters")]'),
      (text) => !!text,
    );
    expect(signed).toMatch(/fields\s+id%2Cname\s+query/);
    expect(signed).toContain('HMAC-SHA512');
    await click(ext, responseTab('Body'));
    await click(ext, composerTab('Query'));
    await click(ext, 'button[aria-label="Remove query parameters row 1"]');
    expect(await countOf(ext, 'input[aria-label="Value of query parameters row 1"]')).toBe(0);
  });

  it('POST with a form body: the fields are signed and the sandbox verifies them', async () => {
    const before = ext.platform.state.signedForms.length;
    await compose('POST', TEST_ONLY_SIGNED_FORM_PATH);
    await click(ext, composerTab('Body'));
    await click(ext, 'input[type="radio"][value="form"]');
    await type(ext, 'input[aria-label="Name of new form fields row"]', 'name');
    await type(ext, 'input[aria-label="Value of form fields row 1"]', 'KEYHOLE_E2E');
    await type(ext, 'input[aria-label="Name of new form fields row"]', 'value');
    await type(ext, 'input[aria-label="Value of form fields row 2"]', "a b&c=d+é!*'()");
    expect(await sendAndWait()).toBe('200');
    expect(ext.platform.state.signedForms.length).toBe(before + 1);
    expect(ext.platform.state.signedForms.at(-1)?.fields).toEqual([
      ['name', 'KEYHOLE_E2E'],
      ['value', "a b&c=d+é!*'()"],
    ]);
    await click(ext, responseTab('Signature'));
    expect(
      await poll(
        () => textOf(ext, '//table[starts-with(normalize-space(caption), "Signed parameters")]'),
        (text) => !!text,
      ),
    ).toMatch(/value\s+a%20b%26c%3Dd%2B%C3%A9%21%2A%27%28%29\s+form/);
    await click(ext, responseTab('Body'));
  });

  it('an edit made as the panel reloads is kept: the body set to None comes back None', async () => {
    // Clicked and reloaded in one page task, so the save that waits for typing to pause (400 ms) has not run when
    // the page goes (unless the reload itself takes longer, on a very busy machine): the panel makes it then
    // (src/devtools/panel/save-soon.ts). Without that, a reload 160 ms after this click under a CPU hog brought the
    // form fields back, and the GET composed next was refused at Send.
    await ext.command('WebDriver:ExecuteScript', {
      script: 'document.querySelector(\'input[type="radio"][value="none"]\').click(); location.reload();',
      args: [],
    });
    // The reloaded panel restores its tab and the form POST's response (the page before had no "restored").
    await poll(
      () => textOf(ext, '.kh-status-line'),
      (text) => /restored/.test(text ?? ''),
      30_000,
    );
    await click(ext, composerTab('Body'));
    const checked = () =>
      ext.evaluate<string[]>(
        `done([...document.querySelectorAll('form[aria-label="Request composer"] input[type=radio]:checked')]
          .map((radio) => radio.value));`,
      );
    expect(await poll(checked, (values) => values.length > 0), 'the body kind checked after the reload').toEqual([
      'none',
    ]);
  });

  it('a 5 MB body skips the message channel: it is read on the body port, by the document that sent the call only', async () => {
    const path = '/v2/organisations/orga_huge/applications';
    ext.platform.faults.add({ server: 'api', path, hugeJsonBytes: 5_000_000, times: 2 });
    const sendHuge = async () => {
      const reply = await ext.message<SendResponse>('request/send', { target: 'api', method: 'GET', path });
      if (!reply.ok) throw new Error(reply.error.message);
      expect(reply.value).toMatchObject({ body: { kind: 'text', text: '' }, bodyStreamed: true });
      expect(reply.value.bodyRef).toMatch(/^[0-9a-f-]{36}$/);
      return reply.value.bodyRef;
    };
    // The page's own reading of the port (src/ui/port-body.ts), as src/ui/held-body.ts does it.
    const READ = `const port = browser.runtime.connect({ name: 'keyhole-body' });
      let size = 0;
      port.onMessage.addListener((report) => {
        if (report.type === 'chunk') { size += report.bytes.byteLength; port.postMessage({ type: 'more' }); }
        else { port.disconnect(); done({ type: report.type, size, ending: report.ending, isBytes: true }); }
      });
      port.postMessage({ type: 'open', id: arguments[0], credit: 4 });`;
    const panelUrl = await currentUrl(ext);
    const first = await sendHuge();
    // Another of the add-on's pages does not get it, nor the same page loaded again (the same URL, as a second panel
    // has, but another document: Firefox names it by sender.documentId)…
    await ext.openPage('src/options/index.html');
    expect(await ext.evaluate<{ type: string }>(READ, [first])).toMatchObject({ type: 'gone' });
    await ext.command('WebDriver:Navigate', { url: panelUrl });
    expect(await ext.evaluate<{ type: string }>(READ, [first])).toMatchObject({ type: 'gone' });
    // The reloaded panel restores its tabs and their last response: let it finish before the next test composes.
    await poll(
      () => textOf(ext, '.kh-status-line'),
      (text) => /restored/.test(text ?? ''),
      30_000,
    );
    // …the document that sent the call does, once, byte for byte as the sandbox sent it.
    const id = await sendHuge();
    const read = await ext.evaluate<{ type: string; size: number; ending: { ok: boolean; end: { size: number } } }>(
      READ,
      [id],
    );
    expect(read).toMatchObject({ type: 'end', ending: { ok: true } });
    expect(read.size).toBe(read.ending.end.size);
    expect(read.size).toBeGreaterThanOrEqual(5_000_000);
    expect(await ext.evaluate<{ type: string }>(READ, [id])).toMatchObject({ type: 'gone' });
  });

  it('a PLAINTEXT echo fetched on the worker thread and streamed on the body port reaches the page masked', async () => {
    // 1 MB of the Authorization header again and again: fetched by the upstream-fetch worker, masked as it flows.
    ext.platform.faults.add({ server: 'api', path: '/v2/echo', echoAuthorizationBytes: 1_000_000, times: 1 });
    const reply = await ext.message<SendResponse>('request/send', {
      target: 'api',
      method: 'GET',
      path: '/v2/echo',
      signatureMethod: 'PLAINTEXT',
    });
    if (!reply.ok) throw new Error(reply.error.message);
    expect(reply.value.bodyStreamed).toBe(true);
    const secret = ext.platform.consumerSecret;
    const read = await ext.evaluate<{ type: string; size: number; copies: number; unmasked: number; leaks: boolean }>(
      `const [id, forms] = arguments;
      const port = browser.runtime.connect({ name: 'keyhole-body' });
      const parts = [];
      port.onMessage.addListener((report) => {
        if (report.type === 'chunk') { parts.push(report.bytes); port.postMessage({ type: 'more' }); return; }
        port.disconnect();
        new Blob(parts).text().then((text) => {
          const copies = text.split('\\n').slice(0, -1);
          done({
            type: report.type,
            size: text.length,
            copies: copies.length,
            unmasked: copies.filter((copy) => !copy.includes('oauth_signature="•••%26•••"')).length,
            leaks: forms.some((form) => text.includes(form) || JSON.stringify(report).includes(form)),
          });
        });
      });
      port.postMessage({ type: 'open', id, credit: 4 });`,
      [reply.value.bodyRef, [secret, encodeURIComponent(secret), encodeURIComponent(encodeURIComponent(secret))]],
    );
    expect(read).toMatchObject({ type: 'end', unmasked: 0, leaks: false });
    expect(read.copies).toBeGreaterThan(1000);
    expect(JSON.stringify(reply.value)).not.toContain(secret);
  });

  it('a 5 MB body reaches the panel whole: status, then the tree of every application', async () => {
    const path = '/v2/organisations/orga_huge/applications';
    ext.platform.faults.add({ server: 'api', path, hugeJsonBytes: 5_000_000, times: 1 });
    // Over the tab the reload restored (the form POST above, its body None): a GET with no body to ask about.
    await compose('GET', path);
    const sentAt = Date.now();
    expect(await sendAndWait()).toBe('200');
    // Streamed: the status line says "receiving…" until the last byte, then the real size.
    expect(
      await poll(
        () => textOf(ext, '.kh-status-line'),
        (text) => /4\.8 MB|4\.9 MB|5\.0 MB/.test(text ?? ''),
        30_000,
      ),
    ).toMatch(/4\.8 MB|4\.9 MB|5\.0 MB/);
    const summary = await poll(
      () => textOf(ext, '.kh-tree-summary'),
      (text) => Number(text?.replace(/\D/g, '')) > 5000,
    );
    expect(Number(summary?.replace(/\D/g, ''))).toBeGreaterThan(5000);
    // How fast is the bench's job (npm run bench -- --only=firefox); this only reports it.
    console.log(`Firefox, 5 MB JSON: tree after ${Date.now() - sentAt} ms (Marionette round trips included)`);
  });

  it('looks right in light and dark', async () => {
    for (const scheme of ['dark', 'light'] as const) {
      await setColorScheme(ext, scheme);
      await ext.openPage('src/devtools/panel.html#catalog');
      await compose('GET', '/v2/self');
      expect(await sendAndWait()).toBe('200');
      await poll(
        () => textOf(ext, '.kh-tree-rows'),
        (text) => !!text?.includes(ext.platform.user.email),
      );
      await saveFirefoxScreenshot(ext, `firefox-panel-self-${scheme}`);
    }
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { REDACTED } from '../../../src/core/workbench/redact-secrets.ts';
import { createDraft } from '../../../src/core/workbench/request-draft.ts';
import { Composer } from '../../../src/devtools/panel/composer/Composer.tsx';
import { PanelApp } from '../../../src/devtools/panel/PanelApp.tsx';
import { createWorkbench } from '../../../src/devtools/panel/workbench.ts';
import { button, byLabel, mount, settle, user, waitForValue } from '../support/dom.ts';
import { createFakeServices } from './fake-services.ts';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

async function setup() {
  const fake = createFakeServices();
  const workbench = createWorkbench(fake.services);
  await workbench.ready;
  const mounted = mount(<Composer workbench={workbench} services={fake.services} />);
  cleanup = () => {
    mounted.unmount();
    workbench.dispose();
  };
  return { ...fake, workbench, root: mounted.root };
}

describe('the composer never sends an invalid request', () => {
  it('flags a path outside /v2/ and /v4/ in place and sends nothing', async () => {
    const { root, sent } = await setup();
    const path = byLabel(root, 'Path');
    await user.type(path, '/v3/self');
    await user.click(button(root, 'Send'));
    await settle();
    expect(sent()).toEqual([]);
    expect(path.getAttribute('aria-invalid')).toBe('true');
    expect(root.textContent).toMatch(/API paths start with \/v2\/ or \/v4\//);
  });

  it('refuses bad JSON and points at the line and column', async () => {
    const { root, sent, workbench } = await setup();
    workbench.open(
      createDraft({ method: 'POST', path: '/v2/self/consumers', bodyMode: 'json', json: '{\n  "name": }' }),
    );
    await settle();
    await user.click(button(root, 'Send'));
    await settle();
    expect(sent()).toEqual([]);
    const editor = root.querySelector('textarea');
    expect(editor?.getAttribute('aria-invalid')).toBe('true');
    expect(root.textContent).toMatch(/line 2, column 11/);
  });

  it('refuses a header with CR/LF (from an import or a paste) and opens the Headers tab', async () => {
    const { root, sent, workbench } = await setup();
    workbench.open(createDraft({ headers: [{ name: 'X-Note', value: 'a\r\nInjected: yes', enabled: true }] }));
    await settle();
    await user.click(button(root, 'Send'));
    await settle(20);
    expect(sent()).toEqual([]);
    expect(root.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toMatch(/Headers/);
    expect(root.textContent).toMatch(/cannot contain a line break/);
  });

  it('refuses an Authorization header: Keyhole signs itself', async () => {
    const { root, sent } = await setup();
    await user.click(button(root, /Headers/));
    await user.type(byLabel(root, 'Name of new headers row'), 'Authorization');
    await user.type(byLabel(root, 'Value of headers row 1'), 'OAuth stolen');
    await user.click(button(root, 'Send'));
    await settle();
    expect(sent()).toEqual([]);
    expect(root.textContent).toMatch(/Keyhole signs the request itself/);
  });

  it('asks for placeholder values after a first Send, then sends the filled path', async () => {
    const { root, sent, workbench } = await setup();
    await user.type(byLabel(root, 'Path'), '/v2/organisations/{organisationId}/applications');
    await settle();
    expect(root.textContent).not.toMatch(/Choose or type a value/);
    await user.click(button(root, 'Send'));
    await settle();
    expect(sent().filter((request) => request.path !== '/v2/summary')).toEqual([]);
    expect(root.textContent).toMatch(/Choose or type a value for \{organisationId\}/);
    // The picker suggests the user's organisations from /v2/summary.
    const options = [...root.querySelectorAll('datalist option')].map((option) => option.getAttribute('value'));
    expect(options).toEqual(['user_1', 'orga_1']);
    await user.type(root.querySelector('.kh-param input'), 'orga_1');
    await user.click(button(root, 'Send'));
    await settle();
    const calls = sent().filter((request) => request.path !== '/v2/summary');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'GET', target: 'api', path: '/v2/organisations/orga_1/applications' });
    expect(workbench.run.get().phase).toBe('done');
  });

  it('sends a valid request with its query and records it in history without secrets', async () => {
    const { root, sent, services, workbench } = await setup();
    await user.type(byLabel(root, 'Path'), '/v2/self');
    await user.type(byLabel(root, 'Name of new query parameters row'), 'limit');
    await user.type(byLabel(root, 'Value of query parameters row 1'), '10');
    await user.click(button(root, 'Send'));
    await settle(5);
    expect(sent()).toHaveLength(1);
    expect(sent()[0]).toMatchObject({ path: '/v2/self', query: [['limit', '10']], body: { kind: 'none' } });
    expect(sent()[0]?.requestId).toEqual(expect.any(String));
    expect(workbench.run.get().phase).toBe('done');
    // History is written when the page is idle, after the response is shown.
    const history = await waitForValue(async () => {
      const list = await services.history.list();
      return list.length > 0 ? list : undefined;
    });
    if (!history) throw new Error('nothing recorded');
    expect(history).toHaveLength(1);
    expect(history[0]?.request).toMatchObject({ path: '/v2/self', query: [['limit', '10']] });
    expect(history[0]?.request.requestId).toBeUndefined();
  });

  it('splits a pasted full URL into target, path and query rows', async () => {
    const { root, workbench } = await setup();
    await user.type(byLabel(root, 'Path'), 'http://127.0.0.1:8781/v2/self?fields=id&x=a%20b');
    expect(workbench.draft.get()).toMatchObject({
      target: 'bridge',
      path: '/v2/self',
      query: [
        { name: 'fields', value: 'id', enabled: true },
        { name: 'x', value: 'a b', enabled: true },
      ],
    });
  });
});

/** The composer's tab for a request part (Query, Headers, Body…), by the start of its text (badges follow it). */
function requestPart(root: HTMLElement, name: string): HTMLElement {
  const found = [
    ...root.querySelectorAll<HTMLElement>('[role="tablist"][aria-label="Request parts"] [role="tab"]'),
  ].find((tab) => tab.textContent?.startsWith(name));
  if (!found) throw new Error(`no request part ${name}`);
  return found;
}

describe('a body valid once its variables are filled', () => {
  it('is not flagged (Send checks the filled request), and one whose variable has no value still is', async () => {
    const { root, sent, workbench } = await setup();
    workbench.variables.update((scope) => ({
      ...scope,
      environments: [{ id: 'e', name: 'dev', variables: [{ name: 'n', value: '5', enabled: true }] }],
      activeEnvironmentId: 'e',
    }));
    workbench.open(
      createDraft({ method: 'POST', path: '/v2/self/consumers', bodyMode: 'json', json: '{"count": {n}}' }),
    );
    await settle();
    const bodyTab = () => requestPart(root, 'Body');
    expect(bodyTab().textContent).toBe('BodyJSON');
    await user.click(button(root, 'Send'));
    await settle(20);
    expect(sent()).toHaveLength(1);
    expect(sent()[0]?.body).toEqual({ kind: 'json', text: '{"count": 5}' });

    // {m} has no value: the body does not parse even filled, so it is flagged as typed.
    workbench.edit((draft) => ({ ...draft, json: '{"count": {m}}' }));
    await settle();
    expect(bodyTab().textContent).toBe('Body!');
  });
});

describe('the request parts shown for each request tab', () => {
  const selectedPart = (root: HTMLElement) =>
    root.querySelector('[role="tablist"][aria-label="Request parts"] [aria-selected="true"]')?.textContent ?? '';

  it('keeps each tab’s part, starts a new blank tab on Query, and keeps the part for a preview opened in place', async () => {
    const { root, workbench } = await setup();
    workbench.edit((draft) => ({ ...draft, path: '/v2/self/applications' }));
    await settle();
    await user.click(requestPart(root, 'Headers'));
    expect(selectedPart(root)).toMatch(/^Headers/);
    const first = workbench.tabs.get().activeId;

    workbench.newTab();
    await settle();
    expect(selectedPart(root)).toMatch(/^Query/);
    await user.click(requestPart(root, 'Body'));

    workbench.selectTab(first);
    await settle();
    expect(selectedPart(root)).toMatch(/^Headers/);

    // Opened from the catalog (the preview tab): the part on screen stays, so Docs can be read endpoint by endpoint.
    await user.click(requestPart(root, 'Docs'));
    workbench.open(createDraft({ path: '/v2/self' }));
    await settle();
    expect(workbench.tabs.get().activeId).not.toBe(first);
    expect(selectedPart(root)).toMatch(/^Docs/);
    workbench.open(createDraft({ path: '/v2/summary' }));
    await settle();
    expect(selectedPart(root)).toMatch(/^Docs/);

    const second = workbench.tabs.get().tabs.find((tab) => tab.id !== first && !tab.preview)!;
    workbench.selectTab(second.id);
    await settle();
    expect(selectedPart(root)).toMatch(/^Body/);
  });
});

describe('keyboard and persistence in the panel', () => {
  it('sends with Ctrl+Enter and cancels with Escape', async () => {
    let release: (() => void) | undefined;
    const fake = createFakeServices(
      (request) =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              url: '',
              method: request.method,
              status: 200,
              statusText: 'OK',
              headers: [],
              contentType: 'text/plain',
              size: 0,
              durationMs: 1,
              body: { kind: 'text', text: '', truncated: false },
              auth: 'oauth',
            });
        }),
    );
    const workbench = createWorkbench(fake.services);
    await workbench.ready;
    const mounted = mount(<PanelApp services={fake.services} workbench={workbench} views={[]} />);
    cleanup = () => {
      mounted.unmount();
      workbench.dispose();
    };
    await user.press(byLabel(mounted.root, 'Path'), 'Enter', { ctrlKey: true });
    await settle();
    expect(fake.sent()).toHaveLength(1);
    expect(workbench.run.get().phase).toBe('sending');
    expect(button(mounted.root, 'Cancel')).toBeTruthy();
    await user.press(document.body, 'Escape');
    await settle();
    const cancel = fake.calls.find((call) => call.name === 'request/cancel');
    expect(cancel?.request).toEqual({ requestId: fake.sent()[0]?.requestId });
    release?.();
    await settle();
  });

  it('keeps the draft across reloads without credentials or passwords', async () => {
    const fake = createFakeServices();
    const first = createWorkbench(fake.services);
    await first.ready;
    first.open(
      createDraft({
        method: 'POST',
        target: 'bridge',
        path: '/api-tokens',
        headers: [
          { name: 'Authorization', value: 'Bearer tok', enabled: true },
          { name: 'X-Keep', value: '1', enabled: true },
        ],
        bodyMode: 'json',
        json: '{"email":"ada@sandbox.keyhole.test","password":"lovelace-1815","name":"ci"}',
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 450));
    first.dispose();
    const second = createWorkbench(fake.services);
    await second.ready;
    const draft = second.draft.get();
    expect(draft).toMatchObject({ method: 'POST', target: 'bridge', path: '/api-tokens', bodyMode: 'json' });
    expect(draft.headers).toEqual([
      { name: 'Authorization', value: REDACTED, enabled: true },
      { name: 'X-Keep', value: '1', enabled: true },
    ]);
    expect(JSON.parse(draft.json)).toMatchObject({ email: 'ada@sandbox.keyhole.test', name: 'ci' });
    expect(JSON.stringify(draft)).not.toContain('lovelace-1815');
    expect(JSON.stringify(draft)).not.toContain('Bearer tok');
    expect(second.notices.get().join(' ')).toMatch(/Type them again/);
    second.dispose();
  });

  it('stores no secret typed in a text, JSON or form body, a header or the query, and says what to retype', async () => {
    const fake = createFakeServices();
    const first = createWorkbench(fake.services);
    await first.ready;
    first.open(
      createDraft({
        method: 'POST',
        path: '/v2/self',
        query: [
          { name: 'token', value: 'query-tok-1', enabled: true },
          { name: 'limit', value: '10', enabled: true },
        ],
        headers: [
          { name: 'X-Api-Key', value: 'hdr-key-2', enabled: true },
          { name: 'X-Custom', value: 'Bearer hdr-bearer-3', enabled: true },
          { name: 'X-Trace', value: 'trace-4', enabled: true },
        ],
        bodyMode: 'text',
        text: 'user=ada&password=hunter2',
        json: '{\n  "user": "ada",\n  "password": "json-pw-5",\n  "nested": {"clientSecret": "json-secret-6"}\n}',
        form: [
          { name: 'db_password', value: 'form-pw-7', enabled: true },
          { name: 'name', value: 'keep-me', enabled: true },
        ],
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 450));
    const stored = JSON.stringify(await fake.storage.get('keyhole.devtools.draft'));
    for (const secret of [
      'query-tok-1',
      'hdr-key-2',
      'hdr-bearer-3',
      'hunter2',
      'json-pw-5',
      'json-secret-6',
      'form-pw-7',
    ])
      expect(stored, secret).not.toContain(secret);
    // What is not secret is kept as typed.
    for (const kept of ['trace-4', 'keep-me', 'X-Api-Key', 'db_password', 'user=ada', '"limit"', 'clientSecret'])
      expect(stored, kept).toContain(kept);
    first.dispose();

    const second = createWorkbench(fake.services);
    await second.ready;
    const notice = second.notices.get().join(' ');
    for (const part of [
      'Query: token',
      'Headers: X-Api-Key',
      'Headers: X-Custom',
      'Form: db_password',
      'JSON body',
      'Text body',
    ])
      expect(notice).toContain(part);
    // The masks are placeholders: the composer refuses to send them until retyped.
    await second.send();
    expect(fake.sent()).toEqual([]);
    expect(second.issues().map((issue) => `${issue.field}:${issue.row ?? ''}`)).toEqual(
      expect.arrayContaining(['query:0', 'headers:0', 'headers:1', 'body:']),
    );
    second.dispose();
  });

  it('masks a draft saved in clear by an earlier version as soon as it is loaded', async () => {
    const fake = createFakeServices();
    await fake.storage.set('keyhole.devtools.draft', {
      ...createDraft({ method: 'POST', bodyMode: 'text', text: 'password: old-clear-8\nname: x' }),
    });
    const workbench = createWorkbench(fake.services);
    await workbench.ready;
    expect(workbench.draft.get().text).toBe(`password: ${REDACTED}\nname: x`);
    expect(JSON.stringify(await fake.storage.get('keyhole.devtools.draft'))).not.toContain('old-clear-8');
    workbench.dispose();
  });
});

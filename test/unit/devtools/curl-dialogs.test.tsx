// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createDraft } from '../../../src/core/workbench/request-draft.ts';
import CurlExportDialog from '../../../src/devtools/panel/composer/CurlExportDialog.tsx';
import CurlImportDialog from '../../../src/devtools/panel/composer/CurlImportDialog.tsx';
import { createWorkbench } from '../../../src/devtools/panel/workbench.ts';
import { button, mount, settle, user } from '../support/dom.ts';
import { createFakeServices } from './fake-services.ts';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

/** The Credentials list: an API token by default; OAuth 1.0a is the explicit choice (curl then asks the worker). */
async function chooseOAuth(root: HTMLElement) {
  await user.choose(root.querySelector('#kh-code-credentials') as HTMLSelectElement, 'oauth');
  await settle(20);
}

async function setup() {
  const fake = createFakeServices();
  const workbench = createWorkbench(fake.services);
  await workbench.ready;
  return { ...fake, workbench };
}

describe('curl import and export', () => {
  it('imports a pasted command into the composer and lists what was dropped', async () => {
    const { workbench } = await setup();
    let closed = false;
    const { root, unmount } = mount(<CurlImportDialog workbench={workbench} onClose={() => (closed = true)} />);
    cleanup = unmount;
    await user.type(
      root.querySelector('textarea'),
      `curl -X PUT 'http://127.0.0.1:8780/v2/organisations/o/applications/a/env' -H 'Authorization: OAuth x' --json '{"PORT":"8080"}'`,
    );
    await user.click(button(root, 'Import'));
    expect(closed).toBe(true);
    expect(workbench.draft.get()).toMatchObject({
      method: 'PUT',
      target: 'api',
      path: '/v2/organisations/o/applications/a/env',
      bodyMode: 'json',
      json: '{"PORT":"8080"}',
    });
    expect(workbench.notices.get().join(' ')).toMatch(/Authorization/);
  });

  it('shows why a command cannot be imported and keeps the text', async () => {
    const { workbench } = await setup();
    const { root, unmount } = mount(<CurlImportDialog workbench={workbench} onClose={() => {}} />);
    cleanup = unmount;
    await user.type(root.querySelector('textarea'), `curl 'http://127.0.0.1:8780/v2/self`);
    await user.click(button(root, 'Import'));
    expect(root.querySelector('[role="alert"]')?.textContent).toMatch(/single quote/);
    expect((root.querySelector('textarea') as HTMLTextAreaElement).value).toContain('curl');
  });

  it('remembers the credentials chosen, for the next export', async () => {
    const { workbench, services, calls } = await setup();
    workbench.open(createDraft({ path: '/v2/self' }));
    const open = async () => {
      const mounted = mount(
        <CurlExportDialog workbench={workbench} services={services} flavour="curl" onClose={() => {}} />,
      );
      cleanup = mounted.unmount;
      await settle();
      return mounted.root;
    };
    const credentials = (root: HTMLElement) => (root.querySelector('#kh-code-credentials') as HTMLSelectElement).value;
    const curlCalls = () => calls.filter((call) => call.name === 'request/curl');
    const first = await open();
    expect(credentials(first)).toBe('api-token');
    await chooseOAuth(first);
    cleanup?.();
    const second = await open();
    expect(credentials(second)).toBe('oauth');
    // The command shown is OAuth's (signed by the worker), not the API token's snippet under an OAuth label.
    expect(curlCalls()).toHaveLength(2);
    expect((second.querySelector('textarea') as HTMLTextAreaElement).value).toContain('Authorization: OAuth');
  });

  it('copies a masked curl command and reveals the header only on request', async () => {
    const { workbench, services, calls } = await setup();
    workbench.open(createDraft({ path: '/v2/self' }));
    const { root, unmount } = mount(
      <CurlExportDialog workbench={workbench} services={services} flavour="curl" onClose={() => {}} />,
    );
    cleanup = unmount;
    await settle();
    const curlCalls = () => calls.filter((call) => call.name === 'request/curl').map((call) => call.request);
    expect(curlCalls()).toEqual([]);
    await chooseOAuth(root);
    expect(curlCalls()).toEqual([{ request: expect.objectContaining({ path: '/v2/self' }), reveal: false }]);
    expect((root.querySelector('textarea') as HTMLTextAreaElement).value).toContain('••••');
    await user.click(button(root, 'Reveal Authorization'));
    await settle();
    expect(curlCalls()[1]).toMatchObject({ reveal: true });
    await user.click(button(root, 'Copy'));
    await settle();
    expect(services.copy).toHaveBeenCalled();
  });

  it('builds clever curl locally and refuses an invalid draft', async () => {
    const { workbench, services, calls } = await setup();
    workbench.open(createDraft({ path: '/v2/organisations/{organisationId}' }));
    const first = mount(
      <CurlExportDialog workbench={workbench} services={services} flavour="clever" onClose={() => {}} />,
    );
    await settle();
    expect(first.root.textContent).toMatch(/Fix the request first/);
    first.unmount();
    workbench.open(createDraft({ path: '/v2/self', query: [{ name: 'a', value: 'b c', enabled: true }] }));
    const second = mount(
      <CurlExportDialog workbench={workbench} services={services} flavour="clever" onClose={() => {}} />,
    );
    cleanup = second.unmount;
    await settle();
    expect((second.root.querySelector('textarea') as HTMLTextAreaElement).value).toBe(
      "clever curl -q --globoff -X GET \\\n  -H 'Accept: application/json, */*' \\\n  'http://127.0.0.1:8780/v2/self?a=b%20c'",
    );
    expect(calls.some((call) => call.name === 'request/curl')).toBe(false);
  });
});

describe('curl export of a reusable credential', () => {
  it.each([
    [
      {
        kind: 'variables',
        scheme: 'plaintext',
        variables: ['CLEVER_CONSUMER_SECRET', 'CLEVER_TOKEN', 'CLEVER_TOKEN_SECRET'],
      },
      /PLAINTEXT.*\$CLEVER_CONSUMER_SECRET.*\$CLEVER_TOKEN.*\$CLEVER_TOKEN_SECRET.*twice/,
    ],
    [
      { kind: 'variables', scheme: 'bearer', variables: ['CLEVER_API_TOKEN'] },
      /never puts it in a command.*\$CLEVER_API_TOKEN/,
    ],
  ])('names the shell variables and offers no Reveal (%j)', async (credential, hint) => {
    const { workbench, services, send } = await setup();
    const fallback = send.getMockImplementation();
    if (!fallback) throw new Error('the fake send has an implementation');
    send.mockImplementation(async (name: string, request?: unknown) =>
      name === 'request/curl'
        ? {
            command: `curl -sS -X GET 'http://127.0.0.1:8780/v2/self' -H "Authorization: …"`,
            masked: false,
            credential,
          }
        : fallback(name, request),
    );
    workbench.open(createDraft({ path: '/v2/self' }));
    const { root, unmount } = mount(
      <CurlExportDialog workbench={workbench} services={services} flavour="curl" onClose={() => {}} />,
    );
    cleanup = unmount;
    await settle();
    await chooseOAuth(root);
    expect(root.textContent).toMatch(hint);
    expect(root.textContent).not.toMatch(/single-use\)|reveal it/);
    expect([...root.querySelectorAll('button')].map((b) => b.textContent)).not.toContain('Reveal Authorization');
  });
});

describe('curl export with variables', () => {
  it('asks the worker for the request Send would sign, variables resolved, and names one without a value', async () => {
    const { workbench, services, calls } = await setup();
    workbench.variables.update((scope) => ({
      ...scope,
      environments: [{ id: 'e', name: 'dev', variables: [{ name: 'fields', value: 'id,name', enabled: true }] }],
      activeEnvironmentId: 'e',
    }));
    workbench.open(createDraft({ path: '/v2/self', query: [{ name: 'fields', value: '{fields}', enabled: true }] }));
    const first = mount(
      <CurlExportDialog workbench={workbench} services={services} flavour="curl" onClose={() => {}} />,
    );
    await settle(20);
    await chooseOAuth(first.root);
    const curl = calls.filter((call) => call.name === 'request/curl').at(-1)?.request as {
      request: { query: [string, string][] };
    };
    expect(curl.request.query).toEqual([['fields', 'id,name']]);
    first.unmount();

    workbench.edit((draft) => ({ ...draft, query: [{ name: 'fields', value: '{missing}', enabled: true }] }));
    const second = mount(
      <CurlExportDialog workbench={workbench} services={services} flavour="curl" onClose={() => {}} />,
    );
    cleanup = second.unmount;
    await settle(20);
    expect(second.root.textContent).toMatch(/Fix the request first: \{missing\} has no value/);
  });
});

describe('code export in other languages', () => {
  it('builds each snippet in the page from the request, reading credentials from the environment', async () => {
    const { workbench, services, calls } = await setup();
    workbench.open(createDraft({ method: 'PUT', path: '/v2/self', bodyMode: 'json', json: '{"name":"Ada"}' }));
    const { root, unmount } = mount(
      <CurlExportDialog workbench={workbench} services={services} flavour="httpie" onClose={() => {}} />,
    );
    cleanup = unmount;
    await settle();
    const code = () => (root.querySelector('textarea') as HTMLTextAreaElement).value;
    expect(root.querySelector('h2, [id$="title"]')?.textContent ?? root.textContent).toMatch(/Copy as HTTPie/);
    // By default: the API token, sent to the bridge, with where to get it in the code and in the hint.
    expect(code()).toMatch(/^# CLEVER_API_TOKEN: an API token: in Keyhole’s DevTools panel open Tokens → Create token/);
    expect(code()).toContain('"Authorization:Bearer $CLEVER_API_TOKEN"');
    expect(root.textContent).toMatch(/\$CLEVER_API_TOKEN \(an API token: in Keyhole’s DevTools panel open Tokens/);
    await chooseOAuth(root);
    expect(code()).toMatch(
      /^http --ignore-stdin --ignore-netrc --no-auth --no-session --no-session-read-only --no-follow --no-chunked --no-compress \\\n {2}--raw='\{"name":"Ada"\}' \\\n {2}PUT 'http:\/\/127\.0\.0\.1:8780\/v2\/self' --/m,
    );
    expect(root.textContent).toMatch(/\$CLEVER_CONSUMER_KEY.*\$CLEVER_TOKEN_SECRET/s);
    const select = root.querySelector('select') as HTMLSelectElement;
    await user.choose(select, 'python');
    await settle();
    expect(code()).toContain('from requests_oauthlib import OAuth1');
    expect(code()).toContain('os.environ["CLEVER_CONSUMER_SECRET"]');
    await user.choose(select, 'fetch');
    await settle();
    expect(root.querySelector('[role="alert"]')?.textContent).toMatch(/no OAuth 1\.0a signer: choose the API token/);
    await user.choose(root.querySelector('#kh-code-credentials') as HTMLSelectElement, 'api-token');
    await settle();
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the generated JavaScript's own template literal, as text
    expect(code()).toContain('Bearer ${process.env.CLEVER_API_TOKEN}');
    expect(root.textContent).toMatch(/\$CLEVER_API_TOKEN/);
    // Nothing was asked of the worker: no secret is involved in these languages.
    expect(calls.some((call) => call.name === 'request/curl')).toBe(false);
  });
});

describe('curl by default', () => {
  it('reads an API token and calls the bridge, built in the page: the worker is not asked', async () => {
    const { workbench, services, calls } = await setup();
    workbench.open(createDraft({ path: '/v2/self' }));
    const { root, unmount } = mount(
      <CurlExportDialog workbench={workbench} services={services} flavour="curl" onClose={() => {}} />,
    );
    cleanup = unmount;
    await settle();
    const code = (root.querySelector('textarea') as HTMLTextAreaElement).value;
    const [comment, command] = code.split('\n');
    expect(comment).toMatch(
      /^# CLEVER_API_TOKEN: an API token: in Keyhole’s DevTools panel open Tokens → Create token/,
    );
    expect(command).toMatch(
      /^curl -q -sS --globoff -X GET '[^']*\/v2\/self' -H "Authorization: Bearer \$CLEVER_API_TOKEN"/,
    );
    expect(code).not.toContain('CLEVER_TOKEN');
    expect(root.textContent).toMatch(
      /\$CLEVER_API_TOKEN \(an API token: in Keyhole’s DevTools panel open Tokens → Create token/,
    );
    expect([...root.querySelectorAll('button')].map((b) => b.textContent)).not.toContain('Reveal Authorization');
    expect(calls.some((call) => call.name === 'request/curl')).toBe(false);
  });
});

describe('code a shell cannot carry', () => {
  it('says why instead of showing a command that would send other bytes, and shows the snippets that can', async () => {
    const { workbench, services } = await setup();
    workbench.open(createDraft({ method: 'POST', path: '/v2/self', bodyMode: 'text', text: 'a\0b' }));
    const { root, unmount } = mount(
      <CurlExportDialog workbench={workbench} services={services} flavour="httpie" onClose={() => {}} />,
    );
    cleanup = unmount;
    await settle();
    const code = () => (root.querySelector('textarea') as HTMLTextAreaElement).value;
    const alert = () => root.querySelector('[role="alert"]')?.textContent ?? '';
    expect(alert()).toMatch(/The body contains a NUL byte .*no shell command can carry.*Python or JavaScript/);
    expect(code()).toBe('');
    const select = root.querySelector('select') as HTMLSelectElement;
    await user.choose(select, 'clever');
    await settle();
    expect(alert()).toMatch(/NUL byte/);
    expect(code()).toBe('');
    await user.choose(select, 'python');
    await settle();
    expect(alert()).toBe('');
    expect(code()).toContain('data="a\\u0000b".encode("utf-8")');
  });
});

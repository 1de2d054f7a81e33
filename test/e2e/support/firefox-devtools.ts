/**
 * Keyhole's panel inside Firefox's real DevTools, not opened as a tab: the toolbox is opened on the current tab
 * through DevTools' own module, the Keyhole tool selected, and the panel's document (a remote <browser> inside the
 * toolbox) reached with a frame script that answers a few fixed actions (no eval: the panel's CSP forbids it).
 * This leans on DevTools internals (tool ids, webext-panels.xhtml), so the test that uses it stays small.
 */
import type { LaunchedFirefox } from './launch-firefox.ts';

export interface DevtoolsPanel {
  /** The tool id Firefox gave the Keyhole panel. */
  toolId: string;
  /** The panel document's APIs, as `typeof` answers (e.g. { downloads: 'undefined' }). */
  apis: Record<string, string>;
  /** The rendered text of the first element `selector` matches in the panel, or null. */
  text(selector: string): Promise<string | null>;
  /** Clicks the first element `selector` matches in the panel (a DOM click: no user gesture). */
  click(selector: string): Promise<void>;
  /** Sets the panel's location hash (its views: #invoices?org=…, #tokens, …). */
  goTo(hash: string): Promise<void>;
  /** Loads the panel's document again (the frame script stays). */
  reload(): Promise<void>;
}

/** Runs in the panel's content process; answers 'keyhole-run' messages with the result of one fixed action. */
const FRAME_SCRIPT = `
const page = () => content.wrappedJSObject;
const actions = {
  apis: () => ({
    downloads: typeof page().browser?.downloads,
    permissions: typeof page().browser?.permissions,
    openOptionsPage: typeof page().browser?.runtime?.openOptionsPage,
    sendMessage: typeof page().browser?.runtime?.sendMessage,
    devtools: typeof page().chrome?.devtools,
  }),
  text: (selector) => content.document.querySelector(selector)?.innerText ?? null,
  click: (selector) => { content.document.querySelector(selector).click(); return true; },
  goTo: (hash) => { content.location.hash = hash; return content.location.href; },
  reload: () => { content.location.reload(); return true; },
};
addMessageListener('keyhole-run', ({ data }) => {
  try { sendAsyncMessage('keyhole-ran', { value: actions[data.action](data.arg) }); }
  catch (error) { sendAsyncMessage('keyhole-ran', { error: String(error) }); }
});`;

/** Opens DevTools on the current tab, selects the Keyhole panel and waits for its document to load. */
export async function openDevtoolsPanel(ff: LaunchedFirefox): Promise<DevtoolsPanel> {
  const toolId = await ff.evaluateInBrowser<string>(
    `(async () => {
      const { require } = ChromeUtils.importESModule('resource://devtools/shared/loader/Loader.sys.mjs');
      const { gDevTools } = require('devtools/client/framework/devtools');
      // Docked at the bottom, 600 px high (250 by default), so the panel shows composer and response at once.
      Services.prefs.setIntPref('devtools.toolbox.footer.height', 600);
      const toolbox = await gDevTools.showToolboxForTab(gBrowser.selectedTab);
      let tools = [];
      for (let i = 0; i < 100 && tools.length === 0; i++) {
        tools = toolbox.getAdditionalTools().map((tool) => tool.id).filter((id) => id.includes('keyhole'));
        if (tools.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (tools.length === 0) throw new Error('no Keyhole tool in the toolbox');
      await toolbox.selectTool(tools[0]);
      let inner = null;
      for (let i = 0; i < 100; i++) {
        inner = toolbox.doc.getElementById('toolbox-panel-iframe-' + tools[0])?.contentDocument?.querySelector('browser');
        if (inner?.currentURI?.spec.includes('/src/devtools/panel.html')) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      inner.messageManager.loadFrameScript('data:,' + encodeURIComponent(arguments[0]), false);
      let pending = Promise.resolve();
      window.__keyholePanel = (action, arg) => {
        const answer = pending.then(() => new Promise((resolve) => {
          const listener = ({ data }) => {
            inner.messageManager.removeMessageListener('keyhole-ran', listener);
            resolve(data);
          };
          inner.messageManager.addMessageListener('keyhole-ran', listener);
          inner.messageManager.sendAsyncMessage('keyhole-run', { action, arg });
        }));
        pending = answer;
        return answer;
      };
      return tools[0];
    })().then(done, (error) => done('error: ' + error));`,
    [FRAME_SCRIPT],
  );
  if (toolId.startsWith('error: ')) throw new Error(toolId);
  const run = async <T>(action: string, arg?: unknown): Promise<T> => {
    const reply = await ff.evaluateInBrowser<{ value?: T; error?: string }>(
      'window.__keyholePanel(arguments[0], arguments[1]).then(done);',
      [action, arg ?? null],
    );
    if (reply.error) throw new Error(`panel ${action}: ${reply.error}`);
    return reply.value as T;
  };
  return {
    toolId,
    apis: await run<Record<string, string>>('apis'),
    text: (selector) => run<string | null>('text', selector),
    click: async (selector) => {
      await run('click', selector);
    },
    goTo: async (hash) => {
      await run('goTo', hash);
    },
    reload: async () => {
      await run('reload');
    },
  };
}

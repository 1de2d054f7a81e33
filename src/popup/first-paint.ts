/**
 * The popup's first script: a classic one, which the parser runs where it stands in index.html, right after the
 * #app element. It paints the last shown account from the cache's synchronous mirror, so that account is in the
 * popup's first frame, then starts the app (start-app.ts), which mounts over it. Built on its own as one
 * self-contained file (scripts/vite-classic-script.ts); the app's modules are not bundled in it.
 *
 * Nothing here may stop the popup from opening: whatever fails in the paint, the app starts and paints itself.
 */
import { readMirroredAccount } from './account-mirror.ts';
import { markFirstAccountRender } from './first-account-render.ts';
import { paintAccount } from './first-paint-dom.ts';
import { readModules, startApp } from './start-app.ts';

const script = document.currentScript;
const root = document.getElementById('app');
let painted = false;
try {
  painted = !!root && paintAccount(root, readMirroredAccount(), Date.now(), (path) => chrome.runtime.getURL(path));
  if (painted) markFirstAccountRender();
} catch {
  painted = false;
  root?.replaceChildren();
}
startApp(document, readModules(script), painted);

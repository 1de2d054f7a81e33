/**
 * The popup's first script: a classic one, which the parser runs where it stands in index.html, right after the
 * #app element, while the app's module graph (about ten times its size, in several files) is still loading. It
 * paints the last shown account from the cache's synchronous mirror, so that account is in the popup's first
 * frame; main.tsx mounts the app over it a frame later. Built on its own as one self-contained file
 * (scripts/vite-classic-script.ts); the app's modules are not loaded from here.
 *
 * Nothing here may stop the popup from opening: on any failure the app simply paints everything itself.
 */
import { readMirroredAccount } from './account-mirror.ts';
import { markFirstAccountRender } from './first-account-render.ts';
import { paintAccount } from './first-paint-dom.ts';

const root = document.getElementById('app');
try {
  if (root && paintAccount(root, readMirroredAccount(), Date.now(), (path) => chrome.runtime.getURL(path))) {
    markFirstAccountRender();
  }
} catch {
  root?.replaceChildren();
}

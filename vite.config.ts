import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import baseManifest from './manifest.json' with { type: 'json' };
import packageJson from './package.json' with { type: 'json' };
import { classicScripts } from './scripts/vite-classic-script.ts';
import { inlineStylesheets } from './scripts/vite-inline-css.ts';
import { panelChunkGroups } from './scripts/vite-panel-chunks.ts';
import { singleFileWorker } from './scripts/vite-single-file-worker.ts';
import { manifestFor, parseBrowserTarget, type SourceManifest } from './src/core/browser-target.ts';

/** Where each browser's build goes: `vite build` → dist/ (Chrome), `vite build --mode firefox` → dist-firefox/. */
const OUT_DIRS = { chrome: 'dist', firefox: 'dist-firefox' } as const;

// Pages reached only from JS (chrome.devtools.panels.create, links between pages) must be listed to be built.
// Pages named in manifest.json (popup, options, devtools page) are found by crxjs on its own.
const PAGE_INPUTS: Record<string, string> = {
  panel: 'src/devtools/panel.html',
  sftpKit: 'src/sftp-kit/index.html',
};

// The one manifest.json is the source of truth; browser-specific adjustments live in src/core/browser-target.ts.
export default defineConfig(({ mode }) => {
  const target = parseBrowserTarget(mode);
  const manifest = manifestFor(target, baseManifest as SourceManifest, packageJson.version);
  return {
    plugins: [
      preact(),
      ...classicScripts({ mode }),
      // The DevTools panel opens cold every time: its first frame should not wait on stylesheet files.
      inlineStylesheets({ pages: ['src/devtools/panel.html'] }),
      crx({ manifest: manifest as never, browser: target }),
      singleFileWorker({
        entry: 'src/background/index.ts',
        mode,
        // Firefox fetches API calls on a worker thread (src/background/upstream-fetch.ts).
        companions:
          target === 'firefox' ? { 'upstream-fetch-worker.js': 'src/background/upstream-fetch.worker.ts' } : {},
      }),
    ],
    build: {
      outDir: OUT_DIRS[target],
      emptyOutDir: true,
      target: 'es2022',
      // Both browsers Keyhole supports (Chrome 123+, Firefox 140+) preload modules natively: the polyfill Vite
      // would add to every page is dead weight (0.4 KB gzip on the popup's first paint).
      modulePreload: { polyfill: false },
      rollupOptions: {
        input: PAGE_INPUTS,
        output: {
          codeSplitting: {
            groups: panelChunkGroups({
              panel: PAGE_INPUTS.panel as string,
              popup: 'src/popup/index.html',
              pages: ['src/options/index.html', PAGE_INPUTS.sftpKit as string],
            }),
          },
        },
      },
    },
    server: { port: 5173, strictPort: true, hmr: { port: 5173 } },
  };
});

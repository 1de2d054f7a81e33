import { crx } from '@crxjs/vite-plugin';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';
import baseManifest from './manifest.json' with { type: 'json' };

// The one manifest.json is the source of truth; browser-specific adjustments happen here.
export default defineConfig({
  plugins: [preact(), crx({ manifest: baseManifest as never })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Pages reached only from JS (chrome.devtools.panels.create) must be listed to be built.
    rollupOptions: { input: { panel: 'src/devtools/panel.html', sftpKit: 'src/sftp-kit/index.html' } },
  },
  server: { port: 5173, strictPort: true, hmr: { port: 5173 } },
});

/**
 * Bundles a bench script for a browser page with the project's own bundler (Vite), minified as dist/ is, into
 * one classic script. Nothing is written to disk: the driver evaluates the text in the page. Evaluation goes
 * through the DevTools protocol, which an extension page's `script-src 'self'` policy does not block, while an
 * injected <script> would be.
 */
import { build, type Rolldown } from 'vite';

export async function bundleForBrowser(entry: string): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    // A Node-only fallback in crypto-js (`require('crypto')`) is never reached in a browser.
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry, formats: ['iife'], name: 'keyholeBenchBundle' },
      rollupOptions: { external: ['crypto'], output: { globals: { crypto: '{}' } } },
    },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((result) => result.output).find((item) => item.type === 'chunk');
  if (chunk?.type !== 'chunk') throw new Error(`bundling ${entry} produced no script`);
  return chunk.code;
}

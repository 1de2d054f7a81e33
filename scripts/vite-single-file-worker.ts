/**
 * Emits the background worker as one self-contained module instead of crxjs's loader plus shared chunks.
 *
 * Why: the worker shares modules with the pages (errors, guards, presets…), so the page build splits them into
 * chunks the worker must fetch one by one at every wake-up, each with its own import/export glue and its own
 * gzip dictionary. Measured on this code base, the chunked worker weighed 16.5 KB gzip against 13.9 KB as one
 * file — the difference is the whole headroom of the 15 KB budget — and a one-module worker starts faster.
 * The pages keep their shared chunks; only the loader file crxjs names in the manifest is replaced.
 *
 * It is a classic script (an IIFE, manifest without `"type": "module"`), not a module: Chromium compiles a classic
 * service worker script eagerly when it installs it and keeps that code cache, so every later wake loads compiled
 * code (≈ 1 ms) instead of parsing the whole file and then compiling each function the first call runs; a module
 * worker gets no code cache. Measured: 5–8 ms less per wake (bench/worker-wake.ts). The worker imports nothing at
 * run time (MV3 workers cannot `import()` anyway), so nothing needs module semantics but strict mode, kept below.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type OutputBundle, rolldown } from 'rolldown';
import type { Plugin } from 'vite';

const LOADER = 'service-worker-loader.js';

/**
 * `companions`: other classic scripts the background starts (file name in the build → entry), bundled the same
 * way (Firefox's upstream-fetch worker, src/background/upstream-fetch.ts).
 */
export function singleFileWorker(options: {
  entry: string;
  mode: string;
  companions?: Record<string, string>;
}): Plugin {
  return {
    name: 'keyhole:single-file-worker',
    apply: 'build',
    enforce: 'post',
    // The page build still bundles the worker entry as chunks (crxjs's loader imports them); the loader is replaced
    // by the single file below, so those chunks would ship unused (56 KB raw). Drop them before they are written.
    generateBundle(_output, bundle) {
      const dropped = dropChunkedWorker(bundle, resolve(options.entry));
      if (dropped.length === 0) this.error(`No chunk for ${options.entry}: did crxjs change how it builds the worker?`);
    },
    // crxjs writes its loader at the very end of the build, so the replacement happens on disk after it.
    async writeBundle(output) {
      const loaderPath = join(output.dir ?? 'dist', LOADER);
      if (!existsSync(loaderPath))
        this.error(`${LOADER} was not written: did the crxjs plugin change how it names the worker?`);
      const scripts: [string, string][] = [[LOADER, options.entry], ...Object.entries(options.companions ?? {})];
      for (const [fileName, entry] of scripts) {
        const code = await classicScript(entry, options.mode);
        if (code === undefined) this.error(`${entry} must bundle into exactly one file.`);
        await writeFile(join(output.dir ?? 'dist', fileName), code);
      }
      const manifestPath = join(output.dir ?? 'dist', 'manifest.json');
      const manifest = await readFile(manifestPath, 'utf8');
      const classic = asClassicWorker(manifest);
      if (!classic) this.error('The built manifest names no background worker: did crxjs change how it writes it?');
      await writeFile(manifestPath, classic);
    },
  };
}

/** `entry` bundled into one classic script (an IIFE), or undefined if it would not fit in one file. */
async function classicScript(entry: string, mode: string): Promise<string | undefined> {
  const build = await rolldown({
    input: entry,
    platform: 'browser',
    // The worker's only build-time switch: which browser this build is for (src/core/browser-target.ts).
    transform: { define: { 'import.meta.env.MODE': JSON.stringify(mode) } },
  });
  try {
    const { output: chunks } = await build.generate({
      format: 'iife',
      // A module is strict by nature; the classic script says so itself.
      intro: "'use strict';",
      minify: true,
      codeSplitting: false,
    });
    const [script] = chunks;
    return script && chunks.length === 1 ? script.code : undefined;
  } finally {
    await build.close();
  }
}

/**
 * The built manifest with the worker loaded as a classic script: crxjs always declares its loader a module
 * (`"type": "module"`). Answers undefined when the manifest has no background entry to adjust.
 */
export function asClassicWorker(manifestJson: string): string | undefined {
  const manifest = JSON.parse(manifestJson) as { background?: Record<string, unknown> };
  if (!manifest.background) return undefined;
  delete manifest.background.type;
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/**
 * Deletes the worker entry's chunk and every chunk reached only from it; chunks any other entry (page, dynamic
 * import) reaches stay. Returns the file names removed.
 */
export function dropChunkedWorker(bundle: OutputBundle, entryPath: string): string[] {
  const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
  const worker = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === entryPath);
  if (!worker) return [];
  const kept = new Set<string>();
  const visit = (fileName: string) => {
    if (kept.has(fileName)) return;
    kept.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type !== 'chunk') return;
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
  };
  for (const chunk of chunks) if (chunk !== worker && chunk.isEntry) visit(chunk.fileName);
  const dropped = chunks.filter((chunk) => !kept.has(chunk.fileName)).map((chunk) => chunk.fileName);
  for (const fileName of dropped) delete bundle[fileName];
  return dropped;
}

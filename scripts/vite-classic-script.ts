/**
 * Builds a TypeScript entry as a classic, self-contained script (an IIFE) and puts it in the page where the source
 * HTML names it with `<script data-classic src="./entry.ts"></script>`.
 *
 * Why: Vite turns every page script into a deferred module graph, which runs only once the whole graph is loaded.
 * The popup's first paint (src/popup/first-paint.ts) must run as the parser meets it, before those modules, so it
 * has to be a classic script; Manifest V3 forbids inline scripts, so it is a file of the extension like the others
 * (script-src 'self'). It shares source modules with the app but no chunk: it is bundled on its own, so it never
 * waits for, nor loads, the app's files.
 *
 * The development server gets no copy (the tag is dropped): the app paints everything itself there.
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';

const SOURCE_TAG = /<script\s+data-classic\s+src="([^"]+)"\s*><\/script>/g;
/**
 * What SOURCE_TAG becomes in the first pass: a comment, which Vite's HTML handling leaves alone (a script that is
 * not a module would be warned about); the second pass turns it into the script tag.
 */
const PLACEHOLDER = /<!--keyhole-classic-script (\S+)-->/;
/** The tags Vite injects in the head for the page's module graph. */
const MODULE_TAGS = /[ \t]*<(?:script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>\n?/g;

export function classicScripts(options: { mode: string }): Plugin[] {
  /** Source path → built file, filled while the HTML is transformed, emitted with the bundle. */
  const built = new Map<string, { fileName: string; code: string }>();
  let serving = false;

  async function bundle(entry: string): Promise<{ fileName: string; code: string }> {
    const build = await rolldown({
      input: entry,
      platform: 'browser',
      transform: { define: { 'import.meta.env.MODE': JSON.stringify(options.mode) } },
    });
    try {
      const { output } = await build.generate({ format: 'iife', minify: true, codeSplitting: false });
      const [script] = output;
      if (!script || output.length !== 1) throw new Error(`${entry} must bundle into exactly one file`);
      const hash = createHash('sha256').update(script.code).digest('base64url').slice(0, 8);
      const name = entry.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
      return { fileName: `assets/${name}-${hash}.js`, code: script.code };
    } finally {
      await build.close();
    }
  }

  const buildScripts: Plugin = {
    name: 'keyhole:classic-scripts',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    transformIndexHtml: {
      // Before Vite's own HTML handling, which would warn about (and skip) a script that is not a module.
      order: 'pre',
      async handler(html, context) {
        let result = html;
        for (const [tag, src] of [...html.matchAll(SOURCE_TAG)]) {
          if (serving) {
            result = result.replace(tag, '');
            continue;
          }
          const entry = resolve(context.filename, '..', src!);
          const script = built.get(entry) ?? (await bundle(entry));
          built.set(entry, script);
          result = result.replace(tag, `<!--keyhole-classic-script /${script.fileName}-->`);
        }
        return result;
      },
    },
    generateBundle() {
      for (const { fileName, code } of built.values()) this.emitFile({ type: 'asset', fileName, source: code });
    },
  };

  const handOver: Plugin = {
    name: 'keyhole:classic-scripts-hand-over',
    apply: 'build',
    // The classic script starts the page's module graph itself (src/popup/start-app.ts), so it decides when: at
    // once when it painted nothing, after the first frame when it did. Measured: left in the page, the module
    // graph's eight files are read and compiled while that frame waits, and the account was painted no sooner
    // than without a first paint. Vite's tags become the list the script reads, entry first.
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const placeholder = PLACEHOLDER.exec(html);
        if (!placeholder) return html;
        const tags = html.match(MODULE_TAGS) ?? [];
        const entry = tags.find((tag) => tag.includes('<script'))?.match(/src="([^"]+)"/)?.[1];
        if (!entry) throw new Error('a page with a classic script has no module entry to hand over');
        const preloads = tags.flatMap((tag) => tag.match(/rel="modulepreload"[^>]*href="([^"]+)"/)?.[1] ?? []);
        const modules = JSON.stringify([entry, ...preloads]).replaceAll('"', '&quot;');
        const script = `<script src="${placeholder[1]}" data-modules="${modules}"></script>`;
        return html.replace(MODULE_TAGS, '').replace(placeholder[0], script);
      },
    },
  };

  return [buildScripts, handOver];
}

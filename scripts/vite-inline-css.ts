/**
 * Puts a page's stylesheets into its HTML as <style> elements (`pages`: the built HTML files it applies to).
 *
 * Why: a page's first frame needs all of its initial CSS (Vite links it from the head, render-blocking), and each
 * linked file is one more read of the extension's package before anything can paint or any module can run (a
 * stylesheet still loading holds back the scripts after it). In the DevTools panel, which opens cold each time,
 * those reads sat on the path to its first frame beside the module graph's (issue 31). Styles of lazily loaded
 * views stay in their own files, linked when the view loads. MV3's page policy restricts scripts, not styles, so an
 * inline <style> is allowed in Chromium and Firefox.
 */
import type { Plugin } from 'vite';

const STYLESHEET = /[ \t]*<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">\n?/g;

/** The HTML with each linked stylesheet replaced by its text; `read` gives a built file's CSS (undefined: none). */
export function inlineStylesheetLinks(html: string, read: (fileName: string) => string | undefined): string {
  return html.replace(STYLESHEET, (tag, fileName: string) => {
    const css = read(fileName);
    if (css === undefined) throw new Error(`the page links ${fileName}, which is not in the bundle`);
    // Only "</style" could end the element early; CSS needs it nowhere (a string could, then the build says so).
    if (/<\/style/i.test(css)) throw new Error(`${fileName} holds "</style": it cannot be inlined`);
    const indent = /^[ \t]*/.exec(tag)?.[0] ?? '';
    // The link stays, disabled (never fetched, never applied), for Vite's preload helper: it skips a lazy chunk's
    // CSS when a stylesheet link to it is in the page, and would otherwise append this file again after the
    // inline rules once a view that needs it loads, reordering the cascade.
    return `${indent}<link rel="stylesheet" href="/${fileName}" disabled>\n${indent}<style>${css}</style>\n`;
  });
}

export function inlineStylesheets(options: { pages: readonly string[] }): Plugin {
  return {
    name: 'keyhole:inline-stylesheets',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle || !options.pages.includes(context.path.replace(/^\//, ''))) return html;
        return inlineStylesheetLinks(html, (fileName) => {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset') return undefined;
          return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
        });
      },
    },
  };
}

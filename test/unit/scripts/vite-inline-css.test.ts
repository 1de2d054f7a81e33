import { describe, expect, it } from 'vitest';
import { inlineStylesheetLinks } from '../../../scripts/vite-inline-css.ts';

const PAGE = [
  '<head>',
  '    <script type="module" crossorigin src="/assets/panel-1.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/dist-2.js">',
  '    <link rel="stylesheet" crossorigin href="/assets/theme-3.css">',
  '    <link rel="stylesheet" href="/assets/panel-4.css">',
  '  </head>',
].join('\n');

describe('inlineStylesheetLinks (the panel’s CSS in its HTML)', () => {
  it('replaces each stylesheet link with its CSS, in order, and leaves scripts and preloads as they were', () => {
    const css: Record<string, string> = { 'assets/theme-3.css': ':root{--a:1}', 'assets/panel-4.css': '.p{color:red}' };
    expect(inlineStylesheetLinks(PAGE, (name) => css[name])).toBe(
      [
        '<head>',
        '    <script type="module" crossorigin src="/assets/panel-1.js"></script>',
        '    <link rel="modulepreload" crossorigin href="/assets/dist-2.js">',
        '    <style data-from="assets/theme-3.css">:root{--a:1}</style>',
        '    <style data-from="assets/panel-4.css">.p{color:red}</style>',
        '  </head>',
      ].join('\n'),
    );
  });

  it('stops the build when a linked file is missing or would close the style element early', () => {
    expect(() => inlineStylesheetLinks(PAGE, () => undefined)).toThrow('assets/theme-3.css');
    expect(() => inlineStylesheetLinks(PAGE, () => '.x::after{content:"</style>"}')).toThrow('</style');
  });
});

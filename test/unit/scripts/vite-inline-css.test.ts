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
  it('puts each stylesheet’s CSS in its place, in order, beside a disabled link to it; scripts and preloads stay', () => {
    const css: Record<string, string> = { 'assets/theme-3.css': ':root{--a:1}', 'assets/panel-4.css': '.p{color:red}' };
    expect(inlineStylesheetLinks(PAGE, (name) => css[name])).toBe(
      [
        '<head>',
        '    <script type="module" crossorigin src="/assets/panel-1.js"></script>',
        '    <link rel="modulepreload" crossorigin href="/assets/dist-2.js">',
        '    <link rel="stylesheet" href="/assets/theme-3.css" disabled>',
        '    <style>:root{--a:1}</style>',
        '    <link rel="stylesheet" href="/assets/panel-4.css" disabled>',
        '    <style>.p{color:red}</style>',
        '  </head>',
      ].join('\n'),
    );
  });

  it('stops the build when a linked file is missing or would close the style element early', () => {
    expect(() => inlineStylesheetLinks(PAGE, () => undefined)).toThrow('assets/theme-3.css');
    expect(() => inlineStylesheetLinks(PAGE, () => '.x::after{content:"</style>"}')).toThrow('</style');
  });
});

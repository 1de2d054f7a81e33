// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readModules, startApp } from '../../../src/popup/start-app.ts';

const MODULES = ['/assets/index.html-a.js', '/assets/errors-b.js', '/assets/dist-c.js'];

let frames: FrameRequestCallback[] = [];
beforeEach(() => {
  frames = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  document.head.replaceChildren();
  document.body.replaceChildren();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const started = () => ({
  entry: [...document.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map((script) => script.src),
  preloads: [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  ),
});

describe('starting the popup app from its first-paint script', () => {
  it('at once when nothing was painted: the entry as a module script, the rest preloaded', () => {
    startApp(document, MODULES, false);
    expect(started().entry).toHaveLength(1);
    expect(started().entry[0]).toContain('/assets/index.html-a.js');
    expect(started().preloads).toEqual(['/assets/errors-b.js', '/assets/dist-c.js']);
  });

  it('after the first frame when the account was painted, once', () => {
    startApp(document, MODULES, true);
    expect(started().entry).toHaveLength(0);
    expect(frames).toHaveLength(1);
    frames[0]!(0);
    expect(started().entry).toHaveLength(0); // the frame is being made: its paint comes first
    vi.advanceTimersByTime(0);
    expect(started().entry).toHaveLength(1);
    vi.advanceTimersByTime(200);
    expect(started().entry).toHaveLength(1);
  });

  it('without waiting for a frame that does not come (a late one, or a hidden page)', () => {
    startApp(document, MODULES, true);
    vi.advanceTimersByTime(100);
    expect(started().entry).toHaveLength(1);

    document.body.replaceChildren();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    startApp(document, MODULES, true);
    expect(started().entry).toHaveLength(1);
  });

  it('reads the list the build wrote, and nothing from a broken one', () => {
    const script = document.createElement('script');
    script.dataset.modules = JSON.stringify(MODULES);
    expect(readModules(script)).toEqual(MODULES);
    script.dataset.modules = '{not json';
    expect(readModules(script)).toEqual([]);
    script.dataset.modules = JSON.stringify([1, '/assets/x.js']);
    expect(readModules(script)).toEqual(['/assets/x.js']);
    expect(readModules(null)).toEqual([]);
  });
});

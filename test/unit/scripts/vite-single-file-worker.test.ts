import { describe, expect, it } from 'vitest';
import { asClassicWorker } from '../../../scripts/vite-single-file-worker.ts';

describe('asClassicWorker (the built manifest, after crxjs declared its loader a module)', () => {
  it('drops the module type of a Chrome service worker and keeps everything else as it was', () => {
    const built = { name: 'Keyhole', background: { service_worker: 'service-worker-loader.js', type: 'module' } };
    expect(JSON.parse(asClassicWorker(JSON.stringify(built))!)).toEqual({
      name: 'Keyhole',
      background: { service_worker: 'service-worker-loader.js' },
    });
  });

  it('does the same for Firefox’s event page scripts', () => {
    const built = { background: { scripts: ['service-worker-loader.js'], type: 'module' } };
    expect(JSON.parse(asClassicWorker(JSON.stringify(built))!)).toEqual({
      background: { scripts: ['service-worker-loader.js'] },
    });
  });

  it('answers nothing for a manifest without a background, so the build stops instead of shipping no worker', () => {
    expect(asClassicWorker(JSON.stringify({ name: 'Keyhole' }))).toBeUndefined();
  });
});

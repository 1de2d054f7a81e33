import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { changelogForRelease, nextVersion, withoutKey, withVersion } from '../../../scripts/release-version.ts';

describe('nextVersion', () => {
  it('bumps major, minor or patch, or takes a later version as given', () => {
    expect(nextVersion('0.1.0', 'patch')).toBe('0.1.1');
    expect(nextVersion('0.1.9', 'minor')).toBe('0.2.0');
    expect(nextVersion('0.9.3', 'major')).toBe('1.0.0');
    expect(nextVersion('0.1.0', '0.10.0')).toBe('0.10.0');
    expect(() => nextVersion('0.2.0', '0.1.5')).toThrow('not after');
    expect(() => nextVersion('0.1.0', '')).toThrow('major, minor, patch');
    expect(() => nextVersion('0.1.0', '1.0.0-beta')).toThrow('major, minor, patch');
  });
});

describe('withVersion', () => {
  it('changes only the version lines of the real package.json, package-lock.json and manifest.json', async () => {
    for (const file of ['package.json', 'package-lock.json', 'manifest.json']) {
      const text = await readFile(file, 'utf8');
      const next = withVersion(text, '7.8.9');
      const changed = next.split('\n').filter((line, index) => line !== text.split('\n')[index]);
      expect(changed.length).toBe(file === 'package-lock.json' ? 2 : 1);
      expect(changed.every((line) => line.includes('"version": "7.8.9"'))).toBe(true);
      // A dependency's own version is not the package's.
      if (file === 'package-lock.json')
        expect(JSON.parse(next).packages['node_modules/preact'].version).toBe(
          JSON.parse(text).packages['node_modules/preact'].version,
        );
    }
  });
});

describe('changelogForRelease', () => {
  const log = '# Changelog\n\n## Unreleased\n\n- Export all.\n\n## 0.1.0 — 2026-11-27\n\n- First.\n';
  it('turns Unreleased into the release and opens a new Unreleased', () => {
    expect(changelogForRelease(log, '0.2.0', '2026-12-01')).toBe(
      '# Changelog\n\n## Unreleased\n\n## 0.2.0 — 2026-12-01\n\n- Export all.\n\n## 0.1.0 — 2026-11-27\n\n- First.\n',
    );
  });
  it('refuses an empty Unreleased section or a version already released', () => {
    expect(() => changelogForRelease('## Unreleased\n\n## 0.1.0\n', '0.2.0', 'd')).toThrow('empty');
    expect(() => changelogForRelease(log, '0.1.0', 'd')).toThrow('already has');
  });
});

describe('withoutKey', () => {
  it('drops the key the Chrome Web Store refuses and keeps everything else', async () => {
    const source = JSON.parse(await readFile('manifest.json', 'utf8'));
    const store = JSON.parse(withoutKey(JSON.stringify(source)));
    expect(store.key).toBeUndefined();
    expect(source.key).toBeTypeOf('string');
    const { key: _key, ...rest } = source;
    expect(store).toEqual(rest);
  });
});

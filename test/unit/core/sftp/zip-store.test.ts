import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { crc32, zipStore } from '../../../../src/core/sftp/zip-store.ts';

describe('zipStore', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('makes an archive another implementation reads back, UTF-8 names and contents included', () => {
    const files = [
      { name: 'mise.toml', text: '[tasks.run]\nrun = "sftpgo serve"\n' },
      { name: 'docs/lisez-moi.md', text: 'Clé d’hôte ✓\n' },
    ];
    const read = unzipSync(zipStore(files, new Date(2026, 10, 24, 8, 30)));
    expect(Object.keys(read)).toEqual(['mise.toml', 'docs/lisez-moi.md']);
    expect(new TextDecoder().decode(read['docs/lisez-moi.md'])).toBe('Clé d’hôte ✓\n');
    expect(new TextDecoder().decode(read['mise.toml'])).toBe(files[0]!.text);
  });
});

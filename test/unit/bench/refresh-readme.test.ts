import { describe, expect, it } from 'vitest';
import { extractTable, replaceTable, TABLE_END, TABLE_START } from '../../../bench/refresh-readme.ts';

const LATEST = [
  '# Keyhole benchmarks',
  '',
  'Latest run: 2026-11-24T07:00:00.000Z, 120 s. Machine: Linux, 2 × CPU, load average 0.3 → 0.5.',
  '',
  'Produced by `npm run bench`.',
  '',
  '| Figure | Ours | Anchor | Ratio | Target | Met? |',
  '| --- | ---: | ---: | ---: | ---: | ---: |',
  '| Popup: warm | 3.0 ms | 9.0 ms (blank) | 3.00× | ≤ 8 ms | yes |',
  '',
  '## Notes',
  '',
  '- **Popup: warm** — median of 10',
].join('\n');

describe('refreshing the README bench table', () => {
  it('takes the run line (with its load average) and the table, nothing after it', () => {
    const table = extractTable(LATEST);
    expect(table.split('\n')[0]).toContain('load average 0.3 → 0.5');
    expect(table).toContain('| Popup: warm | 3.0 ms |');
    expect(table).not.toContain('Notes');
  });

  it('replaces only what is between the markers, and fails loudly without them', () => {
    const readme = `# Title\n\nBefore.\n\n${TABLE_START}\n\nold table\n\n${TABLE_END}\n\nAfter.\n`;
    const refreshed = replaceTable(readme, extractTable(LATEST));
    expect(refreshed).not.toContain('old table');
    expect(refreshed.startsWith('# Title\n\nBefore.\n\n')).toBe(true);
    expect(refreshed.endsWith(`${TABLE_END}\n\nAfter.\n`)).toBe(true);
    expect(replaceTable(refreshed, extractTable(LATEST))).toBe(refreshed);
    expect(() => replaceTable('# no markers', 'x')).toThrow(/markers/);
  });
});

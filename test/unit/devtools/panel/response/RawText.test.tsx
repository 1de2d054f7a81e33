// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { chunkedText } from '../../../../../src/core/workbench/chunked-text.ts';
import { RawText } from '../../../../../src/devtools/panel/response/RawText.tsx';
import { mount, text, unmountAll } from '../../../support/dom.ts';

afterEach(unmountAll);

describe('RawText of a large text in pieces', () => {
  it('says it is cutting the text into lines, then shows its rows across the pieces', async () => {
    // 2.4 M characters in 3 pieces, a line cut by each piece's end: cut into rows in slices, not at once.
    const line = (index: number) => `line ${String(index).padStart(6, '0')} ${'x'.repeat(80)}\n`;
    const whole = Array.from({ length: 26_000 }, (_, index) => line(index + 1)).join('');
    const third = Math.floor(whole.length / 3) + 7;
    const body = chunkedText([whole.slice(0, third), whole.slice(third, 2 * third), whole.slice(2 * third)]);
    const { root: view } = mount(<RawText text={body} label="Response body, raw" />);
    expect(text(view.querySelector('[role="status"]'))).toMatch(/^Cutting the text into lines… \d+%$/);
    await expect.poll(() => view.querySelector('[role="status"]'), { timeout: 10_000 }).toBeNull();
    const rows = [...view.querySelectorAll('.kh-raw-text')].map((row) => text(row));
    expect(rows[0]).toBe(line(1).trimEnd());
    expect(rows[1]).toBe(line(2).trimEnd());
    expect(view.querySelector('[role="region"]')?.getAttribute('aria-label')).toBe('Response body, raw');
  });
});

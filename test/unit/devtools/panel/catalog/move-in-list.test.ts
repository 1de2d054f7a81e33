import { describe, expect, it } from 'vitest';
import { moveInList } from '../../../../../src/devtools/panel/catalog/move-in-list.ts';

describe('moveInList', () => {
  it('moves with the arrows, stops at the end, and leaves upwards to the search', () => {
    expect(moveInList(3, 0, 'ArrowDown')).toBe(1);
    expect(moveInList(3, 2, 'ArrowDown')).toBe(2);
    expect(moveInList(3, 1, 'ArrowUp')).toBe(0);
    expect(moveInList(3, 0, 'ArrowUp')).toBe(-1);
    expect(moveInList(3, 1, 'Home')).toBe(0);
    expect(moveInList(3, 0, 'End')).toBe(2);
  });

  it('ignores other keys and focus outside the items', () => {
    expect(moveInList(3, 1, 'Enter')).toBeUndefined();
    expect(moveInList(3, -1, 'ArrowDown')).toBeUndefined();
  });
});

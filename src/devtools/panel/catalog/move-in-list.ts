/**
 * Where an arrow key moves focus in a list of `count` items from `index`: the next or previous item, the first
 * or last (Home, End), or -1 for "back to the search box above" (ArrowUp on the first). Undefined for other keys
 * or a focus outside the items.
 */
export function moveInList(count: number, index: number, key: string): number | undefined {
  if (index < 0 || count === 0) return undefined;
  switch (key) {
    case 'ArrowDown':
      return Math.min(count - 1, index + 1);
    case 'ArrowUp':
      return index - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}

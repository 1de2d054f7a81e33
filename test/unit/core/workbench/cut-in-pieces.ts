/** A text cut at pseudo-random places (some pieces empty), reproducibly. */
export function cutInPieces(text: string, seed: number, maxPiece = 7): string[] {
  const pieces: string[] = [];
  let state = seed;
  for (let at = 0; at <= text.length; ) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const size = state % (maxPiece + 1);
    pieces.push(text.slice(at, at + size));
    at += Math.max(size, 1);
    if (size === 0) pieces.push(text.slice(at - 1, at));
  }
  return pieces;
}

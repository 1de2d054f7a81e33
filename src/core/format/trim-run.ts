/**
 * Trims a run of characters from one end of a text in one pass. `/[…]+$/` looks like the same thing, but a
 * regular expression engine tries it from every position of a long run that is not at the end (`////…/x`) and
 * scans to the run's end each time: quadratic on text an import or a server supplies. These loops look at each
 * character once.
 */
export function trimEndWhile(text: string, drop: (char: string) => boolean): string {
  let end = text.length;
  while (end > 0 && drop(text[end - 1] as string)) end -= 1;
  return end === text.length ? text : text.slice(0, end);
}

export function trimStartWhile(text: string, drop: (char: string) => boolean): string {
  let start = 0;
  while (start < text.length && drop(text[start] as string)) start += 1;
  return start === 0 ? text : text.slice(start);
}

/** `path/to///` → `path/to`. */
export const trimTrailingSlashes = (text: string): string => trimEndWhile(text, (char) => char === '/');

/**
 * `test`, `match`, `capture`, `sub`, `scan` and `split/2` run JavaScript's backtracking regex engine on the panel's
 * thread, and a regex cannot be stopped once started. A repetition of something that itself repeats (`(a+)+`,
 * `(\w+\s?)*`, `(?:x*y?)*`) tries exponentially many ways to split a text that almost matches: 30 characters take
 * minutes. Such patterns come from hostile places too (a collection file's checks run on every response), so they
 * are refused before running; the same pattern without the nested repetition (`a+`, `[\w\s]*`) matches the same
 * texts. The work limit in evaluate.ts cannot help here: it is counted between steps, and a regex is one step.
 */

/** Whether the text at `at` starts a quantifier that may repeat more than once: `*`, `+`, `{n,}`, `{n,m}` with m > 1. */
function repeatsAt(source: string, at: number): boolean {
  const char = source[at];
  if (char === '*' || char === '+') return true;
  if (char !== '{') return false;
  const bounds = /^\{(\d*)(,(\d*))?\}/.exec(source.slice(at));
  if (!bounds) return false;
  if (bounds[2] === undefined) return Number(bounds[1]) > 1;
  return bounds[3] === '' || Number(bounds[3]) > 1;
}

/** The offset of a group that repeats and holds a repetition, or undefined when there is none. */
export function nestedRepetitionAt(source: string): number | undefined {
  // Per open group: where it starts and whether something inside it repeats.
  const groups: { start: number; repeats: boolean }[] = [];
  let inClass = false;
  for (let at = 0; at < source.length; at += 1) {
    const char = source[at];
    if (char === '\\') {
      at += 1;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    if (char === '[') inClass = true;
    else if (char === '(') groups.push({ start: at, repeats: false });
    else if (char === ')') {
      const group = groups.pop();
      if (!group) continue;
      const outer = groups[groups.length - 1];
      if (repeatsAt(source, at + 1)) {
        if (group.repeats) return group.start;
        if (outer) outer.repeats = true;
      } else if (group.repeats && outer) outer.repeats = true;
    } else if (repeatsAt(source, at) && groups.length > 0) {
      // `(?<name>` / `(?:` / `(?=` are group openers, not quantifiers; `*` and `+` after `(` cannot be either.
      groups[groups.length - 1]!.repeats = true;
    }
  }
  return undefined;
}

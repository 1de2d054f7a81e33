/**
 * A path segment's parameters (RFC 3986 §3.3, matrix parameters: `/v2/self;access_token=…/x`), read the way a
 * server may read them: their `;` and `=` typed or percent-encoded, once or more (servers differ in what they
 * decode before splitting, and the worker's path guard reads a path decoded several times over), and their names
 * decoded likewise.
 */

const SEPARATOR = /(;|%(?:25)*3b)/i;
const EQUALS = /=|%(?:25)*3d/i;
const ESCAPE_RUN = /(?:%[0-9A-Fa-f]{2})+/g;

/** A name decoded as many times as it is encoded (bounded); an escape that is not UTF-8 stays as is. */
function decodedName(name: string): string {
  let current = name;
  for (let round = 0; round < 8; round += 1) {
    const next = current.replace(ESCAPE_RUN, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        // Not UTF-8 as a whole: its ASCII escapes are still read (`%FF%5F` is `%FF_`).
        return run.replace(/%[0-7][0-9A-Fa-f]/g, (byte) => decodeURIComponent(byte));
      }
    });
    if (next === current) break;
    current = next;
  }
  return current;
}

/**
 * Rewrites the value of each `name=value` parameter of each path segment with `replace(decoded name, raw value)`;
 * the rest of the path (the text before a segment's first `;`, separators, names, a parameter without `=`) is
 * kept as written.
 */
export function mapSegmentParams(path: string, replace: (name: string, value: string) => string): string {
  if (!SEPARATOR.test(path)) return path;
  const mapSegment = (segment: string) => {
    // [text before the first parameter, separator, parameter, separator, parameter, …]
    const parts = segment.split(SEPARATOR);
    for (let index = 2; index < parts.length; index += 2) {
      const param = parts[index] as string;
      const equals = EQUALS.exec(param);
      if (!equals) continue;
      const valueStart = equals.index + equals[0].length;
      const name = decodedName(param.slice(0, equals.index));
      parts[index] = `${param.slice(0, valueStart)}${replace(name, param.slice(valueStart))}`;
    }
    return parts.join('');
  };
  return path.split('/').map(mapSegment).join('/');
}

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

export interface SegmentParam {
  /** Decoded. */
  name: string;
  /**
   * As written, up to the next `;` typed as is (or the segment's end): a server that splits on a typed `;` only
   * reads an encoded one (`%3B`) as part of the value, so this widest reading is the one to mask. Read on demand.
   */
  readonly value: string;
}

/**
 * Each `name=value` parameter of each path segment, in order; `replace` may give a replacement, which then stands
 * for the whole `value` (encoded separators in it included: the parameters they start are not visited). The rest
 * of the path (the text before a segment's first separator, separators, names, a parameter without `=`) is kept
 * as written. Linear in the path's length, however hostile.
 */
export function mapSegmentParams(path: string, replace: (param: SegmentParam) => string | undefined): string {
  if (!SEPARATOR.test(path)) return path;
  const mapSegment = (segment: string) => {
    // [text before the first parameter, separator, parameter, separator, parameter, …]
    const parts = segment.split(SEPARATOR);
    // Where each part's value ends: the next separator typed as `;`, or the end. One pass from the right.
    const valueEnd = new Array<number>(parts.length);
    for (let index = parts.length - 1, next = parts.length; index >= 0; index -= 1) {
      valueEnd[index] = next;
      if (parts[index] === ';') next = index;
    }
    const out = [parts[0] as string];
    let index = 1;
    while (index < parts.length) {
      const param = parts[index + 1] as string;
      out.push(parts[index] as string);
      const equals = EQUALS.exec(param);
      const end = valueEnd[index + 1] as number;
      const valueStart = equals ? equals.index + equals[0].length : 0;
      const rest = index + 2;
      const replacement =
        equals &&
        replace({
          name: decodedName(param.slice(0, equals.index)),
          get value() {
            return [param.slice(valueStart), ...parts.slice(rest, end)].join('');
          },
        });
      if (typeof replacement === 'string') {
        out.push(`${param.slice(0, valueStart)}${replacement}`);
        index = end;
      } else {
        out.push(param);
        index += 2;
      }
    }
    return out.join('');
  };
  return path.split('/').map(mapSegment).join('/');
}

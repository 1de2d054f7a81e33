/**
 * A URL pasted into the composer's path field (or read from an imported command) becomes target, path and query
 * of the draft. Requests only ever go to the active profile's addresses, so a URL of another host is retargeted:
 * that must be said, not done silently. A pasted query replaces the rows there were: appending gave `?x=1&x=2&x=1`.
 */
import { type ProfileOrigins, type SplitUrl, splitRequestUrl } from '../http/request-url.ts';
import type { RequestTarget } from '../protocol.ts';
import type { KeyValueRow } from './request-draft.ts';

/** What a URL's origin means for where the request goes; undefined when it goes where the URL says. */
export function describeRetarget(
  split: SplitUrl,
  origins: ProfileOrigins | undefined,
  what: string,
): string | undefined {
  if (split.origin === '') return undefined;
  if (split.target === undefined)
    return `${what} was for ${split.origin}, which is neither your profile's API nor its bridge: the path was kept and will go to your API${origins ? ` (${origins.apiBaseUrl})` : ''}.`;
  if (!origins) return undefined;
  const base = split.target === 'api' ? origins.apiBaseUrl : origins.bridgeUrl;
  let profileOrigin = '';
  try {
    profileOrigin = new URL(base).origin;
  } catch {
    return undefined;
  }
  if (profileOrigin === split.origin) return undefined;
  return `${what} was for ${split.origin}; it will go to your profile's ${split.target === 'api' ? 'API' : 'bridge'}, ${base}: Keyhole sends requests only to the active profile's addresses.`;
}

export interface PastedUrl {
  target: RequestTarget;
  path: string;
  /** The pasted query's rows; undefined when the paste had no query (the rows there were stay). */
  query?: KeyValueRow[];
  notices: string[];
}

/**
 * Reads a pasted absolute URL or a path with `?query`. Returns undefined for input that is neither (a path being
 * typed), or that does not parse.
 */
export function readPastedUrl(
  input: string,
  current: { target: RequestTarget; query: readonly KeyValueRow[] },
  origins?: ProfileOrigins,
): PastedUrl | undefined {
  const isUrl = /^https?:\/\//i.test(input);
  if (!isUrl && !input.includes('?')) return undefined;
  let split: SplitUrl;
  try {
    split = splitRequestUrl(input, origins);
  } catch {
    return undefined;
  }
  const notices: string[] = [];
  const retarget = describeRetarget(split, origins, 'The pasted URL');
  if (retarget) notices.push(retarget);
  const target = split.target ?? (split.origin === '' ? current.target : 'api');
  if (target !== current.target)
    notices.push(`The target is now ${target === 'api' ? 'API' : 'Bridge'}, where the pasted URL points.`);
  // Keep literal {placeholders} that URL parsing percent-encoded.
  const path = split.path.replace(/%7B/gi, '{').replace(/%7D/gi, '}');
  const hadQuery = /\?./.test(input);
  if (!hadQuery) return { target, path, notices };
  const query = split.query.map(([name, value]) => ({ name, value, enabled: true }));
  const replaced = current.query.filter((row) => row.name.trim() !== '');
  if (replaced.length > 0 && !sameRows(replaced, query))
    notices.push(
      `The pasted query replaced the ${replaced.length === 1 ? 'query parameter' : `${replaced.length} query parameters`} there ${replaced.length === 1 ? 'was' : 'were'} (${replaced.map((row) => row.name).join(', ')}).`,
    );
  return { target, path, query, notices };
}

function sameRows(a: readonly KeyValueRow[], b: readonly KeyValueRow[]): boolean {
  return (
    a.length === b.length &&
    a.every((row, index) => row.name === b[index]?.name && row.value === b[index]?.value && row.enabled)
  );
}

import type { KeyValueRow } from '../request-draft.ts';

/**
 * URLs as other tools store them: `{{baseUrl}}/organisations/:id`, `https://host/v2/self?x=1`, `host.tld/path`.
 * Keyhole sends every request to the profile's API or bridge, so the host goes; but the path a base URL carries
 * (`{{baseUrl}}` = `https://api.clever-cloud.com/v2`) is part of the request's path and is kept in front of it.
 * Postman's, Insomnia's and Bruno's `{{name}}` become Keyhole's `{name}`; `:name` path variables become `{name}`.
 */

/** `{{name}}` (also Insomnia's `{{ _.name }}`) → `{name}`; dynamic values (`{{$guid}}`) and tags stay as typed. */
export function convertBraceVariables(text: string): string {
  return text.replace(/\{\{\s*(?:_\.)?([A-Za-z_][\w-]*)\s*\}\}/g, '{$1}');
}

/** `:name` path segments → `{name}`. */
export function convertColonParams(path: string): string {
  return path.replace(/(^|\/):([A-Za-z_][\w-]*)(?=\/|$)/g, '$1{$2}');
}

export interface SplitImportedUrl {
  path: string;
  query: KeyValueRow[];
  /** The host as written: an origin, a `{{variable}}`'s value, or '' when the URL had none. */
  host: string;
}

const SCHEME_HOST = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/**
 * The path a base URL carries, without its trailing slash: `https://h/v2/` → `/v2`; '' when it has none or is not
 * a URL.
 */
export function basePathOf(base: string): { origin: string; path: string } {
  const trimmed = base.trim();
  const origin = SCHEME_HOST.exec(trimmed)?.[0];
  if (origin) {
    const rest = trimmed.slice(origin.length).split(/[?#]/)[0] ?? '';
    return { origin, path: rest.replace(/\/+$/, '') };
  }
  return { origin: '', path: '' };
}

/**
 * Splits the host off, in one pass per step (a single regex over `^\s*(…|[^/?#{]*\.…)` backtracked over every split
 * of a long run of spaces: 80 KB froze the panel 8 s). Returns the host token and the rest.
 */
export function splitHost(raw: string): { host: string; rest: string } {
  const start = raw.length - raw.trimStart().length;
  const rest = raw.slice(start);
  const host = /^\{\{[^}]*\}\}/.exec(rest) ?? SCHEME_HOST.exec(rest);
  if (host) return { host: host[0], rest: rest.slice(host[0].length) };
  const end = rest.search(/[/?#]/);
  const segment = end < 0 ? rest : rest.slice(0, end);
  const brace = segment.indexOf('{');
  return (brace < 0 ? segment : segment.slice(0, brace)).includes('.')
    ? { host: segment, rest: rest.slice(segment.length) }
    : { host: '', rest: raw };
}

/** The name a `{{ name }}` / `{{ _.name }}` host token holds, if it is one. */
export function hostVariableName(host: string): string | undefined {
  return /^\{\{\s*(?:_\.)?([A-Za-z_][\w-]*)\s*\}\}$/.exec(host)?.[1];
}

/**
 * Resolves a host token against the collection's own variables: a `{{baseUrl}}` whose value is a URL gives its
 * origin (shown in the notice) and the path to keep in front.
 */
export function resolveHost(host: string, variables: ReadonlyMap<string, string>): { origin: string; prefix: string } {
  const name = hostVariableName(host);
  if (name !== undefined) {
    const value = variables.get(name);
    if (value === undefined) return { origin: host, prefix: '' };
    const { origin, path } = basePathOf(value);
    return { origin: origin || value, prefix: path };
  }
  return { origin: host, prefix: '' };
}

/** Query pairs as written (`a=1&b`), each converted; no decoding, as the tools send them. */
function queryRows(text: string): KeyValueRow[] {
  if (text === '') return [];
  return text.split('&').map((pair) => {
    const equals = pair.indexOf('=');
    const name = equals < 0 ? pair : pair.slice(0, equals);
    const value = equals < 0 ? '' : pair.slice(equals + 1);
    return { name: convertBraceVariables(name), value: convertBraceVariables(value), enabled: true };
  });
}

/** A raw URL → path (base path kept, variables converted), query rows, and the host it named. */
export function splitImportedUrl(raw: string, variables: ReadonlyMap<string, string>): SplitImportedUrl {
  const { host, rest } = splitHost(raw);
  const { origin, prefix } = resolveHost(host, variables);
  const hash = rest.indexOf('#');
  const withoutHash = hash < 0 ? rest : rest.slice(0, hash);
  const question = withoutHash.indexOf('?');
  const pathPart = question < 0 ? withoutHash : withoutHash.slice(0, question);
  const queryPart = question < 0 ? '' : withoutHash.slice(question + 1);
  return { path: joinPath(prefix, pathPart), query: queryRows(queryPart), host: origin };
}

/**
 * `prefix` + `path`, with one slash between, variables converted. A path that names its own API version keeps it
 * alone: the platform's OpenAPI has `https://…/v2` as its server and `/v4/networkgroups/…` among its paths, which
 * the platform serves at `/v4/networkgroups/…` (the catalog has it there), not under `/v2/v4/`.
 */
export function joinPath(prefix: string, path: string): string {
  const tail = path.startsWith('/') ? path : `/${path}`;
  const ownVersion = /^\/v\d+$/.test(prefix.slice(prefix.lastIndexOf('/'))) && /^\/v\d+(\/|$)/.test(tail);
  const joined = ownVersion ? tail : prefix && tail === '/' ? prefix : `${prefix}${tail}`;
  return convertColonParams(convertBraceVariables(joined));
}

/** Values other tools' generators write where a value goes (openapi-to-postman's `<string>`): not a value. */
export function isTypePlaceholder(value: string): boolean {
  return /^<[a-zA-Z-]+>$/.test(value.trim());
}

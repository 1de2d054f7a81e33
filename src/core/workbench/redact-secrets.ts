import { dataRecord } from '../data-record.ts';
import { PLACEHOLDER, placeholderName } from './path-template.ts';
import { mapSegmentParams, type SegmentParam } from './segment-params.ts';

/**
 * Keeps secrets out of what Keyhole stores or exports (history, HAR, the saved composer draft): credential
 * headers go, and values under secret-looking names (passwords, consumer and token secrets, API token values,
 * MFA codes) are replaced by a mask in JSON, form and query data. What the user sees live is not touched.
 */

export const REDACTED = '[redacted by Keyhole]';

const SENSITIVE_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'set-cookie2',
  'x-api-key',
  'x-auth-token',
  'x-sftpgo-otp',
]);

export function isSensitiveHeader(name: string): boolean {
  return SENSITIVE_HEADERS.has(name.trim().toLowerCase());
}

export function stripSensitiveHeaders(headers: readonly [string, string][]): [string, string][] {
  return headers.filter(([name]) => !isSensitiveHeader(name));
}

/**
 * Names whose values are secrets. `oauth_token` alone is not (it is useless without its secret) and helps
 * debugging, so it stays; `apiToken` is the bridge's one-time token value; `access_secret` is SFTPGo's.
 */
// A number after the name is the same secret again (`pass2`, the platform's password confirmation).
const SECRET_NAME =
  /^(password|passwd|pass|new_?password|old_?password|secret|client_?secret|consumer_?secret|token_?secret|oauth_token_secret|oauth_signature|api_?token|access_?token|refresh_?token|mfa_?code|otp|totp|access_secret|secret_?key|private_?key)\d*$/i;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name.trim());
}

function redactValue(value: unknown): unknown {
  if (typeof value === 'string' || typeof value === 'number') return REDACTED;
  if (Array.isArray(value)) return value.map(redactValue);
  if (value !== null && typeof value === 'object') {
    const out = dataRecord<unknown>();
    for (const [key, child] of Object.entries(value)) out[key] = redactValue(child);
    return out;
  }
  return value;
}

/**
 * The looser test for what a user typed in the composer's draft (kept across sessions, so it must hold no
 * secret): any name with a secret word in it, in any case or separator style (`X-Api-Key`, `clientSecret`,
 * `db-password`, `Auth`), unless it names something about a secret rather than the secret (`apiTokenId`,
 * `token_type`). `oauth_token` stays, as for history: it is useless without its secret.
 */
export function looksSecretName(name: string): boolean {
  if (isSecretName(name) || isSensitiveHeader(name)) return true;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  // `pass2`, `token1`: a number after the name does not change what it names (`auth0_domain` stays a domain).
  if (words.length > 0) words[words.length - 1] = (words[words.length - 1] as string).replace(/(?<=[a-z])\d+$/, '');
  const last = words[words.length - 1];
  if (!last || NOT_SECRET_LAST_WORDS.has(last)) return false;
  const joined = words.join('_');
  if (joined === 'oauth_token') return false;
  return words.some((word) => SECRET_WORDS.has(word)) || /(^|_)(api|private|secret)_?key(_|$)/.test(joined);
}

const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'pwd',
  'pass',
  'passphrase',
  'secret',
  'token',
  'apikey',
  'auth',
  'authorization',
  'credential',
  'credentials',
  'cookie',
  'otp',
  'totp',
  'mfa',
  'signature',
]);
const NOT_SECRET_LAST_WORDS = new Set([
  'id',
  'ids',
  'type',
  'name',
  'url',
  'uri',
  'date',
  'expiration',
  'hint',
  // `oauth_signature_method` (HMAC-SHA512), `passwordPolicy`: about a secret, not one.
  'method',
  'policy',
]);

/**
 * Whether history masks a query, header or form value: under a name the draft holds as secret (`api_key`,
 * `X-Db-Password`), or carrying its own scheme (`Bearer …`) under any name, as the draft's rows are masked.
 */
export function isHiddenPair(name: string, value: string): boolean {
  return value !== '' && (looksSecretName(name) || looksLikeCredentialValue(value));
}

/**
 * The credential of a text that is a scheme and a token (`Bearer eyJ…`), the token 8 characters or more with a digit
 * or a symbol in it; else undefined. Stricter than looksLikeCredentialValue, for text that is not a field's value:
 * a path segment (a tag `basic tier` is not one) or the token alone in what a server echoes (`Token application`).
 */
export function credentialOf(value: string): string | undefined {
  const token = /^\s*(?:bearer|basic|digest|oauth|token|apikey)\s+(\S{8,})\s*$/i.exec(value)?.[1];
  return token && /[\d._~+/=-]/.test(token) ? token : undefined;
}

/** A value that carries its own credential scheme (`Bearer …`, `Basic …`), whatever the field is called. */
export function looksLikeCredentialValue(value: string): boolean {
  return /^\s*(bearer|basic|digest|oauth|token|apikey)\s+\S/i.test(value);
}

/**
 * Whether a variable's value is a secret, stored masked (variable-storage.ts) and kept only by the view it was
 * typed in: a secret-looking name, or a `Bearer …`-like value under any name.
 */
export function isSecretVariable(row: { name: string; value: string }): boolean {
  return looksSecretName(row.name) || looksLikeCredentialValue(row.value);
}

/** Whether a value is the mask (as is, or percent-encoded in a form body). */
export function isRedacted(value: string): boolean {
  return value.includes(REDACTED) || value.includes(encodeURIComponent(REDACTED));
}

/** Returns the value with every property under a secret name masked (deeply), and whether anything changed. */
export function redactJsonValue(
  value: unknown,
  isSecret: (name: string) => boolean = isSecretName,
): { value: unknown; changed: boolean } {
  let changed = false;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const out = dataRecord<unknown>();
    for (const [key, child] of Object.entries(node)) {
      const secret = isSecret(key) && child !== null && child !== '' && typeof child !== 'boolean';
      if (secret) changed = true;
      // Defined, not assigned: a key named "__proto__" stays a key of the body (assigning it set the prototype).
      Object.defineProperty(out, key, {
        value: secret ? redactValue(child) : walk(child),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  };
  const result = walk(value);
  return { value: changed ? result : value, changed };
}

/** Masks secret-named pairs; keeps everything else as given. */
export function redactPairs(
  pairs: readonly [string, string][],
  isSecret: (name: string) => boolean = isSecretName,
): [string, string][] {
  return pairs.map(([name, value]) => [name, isSecret(name) && value !== '' ? REDACTED : value]);
}

// A JSON string read from its opening quote; one never closed runs to the end, so no later search starts inside it.
const JSON_STRING = /"((?:[^"\\]|\\[\s\S])*)("?)/g;

/**
 * Masks `"name": "value"` pairs in JSON text that may be cut short (a capped body does not parse). Strings are
 * read left to right, each once: a single pair pattern searched from every quote re-read the same escaped quotes
 * again and again (`"\"\"\"…` was quadratic).
 */
function maskJsonPairs(text: string, isSecret: (name: string) => boolean): string {
  let out = '';
  let copied = 0;
  let key: { name: string; end: number } | undefined;
  for (const match of text.matchAll(JSON_STRING)) {
    const start = match.index;
    const closed = match[2] === '"';
    const between = key ? text.slice(key.end, start) : '';
    if (key && closed && between.trim() === ':' && isSecret(key.name)) {
      out += `${text.slice(copied, start)}"${REDACTED}"`;
      copied = start + match[0].length;
      key = undefined;
      continue;
    }
    key = closed ? { name: match[1] as string, end: start + match[0].length } : undefined;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
const FORM_SECRET_PAIR = /(^|&)([^=&]*)=([^&]*)/g;

/**
 * Masks secrets in a body text. JSON that parses is walked (nested values too, key order kept); JSON cut short
 * is masked pair by pair; form-encoded text (OAuth token responses) pair by pair.
 */
export function redactSecretsInText(
  text: string,
  contentType = '',
  isSecret: (name: string) => boolean = isSecretName,
): string {
  const type = contentType.toLowerCase();
  const trimmed = text.trimStart();
  if (type.includes('json') || trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      const { value, changed } = redactJsonValue(JSON.parse(text), isSecret);
      if (!changed) return text;
      // Keep the author's layout choice: pretty stays pretty, compact stays compact.
      return JSON.stringify(value, null, /\n\s/.test(text.slice(0, 200)) ? 2 : undefined);
    } catch {
      return maskJsonPairs(text, isSecret);
    }
  }
  const formLike = (!type || type.startsWith('text/plain')) && !/\s/.test(text.trim()) && /^[^=&]+=/.test(text);
  if (type.includes('x-www-form-urlencoded') || formLike) {
    return text.replace(FORM_SECRET_PAIR, (whole, lead: string, key: string) => {
      let name = key;
      try {
        name = decodeURIComponent(key.replace(/\+/g, ' '));
      } catch {
        // Keep the raw name.
      }
      return isSecret(name) ? `${lead}${key}=${encodeURIComponent(REDACTED)}` : whole;
    });
  }
  return text;
}

// `name = value` and `name: value` (the name perhaps quoted) anywhere in free text. A quoted value ends at
// its quote; after `=` a value runs to a space or separator (`a=1&b=2`, `--password=x y`); after `:` to the
// end of the line or a separator (`password: my pass phrase`, `Authorization: Bearer abc`). A value starting
// with { or [ is left to the JSON walk: masking the bracket would break the JSON.
// The lead is a character that cannot be in a name, then any dashes (`--password=`): a name is then read from one
// place only, where `[^\w.]` let every `-` inside `-a-a-a…` start it again (quadratic).
const NAME = String.raw`(^-*|[^\w.-]-*)(["']?)([a-z_][\w.-]*)\2`;
const QUOTED = String.raw`"(?:[^"\\\n]|\\.)*"|'[^'\n]*'`;
const STOP = String.raw`\s&;,"'{}[\]`;
const LOOSE_SECRET_PAIRS = [
  new RegExp(String.raw`${NAME}(\s*=\s*)(${QUOTED}|(?:(?:bearer|basic|digest|oauth|token)[ \t]+)?[^${STOP}]+)`, 'gi'),
  new RegExp(String.raw`${NAME}([ \t]*:[ \t]*)(${QUOTED}|[^${STOP}](?:[^\n&;,"'{}[\]]*[^${STOP}])?)`, 'gi'),
];

/**
 * Masks secrets in a body the user typed (the composer's saved draft), whatever its format: first as
 * `redactSecretsInText` does with the looser name test, then every `name=value` or `name: value` left in free
 * text (`password: hunter2` in a text/plain body, an unfinished JSON value). Unlike history, which keeps a
 * server's prose as sent, a draft may lose a word of prose but must not keep a password.
 */
export function redactSecretsInTypedText(text: string, contentType = ''): string {
  let masked = redactSecretsInText(text, contentType, looksSecretName);
  for (const pattern of LOOSE_SECRET_PAIRS) {
    masked = masked.replace(
      pattern,
      (whole, lead: string, quote: string, name: string, separator: string, value: string) => {
        if (!looksSecretName(name) || isRedacted(value) || /^(true|false|null|""|'')$/.test(value)) return whole;
        const mask = value.startsWith('"') ? `"${REDACTED}"` : value.startsWith("'") ? `'${REDACTED}'` : REDACTED;
        return `${lead}${quote}${name}${quote}${separator}${mask}`;
      },
    );
  }
  return masked;
}

/** A value that is one `{placeholder}` and nothing else. */
const WHOLE_PLACEHOLDER = new RegExp(`^(?:${PLACEHOLDER.source})$`);

/**
 * `mask` when a segment's parameter holds a secret, else undefined (kept). An empty value has nothing to hide. A
 * typed `{placeholder}` names the secret (a path parameter or a variable), so it stays and the draft keeps working:
 * `redactParams` masks the value it names.
 */
function maskedSegmentParam(param: SegmentParam, typed: boolean, mask: string): string | undefined {
  const isSecret = typed ? looksSecretName : isSecretName;
  return !isSecret(param.name) || param.value === '' || (typed && WHOLE_PLACEHOLDER.test(param.value))
    ? undefined
    : mask;
}

/** A percent-decoded text, or the text itself where it is not valid percent-encoding. */
function decodedOrAsIs(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Masks secret-named query parameters of a URL, of its fragment (an implicit-grant redirect carries
 * `#access_token=…`) and of its path segments (`/v2/self;access_token=…`), and a path segment that is a credential
 * (`/v2/x/Bearer%20…`, pasted as a path parameter, which the draft masks as such); a URL that does not parse is
 * returned as is. `typed`: a URL or path the user typed (the composer's draft), masked with the looser test of
 * `redactSecretsInTypedText`.
 */
export function redactUrl(url: string, typed = false): string {
  return walkUrl(url, typed);
}

/** The values redactUrl masks, as written in the URL (secretsInUrl(url) for history's echo search). */
export function secretsInUrl(url: string, typed = false): string[] {
  const found: string[] = [];
  walkUrl(url, typed, found);
  return found;
}

function walkUrl(url: string, typed: boolean, found?: string[]): string {
  const mask = encodeURIComponent(REDACTED);
  const isSecret = typed ? looksSecretName : isSecretName;
  const redact = (part: string) => {
    // The pairs the text functions below mask, read the same way (a name decoded, `+` as a space).
    if (found)
      for (const pair of part.split('&')) {
        const equals = pair.indexOf('=');
        const value = pair.slice(equals + 1);
        if (equals > 0 && value !== '' && isSecret(decodedOrAsIs(pair.slice(0, equals).replace(/\+/g, ' '))))
          found.push(value);
      }
    return (typed ? redactSecretsInTypedText : redactSecretsInText)(part, 'application/x-www-form-urlencoded');
  };
  const fragmentStart = url.indexOf('#');
  const beforeFragment = fragmentStart < 0 ? url : url.slice(0, fragmentStart);
  const queryStart = beforeFragment.indexOf('?');
  const path = mapSegmentParams(queryStart < 0 ? beforeFragment : beforeFragment.slice(0, queryStart), (param) => {
    const masked = maskedSegmentParam(param, typed, mask);
    if (masked !== undefined) found?.push(param.value);
    return masked;
  })
    .split('/')
    .map((segment) => {
      if (credentialOf(decodedOrAsIs(segment)) === undefined) return segment;
      found?.push(segment);
      return mask;
    })
    .join('/');
  const head = queryStart < 0 ? path : `${path}?${redact(beforeFragment.slice(queryStart + 1))}`;
  return fragmentStart < 0 ? head : `${head}#${redact(url.slice(fragmentStart + 1))}`;
}

/**
 * Each JSON string's content (between its quotes, escapes as written; one cut short included) passed through
 * `change`; the quotes and the rest as written.
 */
export function mapJsonStrings(text: string, change: (content: string) => string): string {
  return text.replace(JSON_STRING, (_, content: string, close: string) => `"${change(content)}${close}`);
}

/** How many times each placeholder is used in a path. */
function placeholderCounts(path: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const match of path.matchAll(PLACEHOLDER)) {
    const name = placeholderName(match);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}

/**
 * Path parameters as they may be stored or exported: a credential-looking value (`Bearer …`) masked, and so is one
 * whose `{placeholder}` the typed `path` holds as a secret's value: a segment's (`/v2/self;access_token={token}`,
 * where `redactUrl` keeps the placeholder) or a query's or fragment's (where it masks it). A value's own segment
 * parameter (`app_x;access_token=…`, sent as `app_x%3Baccess_token%3D…`, which history reads as one) is masked as
 * the path's are. Not by the parameter's name alone: the platform's public `/v2/payments/assets/pay_button/{token}`.
 */
export function redactParams(params: Readonly<Record<string, string>>, path = ''): Record<string, string> {
  const secretRefs = new Set<string>();
  mapSegmentParams(path, ({ name, value }) => {
    if (!looksSecretName(name)) return undefined;
    for (const match of value.matchAll(PLACEHOLDER)) secretRefs.add(placeholderName(match));
    return value;
  });
  // The placeholders masking took out of the path (a query's or fragment's value), each path read once: counting
  // per parameter read the whole path once each (n placeholders and n parameters was quadratic, at every save).
  const masked = redactUrl(path, true);
  if (masked !== path) {
    const left = placeholderCounts(masked);
    for (const [name, count] of placeholderCounts(path)) if ((left.get(name) ?? 0) < count) secretRefs.add(name);
  }
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      looksLikeCredentialValue(value) || (value !== '' && secretRefs.has(name))
        ? REDACTED
        : mapSegmentParams(value, (param) => maskedSegmentParam(param, true, REDACTED)),
    ]),
  );
}

/**
 * Rows of a request (query, headers, form fields) as they may be stored or exported: values under secret-looking
 * names masked, and `Bearer …`-like credentials masked under any name.
 */
export function redactRows<Row extends { name: string; value: string }>(rows: readonly Row[]): Row[] {
  const masked = redactPairs(
    rows.map((row) => [row.name, row.value]),
    (name) => looksSecretName(name),
  );
  return rows.map((row, index) => {
    const value = (masked[index] as [string, string])[1];
    return { ...row, value: looksLikeCredentialValue(value) ? REDACTED : value };
  });
}

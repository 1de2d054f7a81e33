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
const SECRET_NAME =
  /^(password|passwd|pass|new_?password|old_?password|secret|client_?secret|consumer_?secret|token_?secret|oauth_token_secret|oauth_signature|api_?token|access_?token|refresh_?token|mfa_?code|otp|totp|access_secret|secret_?key|private_?key)$/i;

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name.trim());
}

function redactValue(value: unknown): unknown {
  if (typeof value === 'string' || typeof value === 'number') return REDACTED;
  if (Array.isArray(value)) return value.map(redactValue);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) out[key] = redactValue(child);
    return out;
  }
  return value;
}

/** Returns the value with every property under a secret name masked (deeply), and whether anything changed. */
export function redactJsonValue(value: unknown): { value: unknown; changed: boolean } {
  let changed = false;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node)) {
      if (isSecretName(key) && child !== null && child !== '' && typeof child !== 'boolean') {
        out[key] = redactValue(child);
        changed = true;
      } else {
        out[key] = walk(child);
      }
    }
    return out;
  };
  const result = walk(value);
  return { value: changed ? result : value, changed };
}

/** Masks secret-named pairs; keeps everything else as given. */
export function redactPairs(pairs: readonly [string, string][]): [string, string][] {
  return pairs.map(([name, value]) => [name, isSecretName(name) && value !== '' ? REDACTED : value]);
}

// "name": "value" pairs in JSON text that may be cut short (a capped body does not parse).
const JSON_SECRET_PAIR = /"((?:[^"\\]|\\.)*)"(\s*:\s*)"((?:[^"\\]|\\.)*)"/g;
const FORM_SECRET_PAIR = /(^|&)([^=&]*)=([^&]*)/g;

/**
 * Masks secrets in a body text. JSON that parses is walked (nested values too, key order kept); JSON cut short
 * is masked pair by pair; form-encoded text (OAuth token responses) pair by pair.
 */
export function redactSecretsInText(text: string, contentType = ''): string {
  const type = contentType.toLowerCase();
  const trimmed = text.trimStart();
  if (type.includes('json') || trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      const { value, changed } = redactJsonValue(JSON.parse(text));
      if (!changed) return text;
      // Keep the author's layout choice: pretty stays pretty, compact stays compact.
      return JSON.stringify(value, null, /\n\s/.test(text.slice(0, 200)) ? 2 : undefined);
    } catch {
      return text.replace(JSON_SECRET_PAIR, (whole, key: string, colon: string) =>
        isSecretName(key) ? `"${key}"${colon}"${REDACTED}"` : whole,
      );
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
      return isSecretName(name) ? `${lead}${key}=${encodeURIComponent(REDACTED)}` : whole;
    });
  }
  return text;
}

/** Masks secret-named query parameters of a URL; a URL that does not parse is returned as is. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const fragmentStart = url.indexOf('#', queryStart);
  const query = url.slice(queryStart + 1, fragmentStart < 0 ? undefined : fragmentStart);
  const redacted = redactSecretsInText(query, 'application/x-www-form-urlencoded');
  return `${url.slice(0, queryStart + 1)}${redacted}${fragmentStart < 0 ? '' : url.slice(fragmentStart)}`;
}

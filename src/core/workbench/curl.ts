import { KeyholeError } from '../errors.ts';
import type { ProfileOrigins } from '../http/request-url.ts';
import { CURL_OPTIONS_WITH_VALUE, CURL_RENAMED, CURL_SHORT_OPTIONS } from './curl-options.ts';
import { type ImportedDraft, importForeignRequest } from './request-import.ts';
import { ShellSyntaxError, splitShellWords } from './shell-words.ts';

/**
 * Reads a pasted curl command (from docs, Chrome's "Copy as cURL", a colleague's chat) into a plain request:
 * method, URL, headers and the body curl would send with its content type. Credentials in the command
 * (Authorization, Cookie, -u, --oauth2-bearer) are dropped with a notice: Keyhole signs with the user's
 * own session instead. Anything curl would read from a file is reported, not guessed.
 */

export interface ParsedCurl {
  method: string;
  url: string;
  headers: [string, string][];
  /** The body as curl would send it, with the Content-Type it would carry. */
  body?: { text: string; contentType: string; declared: boolean };
  /** Things the user should know: what was dropped or could not be imported. */
  notices: string[];
}

/**
 * Options that change what curl sends but that a composer cannot carry: each is reported by name when dropped.
 * (Options about output, TLS, proxies, timeouts or retries change nothing on the wire to the API.)
 */
const REQUEST_CHANGING = new Map<string, string>([
  ['time-cond', 'sends an If-Modified-Since/If-Unmodified-Since header computed from a date or a file'],
  ['request-target', 'replaces the request target on the request line'],
  ['variable', 'defines variables for --expand-* options'],
  ['aws-sigv4', 'signs the request with AWS Signature V4'],
  ['digest', 'answers a Digest authentication challenge'],
  ['ntlm', 'answers an NTLM authentication challenge'],
  ['negotiate', 'answers a Negotiate authentication challenge'],
  ['anyauth', 'picks an authentication method from the server'],
  ['location', 'follows redirects (Keyhole never follows one)'],
  ['location-trusted', 'follows redirects, sending credentials along'],
  ['post301', 'keeps POST across a 301 redirect'],
  ['post302', 'keeps POST across a 302 redirect'],
  ['post303', 'keeps POST across a 303 redirect'],
  ['proxy-header', 'sends headers to a proxy'],
  ['header-file', 'reads headers from a file'],
  ['form-escape', 'changes how multipart field names are escaped'],
  ['http0.9', 'accepts an HTTP/0.9 answer'],
]);

const DATA_OPTIONS = new Set(['data', 'data-ascii', 'data-binary', 'data-raw', 'data-urlencode', 'json']);

function splitHeader(raw: string): [string, string] | undefined {
  const colon = raw.indexOf(':');
  if (colon > 0) return [raw.slice(0, colon).trim(), raw.slice(colon + 1).trim()];
  // curl's "Name;" sends a header with an empty value.
  if (raw.endsWith(';') && raw.length > 1) return [raw.slice(0, -1).trim(), ''];
  return undefined;
}

/** curl --data-urlencode's forms: "content", "=content", "name=content" (and @file forms, which we cannot read). */
function encodeDataUrlencode(value: string, notices: string[]): string | undefined {
  const eq = value.indexOf('=');
  const at = value.indexOf('@');
  if (at >= 0 && (eq < 0 || at < eq)) {
    notices.push(`--data-urlencode ${value} reads a file; paste the file's content instead.`);
    return undefined;
  }
  // curl encodes with application/x-www-form-urlencoded rules: space as +.
  const encode = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');
  if (eq < 0) return encode(value);
  if (eq === 0) return encode(value.slice(1));
  return `${value.slice(0, eq)}=${encode(value.slice(eq + 1))}`;
}

/** Parses a curl command line. Throws KeyholeError('invalid-input') when it is not one. */
export function parseCurl(command: string): ParsedCurl {
  let words: string[];
  try {
    // Commands copied from docs often start with a prompt.
    words = splitShellWords(command.trim().replace(/^\$\s+/, ''));
  } catch (error) {
    if (error instanceof ShellSyntaxError)
      throw new KeyholeError('invalid-input', `This curl command cannot be read: ${error.message}`);
    throw error;
  }
  if (words[0] === 'clever' && words[1] === 'curl') words = words.slice(1);
  const program = words[0] ?? '';
  if (!/(^|[/\\])curl(\.exe)?$/i.test(program))
    throw new KeyholeError('invalid-input', 'Paste a command that starts with curl (or clever curl).');

  const notices: string[] = [];
  const headers: [string, string][] = [];
  const urls: string[] = [];
  const dataParts: string[] = [];
  const urlQueries: string[] = [];
  let jsonData = false;
  let method: string | undefined;
  let useGet = false;
  let head = false;

  const apply = (name: string, value: string | undefined) => {
    switch (name) {
      case 'request':
        method = (value ?? '').toUpperCase();
        return;
      case 'header': {
        const header = splitHeader(value ?? '');
        if (header && header[0] !== '') headers.push(header);
        else notices.push(`Ignored a header that is not “Name: value”: ${value}`);
        return;
      }
      case 'url':
        urls.push(value ?? '');
        return;
      case 'get':
        useGet = true;
        return;
      case 'head':
        head = true;
        return;
      case 'user':
        notices.push('Dropped the -u/--user credentials: Keyhole signs the request with your session.');
        return;
      case 'cookie':
        notices.push('Dropped the -b/--cookie value: the platform API does not use cookies.');
        return;
      case 'oauth2-bearer':
        notices.push('Dropped the --oauth2-bearer token: Keyhole authenticates the request itself.');
        return;
      case 'user-agent':
        headers.push(['User-Agent', value ?? '']);
        return;
      case 'referer':
        headers.push(['Referer', value ?? '']);
        return;
      case 'form':
      case 'form-string':
        notices.push(`Multipart form fields (-F ${value}) are not supported; use a form-urlencoded body instead.`);
        return;
      case 'upload-file':
        notices.push(`-T ${value} uploads a file, which cannot be imported; paste its content as the body.`);
        return;
      case 'config':
        notices.push(`-K ${value} reads options from a file, which cannot be imported.`);
        return;
      case 'range':
        // What curl sends for -r: a Range header with the byte ranges given.
        headers.push(['Range', `bytes=${value ?? ''}`]);
        return;
      case 'url-query': {
        const encoded = encodeDataUrlencode(value ?? '', notices);
        if (encoded !== undefined) urlQueries.push(encoded);
        return;
      }
      case 'http1.0':
      case 'http1.1':
      case 'http2':
      case 'http2-prior-knowledge':
      case 'http3':
      case 'http3-only':
        return;
    }
    const changes = REQUEST_CHANGING.get(name);
    if (changes) {
      notices.push(
        `Left out --${name}${value !== undefined ? ` ${value}` : ''}: curl ${changes}, which the composer cannot do.`,
      );
      return;
    }
    if (DATA_OPTIONS.has(name)) {
      const text = value ?? '';
      if (name === 'data-urlencode') {
        const encoded = encodeDataUrlencode(text, notices);
        if (encoded !== undefined) dataParts.push(encoded);
        return;
      }
      if (name !== 'data-raw' && text.startsWith('@')) {
        notices.push(`--${name} ${text} reads a file; paste the file's content as the body instead.`);
        return;
      }
      if (name === 'json') jsonData = true;
      // curl -d strips CR/LF only from file content, so inline text is kept as is.
      dataParts.push(text);
    }
  };

  let index = 1;
  let optionsEnded = false;
  while (index < words.length) {
    const word = words[index] as string;
    index += 1;
    if (optionsEnded || !word.startsWith('-') || word === '-') {
      urls.push(word);
      continue;
    }
    if (word === '--') {
      optionsEnded = true;
      continue;
    }
    if (word.startsWith('--')) {
      // curl has no --name=value form, but people write it; accept it for options that take a value.
      let longName = word.slice(2);
      let inline: string | undefined;
      const eq = longName.indexOf('=');
      if (eq > 0 && CURL_OPTIONS_WITH_VALUE.has(longName.slice(0, eq))) {
        inline = longName.slice(eq + 1);
        longName = longName.slice(0, eq);
      }
      longName = CURL_RENAMED[longName] ?? longName;
      // `--no-compressed` and the like turn a flag off; none of those changes the request.
      if (longName.startsWith('no-') && !CURL_OPTIONS_WITH_VALUE.has(longName)) continue;
      apply(longName, CURL_OPTIONS_WITH_VALUE.has(longName) ? (inline ?? words[index++]) : undefined);
      continue;
    }
    // Short options may be clustered (-sSL) and take their value attached (-XPOST) or as the next word.
    for (let at = 1; at < word.length; at += 1) {
      const letter = word[at] as string;
      const longName = Object.hasOwn(CURL_SHORT_OPTIONS, letter) ? CURL_SHORT_OPTIONS[letter] : undefined;
      if (longName && CURL_OPTIONS_WITH_VALUE.has(longName)) {
        const rest = word.slice(at + 1);
        apply(longName, rest !== '' ? rest : words[index++]);
        break;
      }
      if (longName) apply(longName, undefined);
    }
  }

  if (urls.length === 0) throw new KeyholeError('invalid-input', 'This curl command has no URL.');
  if (urls.length > 1) notices.push(`The command has ${urls.length} URLs; only the first one was imported.`);
  let url = urls[0] as string;
  if (urlQueries.length > 0) url += (url.includes('?') ? '&' : '?') + urlQueries.join('&');

  const hasHeader = (name: string) => headers.some(([key]) => key.toLowerCase() === name);
  let body: ParsedCurl['body'];
  if (dataParts.length > 0) {
    const text = dataParts.join(jsonData ? '' : '&');
    if (useGet) {
      url += (url.includes('?') ? '&' : '?') + text;
    } else {
      const declared = headers.find(([key]) => key.toLowerCase() === 'content-type')?.[1];
      const contentType = declared ?? (jsonData ? 'application/json' : 'application/x-www-form-urlencoded');
      body = { text, contentType, declared: declared !== undefined };
      if (jsonData && !hasHeader('accept')) headers.push(['Accept', 'application/json']);
    }
  }
  const resolvedMethod = method ?? (head ? 'HEAD' : body ? 'POST' : 'GET');

  const kept = headers.filter(([name]) => {
    const lower = name.toLowerCase();
    if (lower === 'authorization' || lower === 'proxy-authorization') {
      notices.push(
        `Dropped the ${lower === 'authorization' ? 'Authorization' : 'Proxy-Authorization'} header: Keyhole signs the request with your session.`,
      );
      return false;
    }
    if (lower === 'cookie') {
      notices.push('Dropped the Cookie header: the platform API does not use cookies.');
      return false;
    }
    return true;
  });
  const result: ParsedCurl = { method: resolvedMethod, url, headers: kept, notices };
  if (body) result.body = body;
  return result;
}

/** Parses a curl command straight into a composer draft, with every notice from both steps. */
export function importCurlCommand(command: string, origins?: ProfileOrigins): ImportedDraft {
  const parsed = parseCurl(command);
  const imported = importForeignRequest(parsed, origins);
  return { draft: imported.draft, notices: [...parsed.notices, ...imported.notices] };
}

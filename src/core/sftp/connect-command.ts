import { KeyholeError } from '../errors.ts';
import { quoteShellWord } from '../shell/shell-quote.ts';

/**
 * The values the kit puts into commands a user pastes into a shell: an application's domain (from the API's
 * `vhosts[].fqdn`, or typed), an SFTP user name, a port, a git URL. A domain is data from a server: `new URL()`
 * keeps `; $ ( ) \` { } , &` in host names, so `x;{touch,pwned};.cleverapps.io` would run a command if printed
 * bare. Each value is checked for what the program reads it as (ssh reads `-o…` as an option and `a:b@host`
 * as host `a`), then quoted with the one shared helper.
 */

/** One DNS label: letters, digits and inner hyphens, 1 to 63 characters (RFC 1123 §2.1). */
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** What a user may paste in the Domain field: a scheme, a port or a path around the host are dropped. */
export function hostOfDomain(domain: string): string {
  return domain
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/[/:?#].*$/s, '');
}

/** Why `host` is not a host name to connect to; undefined when it is one. */
export function hostNameProblem(host: string): string | undefined {
  const labels = host.split('.');
  if (host.length > 253 || !labels.every((label) => LABEL.test(label)))
    return `“${shorten(host)}” is not a host name: use letters, digits, hyphens and dots, e.g. app-….cleverapps.io.`;
  return undefined;
}

/** Why `username` cannot be an SFTP user name in a command; the kit's own rule for SFTPGo users, and no leading `-`. */
export function sftpUserProblem(username: string): string | undefined {
  if (!/^[A-Za-z0-9._@~-]{1,255}$/.test(username)) return 'A user name has letters, digits and . _ @ ~ - (no spaces).';
  if (username.startsWith('-')) return 'A user name cannot start with “-”: sftp would read it as an option.';
  return undefined;
}

export function isPort(port: number): boolean {
  return Number.isInteger(port) && port > 0 && port < 65536;
}

/** `sftp -P <port> <user>@<host>`, every value checked and quoted; throws with the reason otherwise. */
export function buildSftpCommand(input: { host: string; port: number; username: string }): string {
  const problem =
    hostNameProblem(input.host) ??
    sftpUserProblem(input.username) ??
    (isPort(input.port) ? undefined : 'A port is a number from 1 to 65535.');
  if (problem) throw new KeyholeError('invalid-input', problem);
  return ['sftp', '-P', quoteShellWord(String(input.port)), quoteShellWord(`${input.username}@${input.host}`)].join(
    ' ',
  );
}

/** Why `url` is not a git remote to print in a command: only https and ssh remotes on a real host name. */
export function gitRemoteProblem(url: string): string | undefined {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  const scheme = parsed?.protocol;
  if (!parsed || !(scheme === 'https:' || scheme === 'ssh:' || scheme === 'git+ssh:'))
    return `The application’s git URL “${shorten(url)}” is not an https or ssh address.`;
  // The WHATWG parser leaves a non-special scheme's host as typed: check it as a host name.
  if (hostNameProblem(parsed.hostname)) return `The application’s git URL has no valid host name: ${shorten(url)}.`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\s\0-\x1f\x7f]/.test(url)) return 'The application’s git URL contains spaces or control characters.';
  return undefined;
}

function shorten(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
  const printable = value.replace(/[\0-\x1f\x7f]/g, '�');
  return printable.length > 80 ? `${printable.slice(0, 77)}…` : printable;
}

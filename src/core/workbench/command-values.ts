import { KeyholeError } from '../errors.ts';
import { trimHeaderValue } from '../http/request-guard.ts';
import { assertShellCarries } from '../shell/shell-quote.ts';

/**
 * What a command-line tool (curl, `clever curl`, HTTPie) can send exactly as Keyhole sends it, checked before a
 * command is printed: a command that would send other bytes is refused with the reason, never printed.
 */

/**
 * A header's value as it goes on the wire, or a refusal. Keyhole (fetch) sends a value's characters as Latin-1
 * bytes; a shell argument is UTF-8, so a tool would send `é` as two bytes instead of one.
 */
export function commandHeaderValue(name: string, value: string, tool: string): string {
  const beyondAscii = /[^\t\x20-\x7e]/.exec(value);
  if (beyondAscii)
    throw new KeyholeError(
      'invalid-input',
      `Header “${name}” contains “${beyondAscii[0]}”: Keyhole sends it as one Latin-1 byte, ${tool} would send its UTF-8 bytes. Use the Python or JavaScript snippet, or only ASCII in headers.`,
    );
  return trimHeaderValue(value);
}

/** Refuses a body no shell argument can carry (NUL), naming what can. */
export function assertCommandBody(body: string, tool: string): void {
  assertShellCarries(
    body,
    'The body',
    `Use the Python or JavaScript snippet instead of ${tool}: they carry every byte.`,
  );
}

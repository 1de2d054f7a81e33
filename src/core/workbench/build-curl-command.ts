/** Prints a prepared request as a POSIX-shell curl command that sends exactly the same bytes. */

export interface CurlInput {
  method: string;
  url: string;
  headers: readonly [string, string][];
  /**
   * The Authorization header as a ready shell word, first among the headers. It may expand shell variables
   * (a credential the command must not hold, see curl-credentials.ts), so it is not quoted again.
   */
  authorizationWord?: string;
  body?: string;
}

/** Single-quotes a shell word; a quote inside becomes '\'' (close, escaped quote, reopen). */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

export function buildCurlCommand(input: CurlInput): string {
  const parts = ['curl', '-sS', '-X', input.method, shellQuote(input.url)];
  if (input.authorizationWord !== undefined) parts.push('-H', input.authorizationWord);
  for (const [name, value] of input.headers) parts.push('-H', shellQuote(`${name}: ${value}`));
  // --data-binary sends the body untouched (no newline stripping, no @file reading).
  if (input.body !== undefined) parts.push('--data-binary', shellQuote(input.body));
  return parts.join(' ');
}

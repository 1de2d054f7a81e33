/**
 * Decides how a response body reads: parsed JSON, plain text, or JSON that is announced by its content type but
 * does not parse. The last must be said, with where it breaks: a viewer that silently falls back to text hides
 * a truncated or broken answer from the person debugging it.
 */
import { type JsonSyntaxProblem, locateJsonError } from './json-syntax.ts';

export type BodyReading =
  | { kind: 'json'; value: unknown }
  | { kind: 'text' }
  | { kind: 'malformed'; problem: JsonSyntaxProblem };

export function isJsonContentType(contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json') || type === 'text/json';
}

export function readJsonBody(contentType: string, text: string): BodyReading {
  const announced = isJsonContentType(contentType);
  const first = text.trimStart()[0];
  if (!announced && first !== '{' && first !== '[') return { kind: 'text' };
  if (text.trim() === '') return { kind: 'text' };
  try {
    return { kind: 'json', value: JSON.parse(text) };
  } catch {
    if (!announced) return { kind: 'text' };
    // JSON.parse failed, so the locator finds a problem; the fallback only guards against the two disagreeing.
    const problem = locateJsonError(text) ?? { offset: 0, line: 1, column: 1, message: 'The body is not valid JSON.' };
    return { kind: 'malformed', problem };
  }
}

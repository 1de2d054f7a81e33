import { ownValue } from '../data-record.ts';
import { PLACEHOLDER, placeholderName } from './path-template.ts';
import { isRedacted, looksLikeCredentialValue, looksSecretName } from './redact-secrets.ts';
import { VARIABLE } from './variables.ts';

/**
 * What the composer's fields show of the variables typed in them: where each `{name}` (or `{{name}}`) is, whether
 * it has a value and which (never a secret's: a name or value that looks like a credential says "secret"), and
 * the completion offered while a `{` is being typed. The same syntax as resolveDraft (variables.ts) reads, so what
 * is highlighted as filled is what Send fills.
 */
export interface VariableSpan {
  start: number;
  end: number;
  name: string;
}

/** Where the variables are in a field: a path reads `{name}` as PLACEHOLDER does; rows, as VARIABLE does. */
export function variableSpans(text: string, kind: 'path' | 'row'): VariableSpan[] {
  const pattern = new RegExp(kind === 'path' ? PLACEHOLDER : VARIABLE);
  return [...text.matchAll(pattern)].map((match) => ({
    start: match.index ?? 0,
    end: (match.index ?? 0) + match[0].length,
    name: placeholderName(match),
  }));
}

export type VariableState =
  | { state: 'resolved'; value: string }
  | { state: 'secret' }
  | { state: 'unresolved'; reason: 'missing' | 'redacted' };

/** What a name resolves to. A secret's value is never returned: only that there is one. */
export function describeVariable(name: string, values: Readonly<Record<string, string>>): VariableState {
  const value = ownValue(values, name);
  if (typeof value !== 'string' || value.trim() === '') return { state: 'unresolved', reason: 'missing' };
  // A value kept out of storage as the mask cannot be sent (resolveDraft refuses it).
  if (isRedacted(value)) return { state: 'unresolved', reason: 'redacted' };
  if (looksSecretName(name) || looksLikeCredentialValue(value)) return { state: 'secret' };
  return { state: 'resolved', value };
}

const SHOWN_CHARACTERS = 80;

/** One line for a tooltip or a screen reader. */
export function variableSummary(name: string, described: VariableState): string {
  if (described.state === 'secret') return `{${name}}: secret (its value is not shown)`;
  if (described.state === 'unresolved')
    return described.reason === 'redacted'
      ? `{${name}}: no usable value (it was masked when stored); Send stops until it has one`
      : `{${name}}: no value; Send stops until it has one`;
  const value =
    described.value.length > SHOWN_CHARACTERS ? `${described.value.slice(0, SHOWN_CHARACTERS)}…` : described.value;
  return `{${name}} = ${value}`;
}

export interface CompletionContext {
  /** Where the `{` (or `{{`) starts. */
  from: number;
  double: boolean;
  /** What is typed after the braces. */
  typed: string;
  options: string[];
}

const OPEN_NAME = /(?<!\$)(\{\{?)([A-Za-z_][\w-]*)?$/;

/**
 * Completion while a variable is being typed: the caret right after `{`, `{{` or `{par`. Names starting with what
 * is typed come first, then names containing it; at most `limit`.
 */
export function completionAt(
  text: string,
  caret: number,
  names: readonly string[],
  limit = 12,
): CompletionContext | undefined {
  const match = OPEN_NAME.exec(text.slice(0, caret));
  if (!match) return undefined;
  const braces = match[1] as string;
  const typed = match[2] ?? '';
  const lower = typed.toLowerCase();
  const unique = [...new Set(names)].filter((name) => name.toLowerCase() !== lower || typed === '');
  const starts = unique.filter((name) => name.toLowerCase().startsWith(lower));
  const contains = unique.filter((name) => !starts.includes(name) && name.toLowerCase().includes(lower));
  const options = [...starts.sort(), ...contains.sort()].slice(0, limit);
  if (options.length === 0) return undefined;
  return { from: match.index, double: braces === '{{', typed, options };
}

/** The text with the completion applied, and where the caret goes (after the closing braces). */
export function applyCompletion(
  text: string,
  caret: number,
  context: CompletionContext,
  name: string,
): { text: string; caret: number } {
  const close = context.double ? '}}' : '}';
  // Closing braces (and the rest of a name) already after the caret are replaced, not doubled.
  const rest = text.slice(caret);
  const tail = /^[\w-]*\}{0,2}/.exec(rest)?.[0] ?? '';
  const kept = tail.endsWith('}') ? rest.slice(tail.length) : rest.slice(/^[\w-]*/.exec(rest)?.[0].length ?? 0);
  const inserted = `${context.double ? '{{' : '{'}${name}${close}`;
  return { text: text.slice(0, context.from) + inserted + kept, caret: context.from + inserted.length };
}

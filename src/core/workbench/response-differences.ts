/**
 * The differences of a response from the description: their count in words, where they show on the JSON tree, a
 * report to copy, and the form history keeps. No validator here (response-check.ts runs it), so the panel's first
 * script can hold this.
 */
import type { SchemaDifference } from '../platform/schema-check.ts';
import { looksLikeCredentialValue, looksSecretName, REDACTED } from './redact-secrets.ts';

export interface ResponseCheck {
  /** The documented status the answer was compared with (`200`, `2XX`, `default`). */
  documentedStatus: string;
  /** The first differences (a broken list endpoint can differ in every item): `total` counts them all. */
  differences: SchemaDifference[];
  total: number;
}

/** Kept per response (and in history): enough to read and report; the count stays exact. */
export const KEPT_DIFFERENCES = 200;

export function describeCheckCount(check: ResponseCheck): string {
  if (check.total === 0) return 'matches the description';
  return `${check.total} difference${check.total === 1 ? '' : 's'} from the description`;
}

const parentOf = (pointer: string) => pointer.slice(0, Math.max(0, pointer.lastIndexOf('/')));

/**
 * Where each difference shows on the tree, by row (JSON pointer): at its value, or, for a field that is missing,
 * at the object that should hold it. `within` counts those under each ancestor, for a closed node to say so.
 */
export function placeDifferences(differences: readonly SchemaDifference[]): {
  at: Map<string, SchemaDifference[]>;
  within: Map<string, number>;
} {
  const at = new Map<string, SchemaDifference[]>();
  const within = new Map<string, number>();
  for (const difference of differences) {
    const row = difference.kind === 'missing-required' ? parentOf(difference.pointer) : difference.pointer;
    at.set(row, [...(at.get(row) ?? []), difference]);
    for (let up = row; up !== ''; ) {
      up = parentOf(up);
      within.set(up, (within.get(up) ?? 0) + 1);
    }
  }
  return { at, within };
}

/** A plain-text report of the differences, to paste in an issue or a message to the platform's team. */
export function formatCheckReport(
  call: { method: string; path: string; status: number },
  check: ResponseCheck,
  endpointLabel: string,
): string {
  const lines = [
    `${call.method} ${call.path} → ${call.status}, compared with the description's ${check.documentedStatus} schema of ${endpointLabel}:`,
    `${describeCheckCount(check)}.`,
  ];
  for (const difference of check.differences) {
    const facts = [
      difference.expected !== undefined ? `expected ${difference.expected}` : '',
      difference.actual !== undefined ? `got ${difference.actual}` : '',
    ].filter(Boolean);
    lines.push(
      `- ${difference.pointer || '(root)'} [${difference.kind}] ${difference.message}${facts.length > 0 ? ` (${facts.join('; ')})` : ''}`,
    );
  }
  const unlisted = describeUnlisted(check);
  if (unlisted) lines.push(unlisted);
  return lines.join('\n');
}

/**
 * What a check with more differences than it keeps does not show (undefined: it shows them all): only the first
 * ones are worded, listed and marked on the tree, the rest only counted, and nothing is known of their kinds.
 */
export function describeUnlisted(check: ResponseCheck): string | undefined {
  const rest = check.total - check.differences.length;
  if (rest <= 0) return undefined;
  return `Only the first ${check.differences.length} are listed and marked in the tree; the other ${rest} are counted, not listed.`;
}

/**
 * The check as history keeps it: a difference under a secret-named field (or showing a credential) loses the value
 * its message and `actual` quote, as history's bodies lose theirs.
 */
export function sanitizeCheck(check: ResponseCheck): ResponseCheck {
  const differences = check.differences.map((difference) => {
    const names = difference.pointer
      .split('/')
      .map((segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
    const secret =
      names.some((name: string) => name !== '' && Number.isNaN(Number(name)) && looksSecretName(name)) ||
      looksLikeCredentialValue(difference.actual ?? '') ||
      looksLikeCredentialValue(difference.message.replace(/^.*got \w+ /, '').replace(/^"/, ''));
    if (!secret) return difference;
    const { actual: _actual, ...rest } = difference;
    return {
      ...rest,
      message: `${difference.kind.replace(/-/g, ' ')}${difference.expected ? `: expected ${difference.expected}` : ''} (value ${REDACTED})`,
    };
  });
  return { ...check, differences };
}

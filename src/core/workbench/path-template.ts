import { dataRecord, ownValue } from '../data-record.ts';

/**
 * Path templates such as `/v2/organisations/{organisationId}/applications`: list their placeholders, fill
 * them (each value is one encoded path segment), and match a concrete path back to a template.
 */

const PLACEHOLDER = /\{([A-Za-z_][\w-]*)\}/g;

/** Placeholder names in order of first appearance, without duplicates. */
export function listPlaceholders(template: string): string[] {
  const names: string[] = [];
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = match[1] as string;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * Replaces each `{name}` by its encoded value. Placeholders without a (non-blank) value stay in the path
 * and are listed in `missing`.
 */
export function fillPathTemplate(
  template: string,
  values: Readonly<Record<string, string>>,
): { path: string; missing: string[] } {
  const missing: string[] = [];
  const path = template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = ownValue(values, name);
    if (typeof value !== 'string' || value.trim() === '') {
      if (!missing.includes(name)) missing.push(name);
      return whole;
    }
    return encodeURIComponent(value.trim());
  });
  return { path, missing };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Matches a concrete path against a template; returns the decoded placeholder values or undefined.
 * A placeholder matches one non-empty segment, or part of one (`{invoiceNumber}.pdf`).
 */
export function matchPathTemplate(template: string, path: string): Record<string, string> | undefined {
  const names: string[] = [];
  let pattern = '';
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    pattern += escapeRegExp(template.slice(last, match.index));
    pattern += '([^/]+?)';
    names.push(match[1] as string);
    last = (match.index ?? 0) + match[0].length;
  }
  pattern += escapeRegExp(template.slice(last));
  const found = new RegExp(`^${pattern}/?$`).exec(path);
  if (!found) return undefined;
  const values = dataRecord<string>();
  names.forEach((name, index) => {
    const raw = found[index + 1] as string;
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // Keep a malformed escape as typed.
    }
    values[name] = value;
  });
  return values;
}

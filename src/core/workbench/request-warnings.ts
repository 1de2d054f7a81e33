/**
 * The request checked against the platform's description before Send: required parameters left empty or off,
 * values of the wrong type or outside their enum. These are warnings, never a block: the description can be wrong
 * or behind the platform, and the user may be probing exactly that. The body's schema problems are counted apart
 * (they come from the body editor's schema check).
 */

import type { DescribedEndpoint } from '../platform/description-types.ts';
import { type ParamDoc, type ParamPlace, paramDocs } from './described-params.ts';
import type { KeyValueRow, RequestDraft } from './request-draft.ts';

export interface RequestWarning {
  place: ParamPlace;
  name: string;
  /** The row of the Query or Headers table it is about, when there is one. */
  row?: number;
  message: string;
}

/** Why a value does not fit its described type; undefined when it fits (or the type says nothing checkable). */
export function checkParamValue(doc: ParamDoc, value: string): string | undefined {
  const text = value.trim();
  if (doc.enum && doc.enum.length > 0 && !doc.enum.includes(text))
    return `${doc.name} is one of ${doc.enum.join(', ')} in the description (got “${text}”).`;
  if (doc.type === 'integer' && !/^-?\d+$/.test(text)) return `${doc.name} is an integer in the description.`;
  if (doc.type === 'number' && (text === '' || !Number.isFinite(Number(text))))
    return `${doc.name} is a number in the description.`;
  if (doc.type === 'boolean' && text !== 'true' && text !== 'false')
    return `${doc.name} is true or false in the description.`;
  return undefined;
}

function checkRows(docs: readonly ParamDoc[], rows: readonly KeyValueRow[], warnings: RequestWarning[]): void {
  const key = (name: string, place: ParamPlace) => (place === 'header' ? name.trim().toLowerCase() : name.trim());
  for (const doc of docs) {
    const index = rows.findIndex((row) => key(row.name, doc.place) === key(doc.name, doc.place));
    const row = index >= 0 ? rows[index] : undefined;
    const where = { place: doc.place, name: doc.name, ...(index >= 0 ? { row: index } : {}) };
    const sent = row?.enabled === true && row.value.trim() !== '';
    if (!sent) {
      if (doc.required) warnings.push({ ...where, message: `${doc.name} is required by the description.` });
      continue;
    }
    const problem = checkParamValue(doc, row.value);
    if (problem) warnings.push({ ...where, message: problem });
  }
}

/** Everything about the parameters that the description says will likely be refused. */
export function warnAboutParams(draft: RequestDraft, endpoint: DescribedEndpoint | undefined): RequestWarning[] {
  if (!endpoint) return [];
  const warnings: RequestWarning[] = [];
  for (const doc of paramDocs(endpoint, 'path')) {
    const value = draft.params[doc.name] ?? '';
    // An empty placeholder is already a problem that stops Send (request-draft.ts); a typed one is checked here.
    const problem = value.trim() === '' || value.includes('{') ? undefined : checkParamValue(doc, value);
    if (problem) warnings.push({ place: 'path', name: doc.name, message: problem });
  }
  checkRows(paramDocs(endpoint, 'query'), draft.query, warnings);
  checkRows(paramDocs(endpoint, 'header'), draft.headers, warnings);
  return warnings;
}

/** Row index → message, for one table. */
export function warningsByRow(warnings: readonly RequestWarning[], place: ParamPlace): Map<number, string> {
  const map = new Map<number, string>();
  for (const warning of warnings)
    if (warning.place === place && warning.row !== undefined && !map.has(warning.row))
      map.set(warning.row, warning.message);
  return map;
}

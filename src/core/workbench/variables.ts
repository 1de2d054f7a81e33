import { dataRecord, ownValue } from '../data-record.ts';
import { listPlaceholders, placeholderName } from './path-template.ts';
import { isRedacted } from './redact-secrets.ts';
import { type KeyValueRow, methodAllowsBody, type RequestDraft } from './request-draft.ts';

/**
 * Variables: one syntax, `{name}` (or `{{name}}`, typed from Postman habit: the same variable), everywhere in a request — the path (where it always meant a value to fill),
 * query and header names and values, form fields, JSON and text bodies. A name is a letter or _ then letters,
 * digits, _ or -. `${NAME}` (shell style, common in environment values) is left as typed, as is anything that is
 * not a name between braces (`{"a": 1}`). Values come from the path value fields, then the profile's context (ids
 * picked earlier, shown above the composer), then the active environment; they are substituted before the request
 * is checked and signed, so what is signed is what is sent. A name without a value stops Send with a message
 * naming it.
 */

export const VARIABLE = /(?<!\$)(?:\{\{([A-Za-z_][\w-]*)\}\}|\{([A-Za-z_][\w-]*)\})/g;

/** Variable names used in a text, in order, without duplicates. */
export function listVariablesIn(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(VARIABLE)) {
    const name = placeholderName(match);
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

const usable = (value: string | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '' && !isRedacted(value);

function substitute(
  text: string,
  values: Readonly<Record<string, string>>,
  missing: string[],
  encode: (value: string) => string = (value) => value,
): string {
  return text.replace(VARIABLE, (whole, double?: string, single?: string) => {
    const name = (double ?? single) as string;
    const value = ownValue(values, name);
    if (!usable(value)) {
      if (!missing.includes(name)) missing.push(name);
      return whole;
    }
    return encode(value);
  });
}

/** A value put inside a JSON body is escaped as string content: `"{note}"` stays valid whatever the note holds. */
const jsonEscaped = (value: string) => JSON.stringify(value).slice(1, -1);

export interface ResolvedDraft {
  draft: RequestDraft;
  /** Names used in the request that have no value, in order of appearance. */
  unresolved: string[];
}

/**
 * Fills every `{name}` the request will send. Path placeholders keep their own field's value when one is typed
 * (its own `{name}`s filled too), else take the variable's; disabled rows and a body the method will not send are left alone.
 */
export function resolveDraft(draft: RequestDraft, values: Readonly<Record<string, string>>): ResolvedDraft {
  const missing: string[] = [];
  const params = dataRecord(draft.params);
  for (const name of listPlaceholders(draft.path)) {
    const typed = ownValue(params, name) ?? '';
    // A typed value may itself name a variable (Postman's `:id` = `{{orgId}}` imports as `{orgId}`).
    if (typed.trim() !== '') {
      params[name] = substitute(typed, values, missing);
      continue;
    }
    const value = ownValue(values, name);
    if (usable(value)) params[name] = value;
    else if (!missing.includes(name)) missing.push(name);
  }
  const rows = (list: KeyValueRow[]) =>
    list.map((row) =>
      row.enabled
        ? { ...row, name: substitute(row.name, values, missing), value: substitute(row.value, values, missing) }
        : row,
    );
  const sendsBody = methodAllowsBody(draft.method);
  const resolved: RequestDraft = {
    ...draft,
    params,
    query: rows(draft.query),
    headers: rows(draft.headers),
    form: sendsBody && draft.bodyMode === 'form' ? rows(draft.form) : draft.form,
    json: sendsBody && draft.bodyMode === 'json' ? substitute(draft.json, values, missing, jsonEscaped) : draft.json,
    text: sendsBody && draft.bodyMode === 'text' ? substitute(draft.text, values, missing) : draft.text,
  };
  return { draft: resolved, unresolved: missing };
}

/** Which variables have no value, and where to give them one. */
export function describeMissingValues(names: readonly string[]): string {
  const list = names.map((name) => `{${name}}`).join(', ');
  return names.length === 1
    ? `${list} has no value. Type it in its field, or give it a value in the active environment or the context (Variables…).`
    : `${list} have no value. Type them in their fields, or give them values in the active environment or the context (Variables…).`;
}

/** The message that stops Send when variables have no value. */
export function describeUnresolved(names: readonly string[]): string {
  return `Not sent: ${describeMissingValues(names)}`;
}

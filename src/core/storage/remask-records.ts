import type { KeyholeErrorData } from '../errors.ts';
import type { ResponseBody, SendRequest } from '../protocol.ts';
import { sanitizeRequest } from '../workbench/history-entry.ts';
import { isSensitiveHeader, redactUrl, stripSensitiveHeaders } from '../workbench/redact-secrets.ts';
import type { KeyValueRow } from '../workbench/request-draft.ts';
import {
  checksWithoutEchoes,
  errorWithoutEchoes,
  maskEchoes,
  maskedRequestValues,
} from '../workbench/request-echoes.ts';
import type { CheckOutcomes } from '../workbench/run/evaluate-checks.ts';
import { LARGEST_STORED_BODY, type MaskedDraftParts, maskDraftParts } from '../workbench/stored-draft.ts';
import { scopeForStorage } from '../workbench/stored-scope.ts';
import type { VariableScope } from '../workbench/variable-scope.ts';

/**
 * This build's masks applied to a record an earlier release stored. Release 0.1.0 kept in clear what is masked
 * now: a query, fragment or segment parameter typed in the path (`/v2/self;access_token=…`), a path parameter
 * holding a credential, a header the user named as a secret (`X-Db-Password`) in history, a credential typed as a
 * context value, a saved request named after its path. The panel masks what it writes, but a record is written
 * again only when it changes, so those copies stayed on disk until the worker's migrations (migration-steps.ts)
 * pass them through here once.
 *
 * Each function masks with the same function the panel writes that record with, touches only the fields a mask
 * changes (the rest of the record, extra fields included, stays as stored), returns the value itself when nothing
 * changes (so the migration writes nothing for it), and accepts its own output unchanged. A record of another
 * shape is returned as it is: the version-1 step already set aside what no reader can use.
 */

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The record with `changes` applied, or the record itself when every change equals what it holds. */
function withChanges<T extends Record<string, unknown>>(record: T, changes: Record<string, unknown>): T {
  // Identity first: a body of megabytes handed back unchanged is not serialized to be compared.
  const changed = Object.entries(changes).filter(
    ([field, value]) => record[field] !== value && !sameJson(record[field], value),
  );
  return changed.length === 0 ? record : { ...record, ...Object.fromEntries(changed) };
}

function isRows(value: unknown): value is KeyValueRow[] {
  return (
    Array.isArray(value) &&
    value.every((row) => isObject(row) && typeof row.name === 'string' && typeof row.value === 'string')
  );
}

function isStrings(value: unknown): value is Record<string, string> {
  return isObject(value) && Object.values(value).every((item) => typeof item === 'string');
}

/**
 * A stored draft's typed parts masked as `saved` or stored drafts are (stored-draft.ts): only the parts it holds, each
 * of the type it should have (a part of another type is left as stored: the reader drops it). A body larger than
 * the stored draft keeps is left too: the panel empties it when it stores one, a migration must not.
 */
function remaskDraftParts(value: unknown, saved = false): unknown {
  if (!isObject(value) || typeof value.path !== 'string') return value;
  const text = (part: unknown) => (typeof part === 'string' && part.length <= LARGEST_STORED_BODY ? part : '');
  const rows = (part: unknown) => (isRows(part) ? part : []);
  const headers = rows(value.headers);
  const masked = maskDraftParts({
    path: value.path,
    params: isStrings(value.params) ? value.params : {},
    query: rows(value.query),
    // A saved request keeps no credential header (collection-file.ts's exportableDraft).
    headers: saved ? headers.filter((row) => !isSensitiveHeader(row.name)) : headers,
    json: text(value.json),
    form: rows(value.form),
    text: text(value.text),
    textContentType: typeof value.textContentType === 'string' ? value.textContentType : '',
  });
  const typed: Record<keyof MaskedDraftParts, boolean> = {
    path: true,
    params: isStrings(value.params),
    query: isRows(value.query),
    headers: isRows(value.headers),
    json: text(value.json) === value.json,
    form: isRows(value.form),
    text: text(value.text) === value.text,
  };
  return withChanges(
    value,
    Object.fromEntries(Object.entries(masked).filter(([part]) => typed[part as keyof MaskedDraftParts])),
  );
}

/** The composer's draft (storage.local), as draft-storage writes it. */
export function remaskStoredDraft(value: unknown): unknown {
  return remaskDraftParts(value);
}

/**
 * A name made from a path (a saved request saved without a name was `GET /v2/self?access_token=…`): each word
 * that a query, fragment or segment parameter follows is masked as the path is.
 */
export function remaskName(name: string): string {
  // Each word once: `\S*[?#;]\S*` retried from every character of a long word without one (quadratic: a 40 000-
  // character name held the worker's migration, and every message, for over a second).
  const masked = name.replace(/\S+/g, (word) => (/[?#;]/.test(word) ? redactUrl(word, true) : word));
  return masked === name ? name : masked;
}

/** One DevTools window's request tabs (storage.local), as tab-storage writes them. */
export function remaskTabSet(value: unknown): unknown {
  if (!isObject(value) || !Array.isArray(value.tabs)) return value;
  const tabs = value.tabs.map((tab: unknown) => {
    if (!isObject(tab)) return tab;
    const name = typeof tab.name === 'string' ? remaskName(tab.name) : tab.name;
    return withChanges(tab, { draft: remaskStoredDraft(tab.draft), ...(name === undefined ? {} : { name }) });
  });
  return tabs.every((tab, index) => tab === (value.tabs as unknown[])[index]) ? value : { ...value, tabs };
}

/** A saved request (IndexedDB), masked as Save and the collection export mask it. */
export function remaskSavedRequest(value: unknown): unknown {
  if (!isObject(value)) return value;
  const name = typeof value.name === 'string' ? remaskName(value.name) : value.name;
  return withChanges(value, { draft: remaskDraftParts(value.draft, true), name });
}

function isPairs(value: unknown): value is [string, string][] {
  return (
    Array.isArray(value) &&
    value.every((pair) => Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string')
  );
}

function isStoredRequest(value: unknown): value is SendRequest {
  if (!isObject(value) || typeof value.path !== 'string') return false;
  const body = value.body;
  return (
    (value.query === undefined || isPairs(value.query)) &&
    (value.headers === undefined || isPairs(value.headers)) &&
    (body === undefined ||
      (isObject(body) &&
        (body.kind === 'none' ||
          body.kind === 'bytes' ||
          ((body.kind === 'json' || body.kind === 'text') && typeof body.text === 'string') ||
          (body.kind === 'form' && isPairs(body.fields)))))
  );
}

/** The values a stored request masks, read from the record as the earlier release stored it (maskedRequestValues). */
function echoedIn(entry: unknown): string[] {
  return isObject(entry) && isStoredRequest(entry.request) ? maskedRequestValues(entry.request) : [];
}

/**
 * A history entry's summary (IndexedDB; also each tab's kept response), as createHistoryRecord writes it: the
 * request masked, and what the server echoed of its secrets in the error or a response header.
 */
export function remaskHistoryEntry(value: unknown): unknown {
  if (!isObject(value)) return value;
  const echoed = echoedIn(value);
  const changes: Record<string, unknown> = {};
  if (isStoredRequest(value.request)) changes.request = sanitizeRequest(value.request);
  if (typeof value.url === 'string') changes.url = redactUrl(value.url, true);
  if (isPairs(value.responseHeaders))
    changes.responseHeaders = stripSensitiveHeaders(value.responseHeaders).map(([name, header]) => [
      name,
      maskEchoes(header, echoed),
    ]);
  if (isObject(value.error) && typeof value.error.message === 'string')
    changes.error = errorWithoutEchoes(value.error as unknown as KeyholeErrorData, echoed);
  if (typeof value.statusText === 'string') changes.statusText = maskEchoes(value.statusText, echoed);
  const checks = value.checks;
  if (
    isObject(checks) &&
    [checks.assertions, checks.captures].every((list) => Array.isArray(list) && list.every(isObject))
  )
    changes.checks = checksWithoutEchoes(checks as unknown as CheckOutcomes, echoed);
  return withChanges(value, changes);
}

/**
 * A kept response body: what the server echoed of the request's secrets (maskedRequestValues). Its secret-named
 * fields were masked when it was stored, by the same rule as now (redactSecretsInText), so the body is not walked
 * again: that walk costs ~30 ms a megabyte, and the worker answers no message until the migration ends.
 */
function remaskResponseBody(body: unknown, entry: unknown): unknown {
  const echoed = echoedIn(entry);
  if (echoed.length === 0 || !isObject(body) || body.kind !== 'text' || typeof body.text !== 'string') return body;
  const json = isObject(entry) && typeof entry.contentType === 'string' && /json/i.test(entry.contentType);
  const text = maskEchoes(body.text, echoed, json);
  return text === body.text ? body : ({ ...body, text } satisfies Partial<ResponseBody>);
}

/** A history entry's body (IndexedDB): `{ id, body }`, with its entry as stored (for what the server echoed). */
export function remaskHistoryBody(value: unknown, _key?: string, entry?: unknown): unknown {
  if (!isObject(value)) return value;
  return withChanges(value, { body: remaskResponseBody(value.body, entry) });
}

/** A tab's kept response (IndexedDB): `{ entry, body? }`, as storedTabResponse writes it. */
export function remaskTabResponse(value: unknown): unknown {
  if (!isObject(value)) return value;
  const changes: Record<string, unknown> = { entry: remaskHistoryEntry(value.entry) };
  if (isObject(value.body)) changes.body = remaskHistoryBody(value.body, undefined, value.entry);
  return withChanges(value, changes);
}

/** A window's responses written at pagehide (storage.local): tab id → kept response, or null once moved. */
export function remaskTabResponseSpill(value: unknown): unknown {
  if (!isObject(value)) return value;
  return withChanges(
    value,
    Object.fromEntries(Object.entries(value).map(([tabId, stored]) => [tabId, remaskTabResponse(stored)])),
  );
}

/** The environments and contexts (storage.local), as variable-storage writes them; its marks are kept. */
export function remaskVariables(value: unknown): unknown {
  if (!isObject(value)) return value;
  const environments = Array.isArray(value.environments) ? value.environments : [];
  const contexts = isObject(value.contexts) ? value.contexts : {};
  // A part of another shape is left as stored (the reader drops it; the panel's next save masks the rest).
  if (
    !environments.every((item) => isObject(item) && isRows(item.variables)) ||
    !Object.values(contexts).every(isStrings)
  )
    return value;
  const masked = scopeForStorage({ environments, contexts } as Pick<
    VariableScope,
    'environments' | 'contexts'
  > as VariableScope);
  return withChanges(value, {
    ...(Array.isArray(value.environments) ? { environments: masked.environments } : {}),
    ...(isObject(value.contexts) ? { contexts: masked.contexts } : {}),
  });
}

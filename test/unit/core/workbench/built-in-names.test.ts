import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contextOf } from '../../../../src/core/platform/follow-ids.ts';
import { fillPathTemplate, matchPathTemplate } from '../../../../src/core/workbench/path-template.ts';
import { REDACTED, redactJsonValue } from '../../../../src/core/workbench/redact-secrets.ts';
import { createDraft, validateDraft } from '../../../../src/core/workbench/request-draft.ts';
import {
  EMPTY_SCOPE,
  reviveScope,
  scopeValues,
  setContextValue,
} from '../../../../src/core/workbench/variable-scope.ts';
import { resolveDraft } from '../../../../src/core/workbench/variables.ts';

/**
 * A variable's name is data. Looked up with `values[name]` on a plain object, `{constructor}` found
 * `Object.prototype.constructor` (a function: `.trim is not a function`, an uncaught page error) and
 * `values.__proto__ = …` replaced the record's prototype instead of storing a value.
 */
const BUILT_INS = Object.getOwnPropertyNames(Object.prototype).filter((name) => /^[A-Za-z_][\w-]*$/.test(name));
const names = fc.oneof(fc.constantFrom(...BUILT_INS), fc.stringMatching(/^[A-Za-z_][\w-]{0,12}$/));
const record = (name: string, value: string): Record<string, string> => JSON.parse(JSON.stringify({ [name]: value }));
/** JSON.parse keeps `"__proto__"` as an own key, as a hostile import or stored record would carry it. */
const parsedRecord = (name: string, value: string): Record<string, string> =>
  JSON.parse(`{${JSON.stringify(name)}:${JSON.stringify(value)}}`);

const draftUsing = (name: string) =>
  createDraft({
    method: 'POST',
    path: `/v2/organisations/{${name}}`,
    query: [{ name: 'q', value: `{${name}}`, enabled: true }],
    headers: [{ name: 'X-Name', value: `{${name}}`, enabled: true }],
    bodyMode: 'json',
    json: `{"v": "{${name}}"}`,
  });

describe('variable names that are Object built-ins', () => {
  it('BUILT_INS holds the names the review used', () => {
    expect(BUILT_INS).toEqual(expect.arrayContaining(['constructor', '__proto__', 'toString', 'hasOwnProperty']));
  });

  it('resolve and validate without a value: the name is missing, nothing throws', () => {
    fc.assert(
      fc.property(names, (name) => {
        const draft = draftUsing(name);
        expect(resolveDraft(draft, {}).unresolved).toEqual([name]);
        expect(resolveDraft(draft, scopeValues(EMPTY_SCOPE, 'p')).unresolved).toEqual([name]);
        const check = validateDraft(draft);
        expect(!check.ok && check.issues.map((issue) => issue.key)).toContain(name);
        expect(fillPathTemplate(draft.path, {}).missing).toEqual([name]);
      }),
    );
  });

  it('resolve with a value: the value is what is sent, everywhere', () => {
    fc.assert(
      fc.property(names, fc.stringMatching(/^[a-z0-9_]{1,10}$/), (name, value) => {
        const { draft, unresolved } = resolveDraft(draftUsing(name), parsedRecord(name, value));
        expect(unresolved).toEqual([]);
        expect(Object.hasOwn(draft.params, name) && draft.params[name]).toBe(value);
        expect(draft.query[0]?.value).toBe(value);
        expect(draft.headers[0]?.value).toBe(value);
        expect(draft.json).toBe(`{"v": "${value}"}`);
        expect(validateDraft(draft).ok).toBe(true);
        expect(fillPathTemplate(`/a/{${name}}`, record(name, value)).path).toBe(`/a/${value}`);
      }),
    );
  });

  it('environments and contexts store and read any name as data', () => {
    fc.assert(
      fc.property(names, (name) => {
        const withContext = setContextValue(EMPTY_SCOPE, 'p', name, 'from-context');
        expect(Object.getPrototypeOf(withContext.contexts.p)).not.toBe('from-context');
        expect(Object.hasOwn(scopeValues(withContext, 'p'), name)).toBe(true);
        expect(scopeValues(withContext, 'p')[name]).toBe('from-context');
        const stored = JSON.parse(JSON.stringify(withContext));
        expect(Object.hasOwn(stored.contexts.p, name)).toBe(true);
        const revived = reviveScope(stored);
        expect(scopeValues(revived, 'p')[name]).toBe('from-context');
        const withEnvironment = reviveScope({
          environments: [{ id: 'e', name: 'env', variables: [{ name, value: 'from-env', enabled: true }] }],
          activeEnvironmentId: 'e',
          contexts: {},
        });
        expect(scopeValues(withEnvironment, 'p')[name]).toBe('from-env');
        expect(resolveDraft(draftUsing(name), scopeValues(withEnvironment, 'p')).unresolved).toEqual([]);
      }),
    );
  });

  it('reads a path back into values and masks records with such keys, keeping them as data', () => {
    fc.assert(
      fc.property(names, (name) => {
        const values = matchPathTemplate(`/a/{${name}}`, '/a/x1');
        expect(values && Object.hasOwn(values, name) && values[name]).toBe('x1');
        const parsed = JSON.parse(`{${JSON.stringify(name)}: {"password": "p4ssw0rd-long"}, "n": 1}`);
        const { value } = redactJsonValue(parsed);
        expect(JSON.parse(JSON.stringify(value))).toEqual(
          JSON.parse(`{${JSON.stringify(name)}: {"password": ${JSON.stringify(REDACTED)}}, "n": 1}`),
        );
        expect(() => contextOf(parsed, `/${name}`)).not.toThrow();
      }),
    );
  });
});

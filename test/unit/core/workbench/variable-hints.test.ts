import { describe, expect, it } from 'vitest';
import { REDACTED } from '../../../../src/core/workbench/redact-secrets.ts';
import { createDraft } from '../../../../src/core/workbench/request-draft.ts';
import {
  applyCompletion,
  completionAt,
  describeVariable,
  variableSpans,
  variableSummary,
} from '../../../../src/core/workbench/variable-hints.ts';
import { resolveDraft } from '../../../../src/core/workbench/variables.ts';

describe('variableSpans', () => {
  it('finds {name} and {{name}} where resolveDraft does, not $-{NAME} (shell) or JSON', () => {
    const text = `Bearer {{token}} and {org}-$\{HOME} {"a": 1} {x`;
    expect(variableSpans(text, 'row')).toEqual([
      { start: 7, end: 16, name: 'token' },
      { start: 21, end: 26, name: 'org' },
    ]);
    expect(variableSpans('/v2/organisations/{id}/applications/{{appId}}', 'path').map((span) => span.name)).toEqual([
      'id',
      'appId',
    ]);
  });

  it('marks as filled exactly what Send fills', () => {
    const values = { org: 'orga_1', empty: ' ', masked: REDACTED };
    const text = '{org} {empty} {masked} {nothing}';
    const draft = { ...createDraft(), query: [{ name: 'q', value: text, enabled: true }] };
    const { unresolved } = resolveDraft(draft, values);
    const marked = variableSpans(text, 'row')
      .filter((span) => describeVariable(span.name, values).state === 'unresolved')
      .map((span) => span.name);
    expect(marked).toEqual(unresolved);
  });
});

describe('describeVariable', () => {
  it('gives a plain value, says "secret" for secret names or credential values, never their value', () => {
    const values = { org: 'orga_1', apiToken: 'abc', auth: 'Bearer xyz', note: 'Bearer of news' };
    expect(describeVariable('org', values)).toEqual({ state: 'resolved', value: 'orga_1' });
    expect(describeVariable('apiToken', values)).toEqual({ state: 'secret' });
    expect(describeVariable('auth', values)).toEqual({ state: 'secret' });
    expect(describeVariable('note', values)).toEqual({ state: 'secret' });
    expect(variableSummary('apiToken', describeVariable('apiToken', values))).not.toContain('abc');
    expect(variableSummary('note', describeVariable('note', values))).not.toContain('news');
    expect(describeVariable('missing', values)).toEqual({ state: 'unresolved', reason: 'missing' });
    expect(describeVariable('toString', values)).toEqual({ state: 'unresolved', reason: 'missing' });
    expect(describeVariable('masked', { masked: REDACTED })).toEqual({ state: 'unresolved', reason: 'redacted' });
  });

  it('shortens long values in the summary', () => {
    const summary = variableSummary('long', { state: 'resolved', value: 'x'.repeat(200) });
    expect(summary.length).toBeLessThan(100);
    expect(summary.endsWith('…')).toBe(true);
  });
});

describe('completion', () => {
  const names = ['organisationId', 'applicationId', 'org', 'zone'];

  it('opens after {, {{ and a started name; prefix matches first, then the rest containing it', () => {
    expect(completionAt('/v2/{', 5, names)).toEqual({
      from: 4,
      double: false,
      typed: '',
      options: ['applicationId', 'org', 'organisationId', 'zone'],
    });
    expect(completionAt('x {{or', 6, names)?.options).toEqual(['org', 'organisationId']);
    expect(completionAt('x {{or', 6, names)?.double).toBe(true);
    expect(completionAt('{ion', 4, names)?.options).toEqual(['applicationId', 'organisationId']);
    expect(completionAt('{org}', 5, names)).toBeUndefined();
    expect(completionAt('${', 2, names)).toBeUndefined();
    expect(completionAt('{nothing', 8, names)).toBeUndefined();
    expect(completionAt('{', 1, [])).toBeUndefined();
  });

  it('inserts the name with its closing braces, without doubling ones already there', () => {
    const at = (text: string, caret: number, name: string) => {
      const context = completionAt(text, caret, names);
      if (!context) throw new Error('no completion');
      return applyCompletion(text, caret, context, name);
    };
    expect(at('/v2/{', 5, 'org')).toEqual({ text: '/v2/{org}', caret: 9 });
    expect(at('/v2/{or/apps', 7, 'organisationId')).toEqual({ text: '/v2/{organisationId}/apps', caret: 20 });
    expect(at('{{or}}', 4, 'org')).toEqual({ text: '{{org}}', caret: 7 });
    expect(at('a {zo} b', 5, 'zone')).toEqual({ text: 'a {zone} b', caret: 8 });
  });
});

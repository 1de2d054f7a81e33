import { describe, expect, it } from 'vitest';
import { hasBodyConflict, moveFormToQuery, setBodyAside } from '../../../../src/core/workbench/method-body.ts';
import { createDraft } from '../../../../src/core/workbench/request-draft.ts';

const row = (name: string, value: string) => ({ name, value, enabled: true });

describe('a body on a GET', () => {
  it('is a conflict only for GET and HEAD with a body type chosen', () => {
    const draft = { ...createDraft(), method: 'GET' as const, bodyMode: 'json' as const, json: '{"a":1}' };
    expect(hasBodyConflict(draft)).toBe(true);
    expect(hasBodyConflict({ ...draft, method: 'POST' })).toBe(false);
    expect(hasBodyConflict({ ...draft, bodyMode: 'none' })).toBe(false);
  });

  it('can be set aside without losing what was typed', () => {
    const draft = { ...createDraft(), method: 'GET' as const, bodyMode: 'json' as const, json: '{"a":1}' };
    const aside = setBodyAside(draft);
    expect(aside).toMatchObject({ bodyMode: 'none', json: '{"a":1}' });
    expect(hasBodyConflict(aside)).toBe(false);
  });

  it('moves form fields to the query', () => {
    const draft = {
      ...createDraft(),
      method: 'GET' as const,
      bodyMode: 'form' as const,
      query: [row('page', '2'), row('', '')],
      form: [row('name', 'web'), row('', '')],
    };
    expect(moveFormToQuery(draft)).toMatchObject({
      bodyMode: 'none',
      form: [],
      query: [row('page', '2'), row('name', 'web')],
    });
  });
});

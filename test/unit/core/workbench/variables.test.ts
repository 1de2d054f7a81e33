import { describe, expect, it } from 'vitest';
import { REDACTED } from '../../../../src/core/workbench/redact-secrets.ts';
import { createDraft, validateDraft } from '../../../../src/core/workbench/request-draft.ts';
import {
  EMPTY_SCOPE,
  isContextName,
  scopeValues,
  setContextValue,
} from '../../../../src/core/workbench/variable-scope.ts';
import { describeUnresolved, listVariablesIn, resolveDraft } from '../../../../src/core/workbench/variables.ts';

const row = (name: string, value: string, enabled = true) => ({ name, value, enabled });
/** Shell-style text that must stay as typed (a plain string on purpose, not a template). */
const HOME = '$' + '{HOME}';

describe('variables', () => {
  it('uses one syntax, {name}, and leaves shell-style $-braces and JSON braces alone', () => {
    expect(listVariablesIn(`{"a": "{who}", "b": "${HOME}", "c": {x}}`)).toEqual(['who', 'x']);
  });

  it('resolves the path, query, headers and JSON body before the request is checked', () => {
    const draft = createDraft({
      method: 'POST',
      path: '/v2/organisations/{organisationId}/consumers',
      query: [row('zone', '{zone}'), row('off', '{nothing}', false)],
      headers: [row('X-Trace', 'trace-{run}')],
      bodyMode: 'json',
      json: `{"name": "{appName}", "home": "${HOME}"}`,
    });
    const { draft: resolved, unresolved } = resolveDraft(draft, {
      organisationId: 'orga_1',
      zone: 'par',
      run: '7',
      appName: 'say "hi"',
    });
    expect(unresolved).toEqual([]);
    const check = validateDraft(resolved);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.request.path).toBe('/v2/organisations/orga_1/consumers');
    expect(check.request.query).toEqual([['zone', 'par']]);
    expect(check.request.headers).toEqual([['X-Trace', 'trace-7']]);
    // The value is escaped inside the JSON string: the body stays valid JSON.
    expect(JSON.parse((check.request.body as { text: string }).text)).toEqual({ name: 'say "hi"', home: HOME });
  });

  it('keeps a typed path value over the variable, and lists what has no value (a masked one counts as none)', () => {
    const draft = createDraft({
      path: '/v2/organisations/{organisationId}/applications/{applicationId}',
      params: { organisationId: 'orga_typed' },
      headers: [row('X-Key', '{apiKey}')],
    });
    const { draft: resolved, unresolved } = resolveDraft(draft, { organisationId: 'orga_var', apiKey: REDACTED });
    expect(resolved.params.organisationId).toBe('orga_typed');
    expect(unresolved).toEqual(['applicationId', 'apiKey']);
    expect(describeUnresolved(unresolved)).toBe(
      'Not sent: {applicationId}, {apiKey} have no value. Type them in their fields, or give them values in the active environment or the context (Variables…).',
    );
  });

  it('fills a variable typed in a path value field (Postman `:id` = `{{orgId}}`), or stops Send naming it', () => {
    const draft = createDraft({
      path: '/v2/organisations/{organisationId}',
      params: { organisationId: '{orgId}' },
    });
    const filled = resolveDraft(draft, { orgId: 'orga_env' });
    expect(filled.unresolved).toEqual([]);
    const check = validateDraft(filled.draft);
    expect(check.ok && check.request.path).toBe('/v2/organisations/orga_env');
    expect(resolveDraft(draft, {}).unresolved).toEqual(['orgId']);
  });

  it('does not resolve a body the method will not send', () => {
    const draft = createDraft({ method: 'GET', bodyMode: 'text', text: '{gone}' });
    expect(resolveDraft(draft, {}).unresolved).toEqual([]);
  });
});

describe('variable scope', () => {
  it('takes the active environment, the profile’s context (the ids the user chose, on screen) winning', () => {
    let scope = setContextValue(EMPTY_SCOPE, 'p1', 'organisationId', 'orga_ctx');
    scope = setContextValue(scope, 'p1', 'applicationId', 'app_ctx');
    scope = {
      ...scope,
      environments: [{ id: 'e', name: 'dev', variables: [row('applicationId', 'app_env'), row('off', 'x', false)] }],
      activeEnvironmentId: 'e',
    };
    // An environment (perhaps imported) must not send the next request elsewhere behind the choice on screen.
    expect(scopeValues(scope, 'p1')).toEqual({ organisationId: 'orga_ctx', applicationId: 'app_ctx' });
    expect(scopeValues(scope, 'p2')).toEqual({ applicationId: 'app_env' });
  });

  it('remembers ids, not free text', () => {
    expect(isContextName('organisationId')).toBe(true);
    expect(isContextName('addonId')).toBe(true);
    expect(isContextName('name')).toBe(false);
    expect(isContextName('description')).toBe(false);
  });
});

describe('{{name}}, typed from Postman habit', () => {
  it('is the same variable as {name}, in the path, query, headers and body', () => {
    const draft = createDraft({
      method: 'POST',
      path: '/v2/organisations/{{org}}/applications',
      query: [{ name: 'owner', value: '{{org}}', enabled: true }],
      headers: [{ name: 'X-Org', value: 'id={{org}}', enabled: true }],
      bodyMode: 'json',
      json: '{"name": "{{name}}"}',
    });
    expect(listVariablesIn('/v2/{{org}}/x/{app}')).toEqual(['org', 'app']);
    const { draft: resolved, unresolved } = resolveDraft(draft, { org: 'orga_1', name: 'web' });
    expect(unresolved).toEqual([]);
    const checked = validateDraft(resolved);
    expect(checked.ok && checked.request).toMatchObject({
      path: '/v2/organisations/orga_1/applications',
      query: [['owner', 'orga_1']],
      headers: [['X-Org', 'id=orga_1']],
      body: { kind: 'json', text: '{"name": "web"}' },
    });
  });

  it('names a {{name}} without a value like a {name}, and leaves ${NAME} and JSON alone', () => {
    expect(resolveDraft(createDraft({ path: '/v2/x/{{missing}}' }), {}).unresolved).toEqual(['missing']);
    expect(listVariablesIn('${HOME} {"a": {"b": 1}}')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { loadPlatformDescription } from '../../../../../src/core/platform/load-catalog.ts';
import { createSchemaJudge, findDescribedEndpoint } from '../../../../../src/core/workbench/run/schema-judge.ts';

describe('schema judge (the description and core/platform/schema-check.ts)', () => {
  it('finds the endpoint from a template or a path with real ids', async () => {
    const description = await loadPlatformDescription();
    const template = '/v2/organisations/{organisationId}/applications';
    expect(findDescribedEndpoint(description, 'GET', template)?.path).toBe(template);
    expect(findDescribedEndpoint(description, 'get', '/v2/organisations/orga_1/applications')?.path).toBe(template);
    // A literal segment wins over a placeholder: /v2/self is not /v2/{anything}.
    expect(findDescribedEndpoint(description, 'GET', '/v2/self')?.path).toBe('/v2/self');
    expect(findDescribedEndpoint(description, 'GET', '/v9/nothing/here')).toBeUndefined();
  });

  it('passes a body of the documented shape and names the differences of one that is not', async () => {
    const judge = createSchemaJudge(await loadPlatformDescription());
    const organisations = { method: 'GET', pathTemplate: '/v2/organisations' };
    expect(judge(organisations, 200, [])).toEqual({ ok: true });
    const verdict = judge(organisations, 200, { not: 'a list' });
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.message).toMatch(/^1 difference from GET \/v2\/organisations 200: \/: /);
    expect(judge({ method: 'GET', pathTemplate: '/v9/nothing' }, 200, {})).toEqual({
      ok: false,
      message: 'The description has no GET /v9/nothing.',
    });
  });
});

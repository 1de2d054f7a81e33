import { describe, expect, it } from 'vitest';
import { fillPathTemplate, listPlaceholders, matchPathTemplate } from '../../../../src/core/workbench/path-template.ts';

describe('path templates', () => {
  const template = '/v2/organisations/{organisationId}/applications/{applicationId}/env';

  it('lists placeholders once, in order', () => {
    expect(listPlaceholders(template)).toEqual(['organisationId', 'applicationId']);
    expect(listPlaceholders('/v2/{a}/{b}/{a}')).toEqual(['a', 'b']);
    expect(listPlaceholders('/v2/self')).toEqual([]);
  });

  it('fills each placeholder with one encoded segment', () => {
    expect(fillPathTemplate(template, { organisationId: 'orga_1', applicationId: 'app 2/x' })).toEqual({
      path: '/v2/organisations/orga_1/applications/app%202%2Fx/env',
      missing: [],
    });
  });

  it('reports blank or absent values and leaves their placeholder', () => {
    expect(fillPathTemplate(template, { organisationId: '  ' })).toEqual({
      path: template,
      missing: ['organisationId', 'applicationId'],
    });
  });

  it('matches concrete paths back, including partial segments', () => {
    expect(matchPathTemplate(template, '/v2/organisations/orga_1/applications/app%202/env')).toEqual({
      organisationId: 'orga_1',
      applicationId: 'app 2',
    });
    expect(
      matchPathTemplate(
        '/v4/billing/organisations/{organisationId}/{invoiceNumber}.pdf',
        '/v4/billing/organisations/o/INV-1.pdf',
      ),
    ).toEqual({ organisationId: 'o', invoiceNumber: 'INV-1' });
    expect(matchPathTemplate(template, '/v2/organisations/orga_1/applications')).toBeUndefined();
    expect(matchPathTemplate('/v2/self', '/v2/self/')).toEqual({});
    expect(matchPathTemplate('/v2/self', '/v2/selfie')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { listOrganisations } from '../../../../src/core/sftp/organisations.ts';

describe('listOrganisations', () => {
  it('lists the personal space first, then each organisation, applications sorted by name', () => {
    const body = JSON.stringify({
      user: {
        id: 'user_1',
        name: 'Ada',
        applications: [
          { id: 'app_b', name: 'portfolio', variantSlug: 'static' },
          { id: 'app_a', name: 'notes-api', variantSlug: 'node' },
        ],
      },
      organisations: [
        { id: 'orga_1', name: 'Engines', applications: [{ id: 'app_c', name: 'sftp-gateway', variantSlug: 'linux' }] },
        { id: 'orga_2', applications: 'not a list' },
        { name: 'no id' },
      ],
    });
    expect(listOrganisations(body)).toEqual([
      {
        id: 'user_1',
        name: 'Ada (personal)',
        personal: true,
        applications: [
          { id: 'app_a', name: 'notes-api', variant: 'node' },
          { id: 'app_b', name: 'portfolio', variant: 'static' },
        ],
      },
      {
        id: 'orga_1',
        name: 'Engines',
        personal: false,
        applications: [{ id: 'app_c', name: 'sftp-gateway', variant: 'linux' }],
      },
      { id: 'orga_2', name: 'orga_2', personal: false, applications: [] },
    ]);
  });

  it('refuses an answer with no organisation at all', () => {
    expect(() => listOrganisations('{}')).toThrow(expect.objectContaining({ code: 'malformed-response' }));
    expect(() => listOrganisations('nope')).toThrow(expect.objectContaining({ code: 'malformed-response' }));
  });
});

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

  it('reads the real summary: unknown fields ignored, null names, the personal space repeated among organisations', () => {
    const real = {
      user: {
        id: 'user_9a1b',
        name: null,
        avatar: null,
        email: 'ada@example.test',
        lang: 'EN',
        admin: false,
        applications: [
          {
            id: 'app_1',
            name: 'sftp-gateway',
            instanceType: 'linux',
            variantSlug: 'linux',
            variantLogoUrl: 'https://assets.example/linux.svg',
            state: 'SHOULD_BE_UP',
            archived: false,
            commit: null,
            homogeneous: true,
          },
        ],
        addons: [],
        consumers: [{ key: 'ck', name: 'keyhole' }],
      },
      organisations: [
        { id: 'user_9a1b', name: 'Ada', applications: [], addons: [], consumers: [], providers: [], canPay: true },
        {
          id: 'orga_5f2e',
          name: 'Engines',
          avatar: null,
          role: 'ADMIN',
          applications: [{ id: 'app_2', name: 'site', variantSlug: 'static', archived: true }],
          addons: [{ id: 'addon_1', realId: 'postgresql_1' }],
          consumers: [],
          providers: [],
          vatState: 'VALID',
          canSEPA: true,
        },
      ],
    };
    expect(listOrganisations(JSON.stringify(real))).toEqual([
      {
        id: 'user_9a1b',
        name: 'Personal space',
        personal: true,
        applications: [{ id: 'app_1', name: 'sftp-gateway', variant: 'linux' }],
      },
      {
        id: 'orga_5f2e',
        name: 'Engines',
        personal: false,
        applications: [{ id: 'app_2', name: 'site', variant: 'static' }],
      },
    ]);
  });

  it('refuses an answer with no organisation at all', () => {
    expect(() => listOrganisations('{}')).toThrow(expect.objectContaining({ code: 'malformed-response' }));
    expect(() => listOrganisations('nope')).toThrow(expect.objectContaining({ code: 'malformed-response' }));
  });
});

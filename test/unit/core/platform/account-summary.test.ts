import { describe, expect, it } from 'vitest';
import { countLabel, formatRole, parseAccountSummary } from '../../../../src/core/platform/account-summary.ts';

const REAL_LIKE = {
  user: {
    id: 'user_ada',
    name: 'Ada Lovelace',
    avatar: 'https://avatars.example/ada.png',
    email: 'ada@sandbox.keyhole.test',
    lang: 'EN',
    admin: false,
    applications: [
      {
        id: 'app_1',
        name: 'engine',
        instanceType: 'node',
        variantSlug: 'node',
        state: 'SHOULD_BE_UP',
        archived: false,
        commit: 'abc',
      },
    ],
    addons: [{ id: 'addon_1', name: 'pg', providerId: 'postgresql-addon' }],
    consumers: [{ key: 'k', name: 'keyhole' }],
  },
  organisations: [
    {
      id: 'orga_analytical',
      name: 'Analytical Engines Ltd',
      avatar: null,
      role: 'ADMIN',
      applications: [
        { id: 'app_2', name: 'difference', instanceType: 'java', state: 'SHOULD_BE_DOWN', archived: false },
        { id: 'app_3', name: 'old', instanceType: 'php', state: 'SHOULD_BE_UP', archived: true },
      ],
      addons: [{ id: 'addon_2' }, { id: 'addon_3' }],
      consumers: [],
      providers: [],
      canPay: true,
    },
  ],
};

describe('parseAccountSummary', () => {
  it('keeps what the popup shows, personal space first', () => {
    const summary = parseAccountSummary(REAL_LIKE);
    expect(summary.spaces).toEqual([
      {
        id: 'user_ada',
        name: 'Ada Lovelace',
        avatar: 'https://avatars.example/ada.png',
        personal: true,
        applications: [
          {
            id: 'app_1',
            name: 'engine',
            state: 'SHOULD_BE_UP',
            instanceType: 'node',
            variant: 'node',
            archived: false,
          },
        ],
        addonCount: 1,
      },
      {
        id: 'orga_analytical',
        name: 'Analytical Engines Ltd',
        role: 'ADMIN',
        personal: false,
        applications: [
          { id: 'app_2', name: 'difference', state: 'SHOULD_BE_DOWN', instanceType: 'java', archived: false },
          { id: 'app_3', name: 'old', state: 'SHOULD_BE_UP', instanceType: 'php', archived: true },
        ],
        addonCount: 2,
      },
    ]);
  });

  it('tolerates missing and malformed fields', () => {
    const summary = parseAccountSummary({
      user: { id: 'user_x' },
      organisations: [
        null,
        'orga_string',
        { name: 'no id' },
        { id: 'orga_min' },
        { id: 'orga_bad', applications: 'nope', addons: { a: 1 } },
        {
          id: 'orga_apps',
          applications: [null, {}, { name: 'only-name' }, { id: 'only-id', instance: { type: 'go' } }],
        },
      ],
    });
    expect(summary.spaces.map((space) => space.id)).toEqual(['user_x', 'orga_min', 'orga_bad', 'orga_apps']);
    expect(summary.spaces[0]).toMatchObject({
      name: 'Personal space',
      personal: true,
      applications: [],
      addonCount: 0,
    });
    expect(summary.spaces[1]).toMatchObject({ name: 'orga_min', applications: [], addonCount: 0 });
    expect(summary.spaces[1]).not.toHaveProperty('role');
    expect(summary.spaces[2]).toMatchObject({ applications: [], addonCount: 0 });
    expect(summary.spaces[3]!.applications).toEqual([
      { id: 'only-name', name: 'only-name', archived: false },
      { id: 'only-id', name: 'only-id', instanceType: 'go', archived: false },
    ]);
  });

  it('shows the personal space once when organisations repeat it', () => {
    const summary = parseAccountSummary({
      user: { id: 'user_1' },
      organisations: [{ id: 'user_1' }, { id: 'orga_2' }],
    });
    expect(summary.spaces.map((space) => [space.id, space.personal])).toEqual([
      ['user_1', true],
      ['orga_2', false],
    ]);
  });

  it('returns no spaces for bodies that are not objects', () => {
    expect(parseAccountSummary(null)).toEqual({ spaces: [] });
    expect(parseAccountSummary([1, 2])).toEqual({ spaces: [] });
    expect(parseAccountSummary({ organisations: 'x' })).toEqual({ spaces: [] });
  });
});

describe('formatRole and countLabel', () => {
  it('words roles and counts for people', () => {
    expect(formatRole('ADMIN')).toBe('Admin');
    expect(formatRole('ACCOUNTING_MANAGER')).toBe('Accounting manager');
    expect(countLabel(1, 'app', 'apps')).toBe('1 app');
    expect(countLabel(0, 'app', 'apps')).toBe('0 apps');
  });
});

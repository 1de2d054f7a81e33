import { describe, expect, it } from 'vitest';
import { buildConsoleLink } from '../../../../src/core/platform/console-links.ts';

describe('buildConsoleLink', () => {
  const personal = { id: 'user_1', personal: true };
  const org = { id: 'orga_a b', personal: false };

  it('links the personal space to /users/me and organisations by id', () => {
    expect(buildConsoleLink('https://console.clever-cloud.com', personal)).toBe(
      'https://console.clever-cloud.com/users/me',
    );
    expect(buildConsoleLink('https://console.clever-cloud.com/', org)).toBe(
      'https://console.clever-cloud.com/organisations/orga_a%20b',
    );
    expect(buildConsoleLink('https://console.example.test/users/me', org)).toBe(
      'https://console.example.test/organisations/orga_a%20b',
    );
  });

  it('gives no link without a console or with a non-web address', () => {
    expect(buildConsoleLink(undefined, personal)).toBeUndefined();
    expect(buildConsoleLink('', personal)).toBeUndefined();
    expect(buildConsoleLink('javascript:alert(1)', personal)).toBeUndefined();
    expect(buildConsoleLink('not a url', personal)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { isLoadableAvatar } from '../../../src/popup/avatar-parts.ts';

// An avatar address comes from an API answer: only the platform's picture hosts may be loaded when the popup opens.
describe('isLoadableAvatar against hostile addresses', () => {
  it.each([
    'https://ccapiavatars.cellar-c2.services.clever-cloud.com/orga_1/avatar.png',
    'https://avatars.githubusercontent.com/u/1?v=4',
    'https://SECURE.GRAVATAR.COM/avatar/abc',
    'https://secure.gravatar.com:443/avatar/abc',
    'https://secure.gravatar.com/avatar/abc?s=80&d=identicon',
    'https://www.gravatar.com/avatar/abc?default=404',
  ])('loads %s', (src) => {
    expect(isLoadableAvatar(src)).toBe(true);
  });

  it.each([
    // Gravatar redirects to `d` when the address has no picture: a tracker reached through an allowed host.
    'https://secure.gravatar.com/avatar/00000000000000000000000000000000?d=https://tracker.example/p.png',
    'https://secure.gravatar.com/avatar/0?s=1&d=https%3A%2F%2Ftracker.example%2Fp.png',
    'https://gravatar.com/avatar/0?default=https://tracker.example/p.png',
    'https://www.gravatar.com/avatar/0?d=mp&d=https://tracker.example/p.png',
    'https://secure.gravatar.com./avatar/abc',
    'https://secure.gravatar.com:8443/avatar/abc',
    'https://user@secure.gravatar.com/avatar/abc',
    'https://secure.gravatar.com%2eevil.example/a',
    'https://evil.example\\@secure.gravatar.com/a',
    'https://secure.gravаtar.com/a',
    'http://secure.gravatar.com/avatar/abc',
    'javascript:alert(1)//secure.gravatar.com',
    'data:image/svg+xml,<svg/>',
    'blob:https://secure.gravatar.com/1',
    '//secure.gravatar.com/avatar/abc',
  ])('refuses %s', (src) => {
    expect(isLoadableAvatar(src)).toBe(false);
  });
});

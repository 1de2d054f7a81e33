import { describe, expect, it } from 'vitest';
import {
  AUTO_LOCK_CHOICES,
  describeAutoLock,
  describeLockReason,
  isAutoLockChoice,
  lockedMessage,
  passphraseProblem,
} from '../../../../src/core/vault/passphrase-lock.ts';

describe('passphrase lock rules', () => {
  it('wants at least 10 characters, counted as a person counts them', () => {
    expect(passphraseProblem('123456789')).toMatch(/at least 10 characters \(this one has 9\)/);
    expect(passphraseProblem('1234567890')).toBeUndefined();
    expect(passphraseProblem('')).toBe('Enter a passphrase.');
    // Nine emoji are 18 UTF-16 units but nine characters.
    expect(passphraseProblem('🔑'.repeat(9))).toMatch(/has 9/);
    expect(passphraseProblem('x'.repeat(1025))).toMatch(/at most 1024/);
  });

  it('offers 1, 5, 15, 60 minutes and 8 hours', () => {
    expect(AUTO_LOCK_CHOICES.map(describeAutoLock)).toEqual([
      '1 minute',
      '5 minutes',
      '15 minutes',
      '1 hour',
      '8 hours',
    ]);
    expect(isAutoLockChoice(15)).toBe(true);
    expect(isAutoLockChoice(16)).toBe(false);
    expect(isAutoLockChoice('15')).toBe(false);
  });

  it('says why the vault is locked and what to do', () => {
    expect(describeLockReason({ state: 'locked', reason: 'worker-restarted', autoLockMinutes: 15 })).toMatch(
      /^Locked: Keyhole’s background worker restarted/,
    );
    expect(lockedMessage('idle', 60)).toBe(
      'Locked: no secret was used for 1 hour. Enter your passphrase to unlock your secrets.',
    );
    expect(lockedMessage('manual', 5)).toMatch(/you locked Keyhole/);
  });
});

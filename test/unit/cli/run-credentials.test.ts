import { describe, expect, it } from 'vitest';
import { credentialsFromEnvironment } from '../../../src/cli/run-credentials.ts';

describe('credentials from the environment', () => {
  it('refuses a token holding a line break without ever quoting it (the header error would print it whole)', () => {
    const token = 'tok_SUPERSECRET_abcdef123456';
    expect(() => credentialsFromEnvironment({ CLEVER_API_TOKEN: `${token}\npart2` })).toThrow(
      /CLEVER_API_TOKEN holds a line break/,
    );
    try {
      credentialsFromEnvironment({ CLEVER_API_TOKEN: `${token}\rpart2` });
    } catch (error) {
      expect(String((error as Error).message)).not.toContain('SUPERSECRET');
    }
    expect(credentialsFromEnvironment({ CLEVER_API_TOKEN: `  ${token}\n` })).toEqual({
      kind: 'token',
      apiToken: token,
    });
  });
});

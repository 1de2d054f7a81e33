/**
 * Strong generated passwords (the SFTPGo bootstrap administrator, SFTP users). Letters and digits only, so
 * the value survives an env file, a shell `clever env set`, a URL or a copy-paste without quoting.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 28 characters of 62 ≈ 166 bits: far beyond guessing, short enough to read aloud if one must. */
export const DEFAULT_PASSWORD_LENGTH = 28;

export function generatePassword(
  length = DEFAULT_PASSWORD_LENGTH,
  getRandomValues: <T extends ArrayBufferView>(array: T) => T = (array) => crypto.getRandomValues(array as never),
): string {
  // Rejection sampling: 256 is not a multiple of 62, so bytes ≥ 248 would make the first letters likelier.
  const limit = 256 - (256 % ALPHABET.length);
  let password = '';
  while (password.length < length) {
    for (const byte of getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit) password += ALPHABET[byte % ALPHABET.length];
      if (password.length === length) break;
    }
  }
  return password;
}

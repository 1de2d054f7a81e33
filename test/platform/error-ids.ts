/**
 * The `id` of the platform's error bodies is an internal error code, not the HTTP status (the official client reads
 * it as a code: '550' invalid format, '101' already defined, '1004' already used; the platform's OpenAPI shows 6200
 * "You do not belong to this organisation"). The sandbox uses those codes where it meets the same case, and its own
 * codes (9000 + the status) elsewhere, so that no client can mistake one for the HTTP status.
 */
export const ERROR_IDS = {
  invalidFormat: 550,
  alreadyDefined: 101,
  alreadyUsed: 1004,
  notMember: 6200,
  /** Not an SSH public key: `clever ssh-keys add` tells it by this id (ssh-keys.add.command.js, `id === 505`). */
  invalidSshKey: 505,
} as const;

export function defaultErrorId(status: number): number {
  return status === 400 ? ERROR_IDS.invalidFormat : 9000 + status;
}

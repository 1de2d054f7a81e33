/**
 * Which rights the session's OAuth token holds, and what that means for an endpoint.
 *
 * `GET /v2/self/tokens/current` (called by the official CLI for the token's expiry) answers with the current
 * token's record; the records of `GET /v2/self/tokens` carry the token's `rights` as `{name: boolean}` (the
 * official client's ListOauthTokenCommand reads them, and the platform's 2021 OpenAPI `OAuth1AccessTokenView`
 * shows them), so the current one is read the same way. When the answer has no readable rights, what the token
 * holds stays unknown, and no endpoint is marked.
 */

import { dataRecord } from '../data-record.ts';
import type { CatalogEntry } from './catalog.ts';

export type SessionRights =
  | { state: 'known'; rights: Record<string, boolean>; source: string }
  | { state: 'unknown'; reason: string };

export const CURRENT_TOKEN_PATH = '/v2/self/tokens/current';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The rights of a token record (`{rights: {name: boolean}}`); undefined when it carries none readable. */
export function parseTokenRights(body: unknown): Record<string, boolean> | undefined {
  if (!isObject(body) || !isObject(body.rights)) return undefined;
  const rights = dataRecord<boolean>();
  for (const [name, value] of Object.entries(body.rights)) if (typeof value === 'boolean') rights[name] = value;
  return Object.keys(rights).length > 0 ? rights : undefined;
}

export type RightCheck =
  /** The session holds the right the endpoint needs (or it needs none). */
  | 'granted'
  /** Keyhole's curated reading says it needs a right the session does not hold. */
  | 'lacking'
  /** A rule inferred the right from the path; the session does not hold it. */
  | 'probably-lacking'
  /** Either which right it needs, or which rights the session holds, is not known. */
  | 'unknown';

export function checkRight(
  entry: Pick<CatalogEntry, 'right' | 'rightSource' | 'target'>,
  session: SessionRights | undefined,
): RightCheck {
  // API tokens on the bridge: their scope is not shown anywhere.
  if (entry.target !== 'api' || !entry.rightSource) return 'unknown';
  if (!entry.right) return 'granted';
  if (session?.state !== 'known') return 'unknown';
  if (session.rights[entry.right] === true || session.rights.almighty === true) return 'granted';
  return entry.rightSource === 'keyhole-curated' ? 'lacking' : 'probably-lacking';
}

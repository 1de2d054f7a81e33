import { KeyholeError } from '../core/errors.ts';
import { readPlatformError } from '../core/http/response-body.ts';
import { markExpired } from './session.ts';

/**
 * For an OAuth 401 (calls and streams alike): when the platform's answer says the token expired, the session is
 * marked expired (every view then offers Sign in) and the error to report is returned; the platform's answer
 * itself goes with it, as with any other 401.
 */
export async function markExpiredIfSaid(
  profileId: string,
  status: number,
  statusText: string,
  text: string,
): Promise<KeyholeError | undefined> {
  const platformError = readPlatformError(text);
  if (!platformError || !/expired/i.test(platformError.message)) return undefined;
  const error = new KeyholeError('session-expired', 'Session expired — sign in again.', {
    detail: `${status} ${statusText}\n${text.length > 4000 ? `${text.slice(0, 4000)}…` : text}`,
    status,
  });
  await markExpired(profileId, error.toData());
  return error;
}

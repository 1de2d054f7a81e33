import { toErrorData } from '../../../core/errors.ts';
import { isSuccess } from '../../../core/http/failed-response.ts';
import { CURRENT_TOKEN_PATH, parseTokenRights, type SessionRights } from '../../../core/platform/session-rights.ts';
import type { PanelServices } from '../services.ts';

/**
 * Asks the platform which rights the session's token holds (`GET /v2/self/tokens/current`, signed by the
 * worker, not recorded in history). Anything short of a readable `rights` object leaves them unknown, with why.
 */
export async function loadSessionRights(send: PanelServices['send']): Promise<SessionRights> {
  try {
    const status = await send('session/status');
    if (status.state !== 'signed-in')
      return { state: 'unknown', reason: 'sign in to learn which rights this session holds.' };
    const response = await send('request/send', { target: 'api', method: 'GET', path: CURRENT_TOKEN_PATH });
    if (!isSuccess(response))
      return {
        state: 'unknown',
        reason: `GET ${CURRENT_TOKEN_PATH} answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`,
      };
    let body: unknown;
    try {
      body = response.body.kind === 'text' ? JSON.parse(response.body.text) : undefined;
    } catch {
      body = undefined;
    }
    const rights = parseTokenRights(body);
    if (!rights) return { state: 'unknown', reason: `GET ${CURRENT_TOKEN_PATH} did not list the token’s rights.` };
    return { state: 'known', rights, source: `GET ${CURRENT_TOKEN_PATH}` };
  } catch (error) {
    return { state: 'unknown', reason: toErrorData(error).message };
  }
}

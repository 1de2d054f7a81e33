import { KeyholeError } from '../../core/errors.ts';
import { errorFromResponse, isSuccess, readJsonBody } from '../../core/http/failed-response.ts';
import { type ApiTokenRecord, parseApiTokenList } from '../../core/platform/api-tokens.ts';
import type { SendResponse } from '../../core/protocol.ts';
import { send } from '../../ui/send.ts';

/**
 * The tokens view's calls. Listing, renaming and revoking go through `request/send` on the bridge: the worker
 * authenticates them with the API token chosen for bridge calls, or else the session's OAuth PLAINTEXT (like the CLI).
 */

export interface TokenList {
  records: ApiTokenRecord[];
  /** The bridge's answer, indented: what the CLI's `--format json` prints. */
  json: string;
  auth: SendResponse['auth'];
}

const tokenPath = (apiTokenId: string) => `/api-tokens/${encodeURIComponent(apiTokenId)}`;

export async function listApiTokens(): Promise<TokenList> {
  const action = 'list your API tokens';
  const response = await send('request/send', { target: 'bridge', method: 'GET', path: '/api-tokens' });
  if (!isSuccess(response)) throw errorFromResponse(response, { action });
  const body = readJsonBody(response, action);
  const records = parseApiTokenList(body);
  if (!records)
    throw new KeyholeError(
      'malformed-response',
      'The bridge answered the token list with something that is not a list.',
    );
  return { records, json: JSON.stringify(body, null, 2), auth: response.auth };
}

export async function renameApiToken(apiTokenId: string, name: string, description: string): Promise<void> {
  const body = JSON.stringify(
    description.trim() ? { name: name.trim(), description: description.trim() } : { name: name.trim() },
  );
  const response = await send('request/send', {
    target: 'bridge',
    method: 'PUT',
    path: tokenPath(apiTokenId),
    body: { kind: 'json', text: body },
  });
  if (!isSuccess(response))
    throw errorFromResponse(response, {
      action: 'rename the token',
      byStatus: { 404: { code: 'not-found', message: 'This token no longer exists: it was revoked elsewhere.' } },
    });
}

export async function revokeApiToken(apiTokenId: string): Promise<void> {
  const response = await send('request/send', { target: 'bridge', method: 'DELETE', path: tokenPath(apiTokenId) });
  if (!isSuccess(response))
    throw errorFromResponse(response, {
      action: 'revoke the token',
      byStatus: { 404: { code: 'not-found', message: 'This token no longer exists: it was already revoked.' } },
    });
}

import { KeyholeError } from '../errors.ts';
import type { SendRequest } from '../protocol.ts';

/**
 * A request as it goes when it authenticates with a personal API token, the credential anybody can create in a
 * minute (Keyhole's Tokens view, `clever tokens create`): the token is only accepted by the bridge, which proxies
 * `GET|POST|PUT|DELETE` on `/v2` and `/v4` (platform-notes.md), so an API call is sent to the same path there,
 * as `Authorization: Bearer`. PATCH is not proxied: it is refused with what to do instead. One rule for the Node
 * runner (src/cli/node-send.ts), the copied curl command and the code snippets, so they agree on every request.
 */
export function routeForApiToken(request: SendRequest): SendRequest {
  if (request.method.toUpperCase() === 'PATCH')
    throw new KeyholeError(
      'invalid-input',
      'The bridge does not forward PATCH, and an API token only works on the bridge: use OAuth 1.0a for this request.',
    );
  const { signatureMethod: _signedOnTheApiOnly, ...rest } = request;
  return { ...rest, target: 'bridge', bridgeAuth: 'token' };
}

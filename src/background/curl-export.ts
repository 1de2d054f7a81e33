import { KeyholeError } from '../core/errors.ts';
import type { CurlExport, CurlRequest } from '../core/protocol.ts';
import { shellQuote } from '../core/shell/shell-quote.ts';
import { buildCurlCommand } from '../core/workbench/build-curl-command.ts';
import {
  bearerAuthorizationWord,
  CURL_VARIABLES,
  plaintextAuthorizationWord,
} from '../core/workbench/curl-credentials.ts';
import { requireActiveProfile } from './send-request.ts';
import { getClockOffset } from './session.ts';
import { prepareRequest } from './signed-request.ts';

/**
 * "Copy as curl": the request signed afresh, printed as a command. Only an HMAC signature is ever revealed (it
 * is single-use: bound to its nonce and timestamp); PLAINTEXT secrets and API tokens stay in the worker and the
 * command reads them from shell variables instead, whatever the page asks.
 */
export async function exportCurl({ request, reveal }: CurlRequest): Promise<CurlExport> {
  const profile = await requireActiveProfile();
  const prepared = await prepareRequest(profile, request, await getClockOffset(profile.id));
  const body = prepared.body;
  // A command cannot carry the picked file's bytes, and naming a file on the user's disk would guess where it is.
  if (body instanceof Uint8Array) throw new KeyholeError('invalid-input', 'A file body is not copied as curl.');
  const print = (authorizationWord: string) =>
    buildCurlCommand({
      method: prepared.method,
      url: prepared.url,
      headers: prepared.headers,
      authorizationWord,
      ...(body !== undefined ? { body } : {}),
    });

  if (prepared.auth === 'bearer')
    return {
      command: print(bearerAuthorizationWord()),
      masked: false,
      credential: { kind: 'variables', scheme: 'bearer', variables: [CURL_VARIABLES.apiToken] },
    };
  if (prepared.signature?.signatureMethod === 'PLAINTEXT')
    return {
      command: print(plaintextAuthorizationWord(prepared.signature)),
      masked: false,
      credential: {
        kind: 'variables',
        scheme: 'plaintext',
        variables: [CURL_VARIABLES.consumerSecret, CURL_VARIABLES.token, CURL_VARIABLES.tokenSecret],
      },
    };
  return {
    command: print(shellQuote(`Authorization: ${reveal ? prepared.authorization : prepared.maskedAuthorization}`)),
    masked: !reveal,
    credential: { kind: 'single-use' },
  };
}

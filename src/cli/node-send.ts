import { KeyholeError } from '../core/errors.ts';
import { routeForApiToken } from '../core/http/api-token-route.ts';
import { hideInHeaders, hideReusable, sentForms } from '../core/http/hide-reusable.ts';
import { buildOutgoingRequest } from '../core/http/outgoing-request.ts';
import { assertConfidentialTransport } from '../core/http/request-guard.ts';
import type { ProfileOrigins } from '../core/http/request-url.ts';
import { signRequest } from '../core/oauth1/index.ts';
import type { SendRequest } from '../core/protocol.ts';
import type { ObservedResponse } from '../core/workbench/run/evaluate-checks.ts';
import type { RunSend } from '../core/workbench/run/run-collection.ts';
import type { RunCredentials } from './run-credentials.ts';

/**
 * How the Node runner sends one request: built by core/http/outgoing-request.ts (the worker's own guards), then
 * authenticated like the extension does — an API token as Bearer to the bridge (API calls go through the bridge,
 * which serves the same /v2 and /v4), or OAuth 1.0a signed by core/oauth1 (HMAC-SHA512 unless the request says
 * otherwise; PLAINTEXT on the bridge, the only method it takes). Redirects are not followed (a credential must not
 * follow one), bodies are read up to a cap, and secrets echoed back are masked before anything is judged or printed.
 */
export interface NodeSendOptions {
  origins: ProfileOrigins;
  credentials: RunCredentials;
  timeoutMs: number;
  maxBodyBytes?: number;
  fetch?: typeof fetch;
}

const DEFAULT_MAX_BODY = 16 * 1024 * 1024;

async function authorize(request: SendRequest, options: NodeSendOptions) {
  const { credentials } = options;
  if (credentials.kind === 'token') {
    const outgoing = buildOutgoingRequest(routeForApiToken(request), options.origins);
    assertConfidentialTransport(outgoing.url, 'an API token (Bearer)');
    return { outgoing, authorization: `Bearer ${credentials.apiToken}`, reusable: sentForms([credentials.apiToken]) };
  }
  const outgoing = buildOutgoingRequest(request, options.origins);
  const signatureMethod = request.target === 'bridge' ? 'PLAINTEXT' : (request.signatureMethod ?? 'HMAC-SHA512');
  if (signatureMethod === 'PLAINTEXT')
    assertConfidentialTransport(outgoing.url, 'a PLAINTEXT signature (it carries your consumer and token secrets)');
  const signed = await signRequest({
    method: outgoing.method,
    url: outgoing.url,
    credentials,
    signatureMethod,
    formParams: outgoing.formParams,
  });
  return {
    outgoing,
    authorization: signed.authorizationHeader,
    reusable: signatureMethod === 'PLAINTEXT' ? sentForms([credentials.consumerSecret, credentials.tokenSecret]) : [],
  };
}

async function readCapped(response: Response, maxBytes: number): Promise<{ text: string; truncated: boolean }> {
  const reader = response.body?.getReader();
  if (!reader) return { text: '', truncated: false };
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      chunks.push(value.subarray(0, value.byteLength - (size - maxBytes)));
      return { text: new TextDecoder().decode(Buffer.concat(chunks)), truncated: true };
    }
    chunks.push(value);
  }
  return { text: new TextDecoder().decode(Buffer.concat(chunks)), truncated: false };
}

export function createNodeSend(options: NodeSendOptions): RunSend {
  const send = options.fetch ?? fetch;
  return async (request, signal) => {
    const { outgoing, authorization, reusable } = await authorize(request, options);
    const headers = new Headers(outgoing.headers);
    headers.set('Authorization', authorization);
    const started = performance.now();
    let response: Response;
    try {
      response = await send(outgoing.url, {
        method: outgoing.method,
        headers,
        ...(outgoing.body !== undefined ? { body: outgoing.body } : {}),
        redirect: 'manual',
        signal: AbortSignal.any([signal, AbortSignal.timeout(options.timeoutMs)]),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      throw new KeyholeError(
        timedOut ? 'timeout' : 'network',
        timedOut
          ? `No answer from ${new URL(outgoing.url).origin} within ${options.timeoutMs} ms.`
          : `Could not reach ${new URL(outgoing.url).origin}: ${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)}`,
      );
    }
    const body = await readCapped(response, options.maxBodyBytes ?? DEFAULT_MAX_BODY);
    const observed: ObservedResponse = {
      status: response.status,
      durationMs: performance.now() - started,
      headers: hideInHeaders(response.headers, reusable),
      body: hideReusable(body.text, reusable),
      truncated: body.truncated,
    };
    return observed;
  };
}

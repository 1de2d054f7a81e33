/**
 * The CLI runner's send, against a server that echoes the request back: what it returns (judged by checks, printed,
 * written to JUnit) holds no reusable credential.
 */
import { describe, expect, it } from 'vitest';
import { createNodeSend } from '../../../src/cli/node-send.ts';

const API_TOKEN = 'Api-Token-Value-ABCDEFGHIJKL';

describe('createNodeSend against an echoing server', () => {
  it('Bearer: a mixed-case token echoed in a header name (lower-cased by fetch) and value is masked in both', async () => {
    const send = createNodeSend({
      origins: { apiBaseUrl: 'http://127.0.0.1:8780', bridgeUrl: 'http://127.0.0.1:8781' },
      credentials: { kind: 'token', apiToken: API_TOKEN },
      timeoutMs: 5000,
      fetch: async (_url, init) => {
        const authorization = new Headers(init?.headers).get('authorization') ?? '';
        return new Response(`you sent ${authorization}`, {
          headers: { [`x-${authorization.slice(7)}`]: authorization },
        });
      },
    });
    const observed = await send({ target: 'api', method: 'GET', path: '/v2/self' }, new AbortController().signal);
    expect(observed.body).toBe('you sent Bearer •••');
    expect(observed.headers).toContainEqual(['x-•••', 'Bearer •••']);
    expect(JSON.stringify(observed).toLowerCase()).not.toContain(API_TOKEN.toLowerCase());
  });
});

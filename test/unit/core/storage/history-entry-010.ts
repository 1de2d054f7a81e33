import type { SendRequest } from '../../../../src/core/protocol.ts';

/**
 * A history entry as release 0.1.0 wrote it (`git show v0.1.0:src/core/workbench/history-entry.ts`: the path as sent,
 * the query masked by the strict name test, credential headers stripped, other headers kept as sent), for the
 * update's re-mask tests.
 */
export function historyEntry010<Extra extends Record<string, unknown>>(
  request: Partial<SendRequest> = {},
  extra: Extra = {} as Extra,
) {
  return {
    id: '000000000000001-abcdef',
    startedAt: 1,
    request: {
      target: 'api',
      method: 'GET',
      path: '/v2/self',
      query: [] as [string, string][],
      headers: [] as [string, string][],
      body: { kind: 'none' },
      ...request,
    },
    status: 404,
    statusText: 'Not Found',
    responseHeaders: [['content-type', 'application/json']],
    hasBody: true,
    ...extra,
  };
}

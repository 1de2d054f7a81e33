import { describe, expect, it } from 'vitest';
import { logsRouteHash, readLogsRoute } from '../../../../src/core/streams/log-route.ts';

describe('logs route', () => {
  it('round-trips an application’s logs and access logs, ids encoded', () => {
    const route = { ownerId: 'orga_1', appId: 'app_a&b', kind: 'accesslogs' as const };
    expect(logsRouteHash(route)).toBe('#catalog?tail=accesslogs&owner=orga_1&app=app_a%26b');
    expect(readLogsRoute(logsRouteHash(route))).toEqual(route);
  });

  it('reads the popup’s spelling of the address', () => {
    // src/popup/panel-links.ts writes it by hand to keep the popup small: the two must agree.
    expect(readLogsRoute('#catalog?tail=logs&owner=user_1&app=app_2')).toEqual({
      ownerId: 'user_1',
      appId: 'app_2',
      kind: 'logs',
    });
  });

  it('ignores a hash without a complete, known stream', () => {
    expect(readLogsRoute('#catalog')).toBeUndefined();
    expect(readLogsRoute('#invoices?org=orga_1')).toBeUndefined();
    expect(readLogsRoute('#catalog?tail=metrics&owner=o&app=a')).toBeUndefined();
    expect(readLogsRoute('#catalog?tail=logs&owner=o')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { logsRouteHash, readLogsRoute } from '../../../src/core/streams/log-route.ts';
import { buildLogsPanelPath } from '../../../src/popup/panel-links.ts';

describe('buildLogsPanelPath', () => {
  it('spells the panel’s logs route exactly as core/streams/log-route.ts reads it', () => {
    for (const kind of ['logs', 'accesslogs'] as const) {
      const path = buildLogsPanelPath('user_1', 'app 2/x', kind);
      expect(path).toBe(`src/devtools/panel.html${logsRouteHash({ ownerId: 'user_1', appId: 'app 2/x', kind })}`);
      expect(readLogsRoute(path.slice(path.indexOf('#')))).toEqual({ ownerId: 'user_1', appId: 'app 2/x', kind });
    }
  });
});

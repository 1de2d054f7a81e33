import { describe, expect, it } from 'vitest';
import descriptionJson from '../../../../src/core/platform/description.json';
import { applicationLogsPath, isEventStreamType, streamKindOf } from '../../../../src/core/streams/stream-endpoints.ts';

describe('streamKindOf', () => {
  it('knows the log streams and the events socket, with ids filled in', () => {
    expect(streamKindOf('GET', '/v4/logs/organisations/orga_1/applications/app_2/logs?since=x')).toBe('sse');
    expect(streamKindOf('GET', '/v4/accesslogs/organisations/orga_1/applications/app_2/accesslogs')).toBe('sse');
    expect(streamKindOf('GET', '/v4/logs/organisations/orga_1/resources/addon_3/logs')).toBe('sse');
    expect(streamKindOf('GET', '/v2/events/event-socket')).toBe('events');
    expect(streamKindOf('POST', '/v4/logs/organisations/o/applications/a/logs')).toBeUndefined();
    expect(streamKindOf('GET', '/v2/self')).toBeUndefined();
  });

  it('covers every log stream of the catalog', () => {
    const paths = (descriptionJson as unknown as { endpoints: { path: string; method: string }[] }).endpoints
      .filter((entry) => entry.method === 'GET' && /^\/v4\/(access)?logs\/.*(logs)$/.test(entry.path))
      .map((entry) => entry.path.replace(/\{[^}]+\}/g, 'x'));
    expect(paths.length).toBeGreaterThanOrEqual(4);
    for (const path of paths) expect(streamKindOf('GET', path), path).toBe('sse');
  });
});

describe('isEventStreamType and applicationLogsPath', () => {
  it('reads the media type only', () => {
    expect(isEventStreamType('text/event-stream; charset=utf-8')).toBe(true);
    expect(isEventStreamType('application/json')).toBe(false);
    expect(isEventStreamType(null)).toBe(false);
  });

  it('builds the logs and access logs paths', () => {
    expect(applicationLogsPath('orga_1', 'app_2', 'logs')).toBe(
      '/v4/logs/organisations/orga_1/applications/app_2/logs',
    );
    expect(applicationLogsPath('orga_1', 'app_2', 'accesslogs')).toBe(
      '/v4/accesslogs/organisations/orga_1/applications/app_2/accesslogs',
    );
  });

  it('reads a path of a million slashes once', () => {
    // `/\/+$/` scanned the slashes from each one of them (~5·10^11 steps). vitest's timeout is the bound.
    expect(streamKindOf('GET', `${'/'.repeat(1_000_000)}x`)).toBeUndefined();
    expect(streamKindOf('GET', `/v2/events/event-socket${'/'.repeat(1_000_000)}`)).toBe('events');
  });
});

import { describe, expect, it } from 'vitest';
import { toLogLine } from '../../../../src/core/streams/log-line.ts';

describe('toLogLine', () => {
  it('reads an APPLICATION_LOG: message, severity field, date', () => {
    const data = JSON.stringify({
      id: 'x',
      date: '2026-01-01T10:00:00.000Z',
      message: 'boot\nready',
      severity: 'WARN',
    });
    expect(toLogLine({ event: 'APPLICATION_LOG', data, date: '2026-01-01T10:00:00.000Z' }, 7)).toEqual({
      n: 7,
      time: Date.parse('2026-01-01T10:00:00.000Z'),
      severity: 'warn',
      event: 'APPLICATION_LOG',
      text: 'boot ⏎ ready',
      raw: data,
    });
  });

  it('falls back on the syslog priority, then on words in the message', () => {
    expect(toLogLine({ event: 'APPLICATION_LOG', data: '{"message":"x","priority":3}' }, 0).severity).toBe('error');
    expect(toLogLine({ event: 'APPLICATION_LOG', data: '{"message":"x","priority":7}' }, 0).severity).toBe('debug');
    expect(toLogLine({ event: 'APPLICATION_LOG', data: '{"message":"Unhandled Exception"}' }, 0).severity).toBe(
      'error',
    );
  });

  it('summarises an ACCESS_LOG as method, address, status, time and source, coloured by status', () => {
    const data = JSON.stringify({
      date: '2026-01-01T10:00:00.000Z',
      http: { request: { method: 'GET', host: 'a.test', path: '/x' }, response: { statusCode: 503, time: 12 } },
      source: { ip: '203.0.113.7' },
    });
    expect(toLogLine({ event: 'ACCESS_LOG', data }, 0)).toMatchObject({
      text: 'GET a.test/x → 503 12 ms from 203.0.113.7',
      severity: 'error',
    });
  });

  it('shows any other event with its name and data, and survives data that is not JSON', () => {
    expect(toLogLine({ event: 'DEPLOYMENT_ACTION_BEGIN', data: '{"appId":"a"}' }, 0).text).toBe(
      'DEPLOYMENT_ACTION_BEGIN {"appId":"a"}',
    );
    expect(toLogLine({ event: 'message', data: 'plain text' }, 0)).toMatchObject({
      text: 'plain text',
      severity: 'other',
    });
    expect(toLogLine({ event: 'message', data: 'x' }, 0).time).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { validateStreamCommand } from '../../../../src/core/streams/stream-port.ts';

const request = { target: 'api', method: 'GET', path: '/v4/logs/organisations/o/applications/a/logs' };

describe('validateStreamCommand', () => {
  it('passes ping and close, dropping whatever came along', () => {
    expect(validateStreamCommand({ type: 'ping', extra: 1 })).toEqual({ type: 'ping' });
    expect(validateStreamCommand({ type: 'close' })).toEqual({ type: 'close' });
  });

  it('checks an open command: kind, a GET request without body, a well-formed cursor', () => {
    const cursor = { lastDate: '2026-01-01T00:00:00.000Z', idsAtLastDate: ['x'], received: 3 };
    expect(validateStreamCommand({ type: 'open', kind: 'sse', request, cursor })).toMatchObject({
      type: 'open',
      kind: 'sse',
      request: { target: 'api', method: 'GET' },
      cursor,
    });
  });

  it.each([
    [null, /expected an object/],
    [{ type: 'eval' }, /unknown type/],
    [{ type: 'open', kind: 'ftp', request }, /“kind”/],
    [{ type: 'open', kind: 'sse', request: { ...request, method: 'POST' } }, /GET/],
    [{ type: 'open', kind: 'sse', request: { ...request, target: 'elsewhere' } }, /target/i],
    [{ type: 'open', kind: 'events', request: { ...request, target: 'bridge' } }, /on the API/],
    [{ type: 'open', kind: 'sse', request, cursor: { idsAtLastDate: 'x', received: 1 } }, /idsAtLastDate/],
    // A structured clone (Firefox's ports) keeps a list's holes, which `every` skips and the copy spreads to undefined.
    // biome-ignore lint/suspicious/noSparseArray: the hole is the attack
    [{ type: 'open', kind: 'sse', request, cursor: { idsAtLastDate: [, 'x'], received: 1 } }, /idsAtLastDate/],
    [{ type: 'open', kind: 'sse', request, cursor: { lastDate: 'soon', idsAtLastDate: [], received: 1 } }, /lastDate/],
    [{ type: 'open', kind: 'sse', request, cursor: { idsAtLastDate: [], received: -1 } }, /received/],
  ])('refuses %j with a message naming the problem', (command, message) => {
    expect(() => validateStreamCommand(command)).toThrow(message);
  });
});

import { describe, expect, it } from 'vitest';
import { readPastedUrl } from '../../../../src/core/workbench/pasted-url.ts';

const sandbox = { apiBaseUrl: 'http://127.0.0.1:8780', bridgeUrl: 'http://127.0.0.1:8781' };
const row = (name: string, value: string) => ({ name, value, enabled: true });

describe('readPastedUrl', () => {
  it('ignores a path being typed', () => {
    expect(readPastedUrl('/v2/self', { target: 'api', query: [] }, sandbox)).toBeUndefined();
  });

  it('takes a URL of the profile as it is, silently', () => {
    expect(readPastedUrl('http://127.0.0.1:8780/v2/self', { target: 'api', query: [] }, sandbox)).toEqual({
      target: 'api',
      path: '/v2/self',
      notices: [],
    });
  });

  it('says when a URL of another platform is sent to the profile instead', () => {
    const read = readPastedUrl('https://api.clever-cloud.com/v2/self', { target: 'api', query: [] }, sandbox);
    expect(read?.target).toBe('api');
    expect(read?.notices).toEqual([
      "The pasted URL was for https://api.clever-cloud.com; it will go to your profile's API, http://127.0.0.1:8780: Keyhole sends requests only to the active profile's addresses.",
    ]);
    const unknown = readPastedUrl('https://evil.example/v2/self', { target: 'bridge', query: [] }, sandbox);
    expect(unknown?.target).toBe('api');
    expect(unknown?.notices).toEqual([
      "The pasted URL was for https://evil.example, which is neither your profile's API nor its bridge: the path was kept and will go to your API (http://127.0.0.1:8780).",
      'The target is now API, where the pasted URL points.',
    ]);
  });

  it('replaces the query rows instead of appending, and says so', () => {
    const read = readPastedUrl('/v2/self/applications?x=2&y=1', { target: 'api', query: [row('x', '1')] }, sandbox);
    expect(read?.query).toEqual([row('x', '2'), row('y', '1')]);
    expect(read?.notices).toEqual(['The pasted query replaced the query parameter there was (x).']);
    const same = readPastedUrl('/v2/self?x=1', { target: 'api', query: [row('x', '1')] }, sandbox);
    expect(same?.query).toEqual([row('x', '1')]);
    expect(same?.notices).toEqual([]);
  });

  it('keeps {placeholders} and switches to the bridge for a bridge URL', () => {
    const read = readPastedUrl('http://127.0.0.1:8781/v4/apps/{appId}', { target: 'api', query: [] }, sandbox);
    expect(read).toMatchObject({ target: 'bridge', path: '/v4/apps/{appId}' });
    expect(read?.notices).toEqual(['The target is now Bridge, where the pasted URL points.']);
  });
});

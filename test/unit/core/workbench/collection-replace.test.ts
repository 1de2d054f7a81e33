import { describe, expect, it } from 'vitest';
import {
  collectionReplacedBy,
  describeReplacement,
  environmentOf,
} from '../../../../src/core/workbench/collection-replace.ts';

describe('PUTs that replace a whole collection', () => {
  it('are the description’s whole-environment PUTs, not the one-variable ones nor other methods', () => {
    for (const path of [
      '/v2/self/applications/app_1/env',
      '/v2/organisations/orga_1/applications/app_1/env',
      '/v2/self/applications/app_1/exposed_env',
      '/v2/organisations/orga_1/applications/app_1/exposed_env?x=1',
      '/v4/addon-providers/config-provider/addons/config_1/env',
    ])
      expect(collectionReplacedBy({ method: 'PUT', path }), path).toBeDefined();
    for (const [method, path] of [
      ['PUT', '/v2/self/applications/app_1/env/PORT'],
      ['GET', '/v2/self/applications/app_1/env'],
      ['POST', '/v2/self/applications/app_1/env'],
      ['PUT', '/v2/self/applications/app_1'],
      ['PUT', '/v2/organisations/orga_1/applications/app_1/tags/x'],
    ] as const)
      expect(collectionReplacedBy({ method, path }), `${method} ${path}`).toBeUndefined();
    expect(collectionReplacedBy({ method: 'PUT', path: '/v2/self/applications/a/env' })?.what).toBe(
      'all environment variables of the application',
    );
  });

  it('reads both forms the platform takes, and says what goes', () => {
    const current = environmentOf('[{"name":"A","value":"1"},{"name":"B","value":"2"},{"name":"C","value":"3"}]');
    const next = environmentOf('{"A":"1","B":"20","D":"4"}');
    expect(current && next && describeReplacement(current, next)).toEqual({
      removed: ['C'],
      changed: ['B'],
      added: ['D'],
      unchanged: 1,
    });
    for (const text of ['not json', '"a"', '[1]', '[{"value":"x"}]', 'null'])
      expect(environmentOf(text), text).toBeUndefined();
    expect(environmentOf('{}')?.size).toBe(0);
  });
});

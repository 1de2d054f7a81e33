import { describe, expect, it } from 'vitest';
import { applicationEnvPath, pickStorageVariables } from '../../../../src/core/sftp/app-env.ts';

describe('pickStorageVariables', () => {
  it('keeps the four variables the kit needs and lists the missing ones', () => {
    const body = JSON.stringify([
      { name: 'CELLAR_ADDON_HOST', value: 'cellar-c2.services.clever-cloud.com' },
      { name: 'CELLAR_ADDON_KEY_ID', value: 'KEYID' },
      { name: 'NODE_ENV', value: 'production' },
      { name: 'CELLAR_ADDON_KEY_SECRET', value: '' },
    ]);
    expect(pickStorageVariables(body)).toEqual({
      found: { CELLAR_ADDON_HOST: 'cellar-c2.services.clever-cloud.com', CELLAR_ADDON_KEY_ID: 'KEYID' },
      missing: ['CELLAR_ADDON_KEY_SECRET', 'POSTGRESQL_ADDON_URI'],
    });
  });

  it('says when the answer is not a list of variables', () => {
    expect(() => pickStorageVariables('{"env": []}')).toThrow(expect.objectContaining({ code: 'malformed-response' }));
    expect(() => pickStorageVariables('<html>')).toThrow(expect.objectContaining({ code: 'malformed-response' }));
  });
});

describe('applicationEnvPath', () => {
  it('builds the organisation path, escaping ids', () => {
    expect(applicationEnvPath('orga_1', 'app_2')).toBe('/v2/organisations/orga_1/applications/app_2/env');
    expect(applicationEnvPath('user/x', 'a b')).toBe('/v2/organisations/user%2Fx/applications/a%20b/env');
  });
});

import { describe, expect, it } from 'vitest';
import { importPostmanCollection } from '../../../../src/core/workbench/postman-import.ts';

const collection = (url: unknown) => ({
  info: { name: 'Hostile', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
  item: [{ name: 'one', request: { method: 'GET', url } }],
});

const pathOf = (url: unknown) => importPostmanCollection(collection(url)).requests[0]?.draft.path;

describe('Postman URLs', () => {
  it('drops the host in its three forms and keeps a path without one', () => {
    expect(pathOf('{{baseUrl}}/v2/self?x=1')).toBe('/v2/self');
    expect(pathOf('  https://api.example.test:8080/v2/organisations/:id')).toBe('/v2/organisations/{id}');
    expect(pathOf('api.example.test/v2/self')).toBe('/v2/self');
    expect(pathOf('{{baseUrl}}')).toBe('/');
    expect(pathOf('/v2/self')).toBe('/v2/self');
  });

  it('reads a megabyte of spaces before the path once, not once per space', () => {
    // The old single pattern tried every split of the spaces between `^\s*` and `[^/?#{]*\.`: some 5·10^11 steps
    // here (hours; 80 KB froze the panel 8 s). No clock is read: vitest's test timeout is the bound.
    const spaces = ' '.repeat(1_000_000);
    expect(pathOf(`${spaces}/v2/self`)).toBe(`/${spaces}/v2/self`);
    expect(pathOf(`${spaces}api.example.test/v2/self`)).toBe('/v2/self');
    expect(pathOf(`{{${spaces}`)).toBe(`/{{${spaces}`);
  });
});

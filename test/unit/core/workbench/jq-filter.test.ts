import { describe, expect, it } from 'vitest';
import { parseJqFilter, runJqFilter } from '../../../../src/core/workbench/jq-filter.ts';

const apps = {
  items: [
    { id: 'app_1', name: 'web', instance: { minInstances: 1 }, zone: 'par', tags: ['a', 'b'] },
    { id: 'app_2', name: 'worker', instance: { minInstances: 3 }, zone: 'mtl', tags: [] },
    { id: 'app_3', name: 'cron', instance: null, zone: 'par', tags: ['b'] },
  ],
  'content-type': 'json',
};

const values = (filter: string, input: unknown = apps) => {
  const result = runJqFilter(filter, input);
  if (!result.ok) throw new Error(`${result.message} at ${result.offset}`);
  return result.values;
};

describe('runJqFilter', () => {
  it('follows paths', () => {
    expect(values('.')).toEqual([apps]);
    expect(values('.items[0].name')).toEqual(['web']);
    expect(values('.items[-1].id')).toEqual(['app_3']);
    expect(values('.["content-type"]')).toEqual(['json']);
    expect(values('."content-type"')).toEqual(['json']);
    expect(values('.missing')).toEqual([null]);
    expect(values('.items[5]')).toEqual([null]);
    expect(values('.items[1:3] | length')).toEqual([2]);
  });

  it('iterates, pipes, collects and selects', () => {
    expect(values('.items[].name')).toEqual(['web', 'worker', 'cron']);
    expect(values('[.items[] | select(.zone == "par") | .id]')).toEqual([['app_1', 'app_3']]);
    expect(values('.items[] | select(.instance.minInstances >= 2) | .name')).toEqual(['worker']);
    expect(values('.items | map(.id)')).toEqual([['app_1', 'app_2', 'app_3']]);
    expect(values('.items[0] | .id, .name')).toEqual(['app_1', 'web']);
    expect(values('.items[] | select(.zone == "par" and (.tags | length) > 1) | .id')).toEqual(['app_1']);
    expect(values('.items[] | select(.name | test("^w")) | .id')).toEqual(['app_1', 'app_2']);
    expect(values('.items[] | select(.tags | contains(["b"])) | .id')).toEqual(['app_1', 'app_3']);
    expect(values('.items[0] | keys')).toEqual([['id', 'instance', 'name', 'tags', 'zone']]);
    expect(values('.items | first | has("zone")')).toEqual([true]);
    expect(values('[.. | .id? | select(. != null)]')).toEqual([['app_1', 'app_2', 'app_3']]);
  });

  it('says where a filter is malformed', () => {
    expect(parseJqFilter('.items[0')).toMatchObject({ ok: false, offset: 8, message: expect.stringMatching(/\]/) });
    expect(parseJqFilter('.items | frobnicate')).toMatchObject({ ok: false, offset: 9 });
    expect(parseJqFilter('.name "x"')).toMatchObject({ ok: false, offset: 6 });
    expect(parseJqFilter('')).toMatchObject({ ok: false, message: 'The filter is empty.' });
    expect(parseJqFilter('."unclosed')).toMatchObject({ ok: false, offset: 1 });
  });

  it('reports type errors instead of throwing, and ? silences them', () => {
    expect(runJqFilter('.items.name', apps)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/Cannot index array/),
    });
    expect(runJqFilter('.items[0].name[]', apps)).toMatchObject({ ok: false, message: /Cannot iterate/ });
    expect(values('.items[].name[]?')).toEqual([]);
  });
});

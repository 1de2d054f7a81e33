import { describe, expect, it } from 'vitest';
import { REDACTED } from '../../../../src/core/workbench/redact-secrets.ts';
import { createDraft } from '../../../../src/core/workbench/request-draft.ts';
import {
  addTab,
  closeTab,
  createTabSet,
  isBlankTab,
  keepTab,
  MAX_TABS,
  moveTab,
  openPreviewTab,
  type RequestTab,
  suggestedSaveName,
  tabLabel,
} from '../../../../src/core/workbench/request-tabs.ts';

const tab = (id: string, path = '/v2/self'): RequestTab => ({ id, draft: createDraft({ path }) });
const fresh = () => tab('fresh');

describe('request tabs', () => {
  it('labels a tab by its saved name, else method and the last two path segments', () => {
    expect(tabLabel(tab('a', '/v2/organisations/{organisationId}/applications'))).toBe(
      'GET /{organisationId}/applications',
    );
    expect(tabLabel({ ...tab('a'), name: 'My apps' })).toBe('My apps');
  });

  it('offers a name for Save with a secret typed in the path masked, as the saved draft masks it', () => {
    for (const path of [
      '/v2/self;access_token=s3cr3t',
      '/v2/organisations/o;password=s3cr3t;v=1',
      '/v2/self?token=s3cr3t',
    ]) {
      const name = suggestedSaveName(tab('a', path));
      expect(name).not.toContain('s3cr3t');
      expect(name).toContain(encodeURIComponent(REDACTED));
    }
    expect(suggestedSaveName(tab('a', '/v2/organisations/{organisationId}/applications'))).toBe(
      'GET /{organisationId}/applications',
    );
    expect(suggestedSaveName(tab('a', '/v2/a;b=c/d;e'))).toBe('GET /a;b=c/d;e');
    expect(suggestedSaveName({ ...tab('a', '/v2/self;token=s3cr3t'), name: 'My apps' })).toBe('My apps');
  });

  it('adds after the active tab and activates it, up to MAX_TABS', () => {
    let set = createTabSet(createDraft(), 'a');
    set = addTab(set, tab('b')) ?? set;
    set = { ...set, activeId: 'a' };
    set = addTab(set, tab('c')) ?? set;
    expect(set.tabs.map((item) => item.id)).toEqual(['a', 'c', 'b']);
    expect(set.activeId).toBe('c');
    let full = createTabSet(createDraft(), 't0');
    for (let i = 1; i < MAX_TABS; i += 1) full = addTab(full, tab(`t${i}`)) ?? full;
    expect(full.tabs).toHaveLength(MAX_TABS);
    expect(addTab(full, tab('extra'))).toBeUndefined();
  });

  it('closing the active tab activates its right neighbour, then the left one; the last leaves a fresh one', () => {
    const set = { tabs: [tab('a'), tab('b'), tab('c')], activeId: 'b' };
    expect(closeTab(set, 'b', fresh).activeId).toBe('c');
    expect(closeTab({ ...set, activeId: 'c' }, 'c', fresh).activeId).toBe('b');
    expect(closeTab(set, 'a', fresh)).toEqual({ tabs: [set.tabs[1], set.tabs[2]], activeId: 'b' });
    expect(closeTab({ tabs: [tab('a')], activeId: 'a' }, 'a', fresh)).toEqual({ tabs: [fresh()], activeId: 'fresh' });
  });

  it('moves a tab within the strip, not past its ends', () => {
    const set = { tabs: [tab('a'), tab('b')], activeId: 'a' };
    expect(moveTab(set, 'a', 1).tabs.map((item) => item.id)).toEqual(['b', 'a']);
    expect(moveTab(set, 'a', -1)).toBe(set);
  });

  it('opens in one preview tab: the active one when it is blank or the preview, else the preview elsewhere, else a new one', () => {
    const never = () => false;
    // A worked-on tab is never replaced: the preview opens after it.
    const base = { tabs: [tab('a', '/v2/organisations')], activeId: 'a' };
    const first = openPreviewTab(base, tab('p1', '/v2/summary'), never);
    expect(first?.replaced).toBeUndefined();
    expect(first?.set.tabs.map((item) => [item.id, item.preview ?? false])).toEqual([
      ['a', false],
      ['p1', true],
    ]);
    expect(first?.set.activeId).toBe('p1');
    // From the preview itself, or from the worked-on tab, the next one replaces the preview where it is.
    const second = openPreviewTab(first?.set ?? base, tab('p2'), never);
    expect(second?.replaced).toBe('p1');
    const third = openPreviewTab({ ...(second?.set ?? base), activeId: 'a' }, tab('p3'), never);
    expect(third?.replaced).toBe('p2');
    expect(third?.set.tabs.map((item) => item.id)).toEqual(['a', 'p3']);
    // A blank active tab is taken in place.
    const blank = openPreviewTab({ tabs: [tab('b')], activeId: 'b' }, tab('p'), isBlankTab);
    expect(blank).toEqual({ set: { tabs: [{ ...tab('p'), preview: true }], activeId: 'p' }, replaced: 'b' });
    // Kept, it is an ordinary tab: the next preview opens beside it.
    const kept = keepTab(third?.set ?? base, 'p3');
    expect(kept.tabs.some((item) => item.preview)).toBe(false);
    expect(openPreviewTab(kept, tab('p4'), never)?.set.tabs.map((item) => item.id)).toEqual(['a', 'p3', 'p4']);
    // Full, with no preview to replace: refused.
    let full = createTabSet(createDraft({ path: '/v2/x' }), 't0');
    for (let i = 1; i < MAX_TABS; i += 1) full = addTab(full, tab(`t${i}`, '/v2/x')) ?? full;
    expect(openPreviewTab(full, tab('extra'), isBlankTab)).toBeUndefined();
  });

  it('calls a tab blank only when it holds a fresh draft and is neither saved nor a preview', () => {
    expect(isBlankTab(tab('a'))).toBe(true);
    expect(isBlankTab({ id: 'a', draft: createDraft({ signatureMethod: 'HMAC-SHA1' }) })).toBe(true);
    expect(isBlankTab(tab('a', '/v2/summary'))).toBe(false);
    expect(isBlankTab({ ...tab('a'), savedId: 'req-1' })).toBe(false);
    expect(isBlankTab({ ...tab('a'), preview: true })).toBe(false);
  });
});

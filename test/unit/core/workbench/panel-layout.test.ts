import { describe, expect, it } from 'vitest';
import { clampLayoutValue, readPanelLayout } from '../../../../src/core/workbench/panel-layout.ts';

describe('panel layout', () => {
  it('keeps stored sizes within bounds and drops what is not a size', () => {
    expect(readPanelLayout({ sideWidth: 400, composerShare: 0.3 })).toEqual({ sideWidth: 400, composerShare: 0.3 });
    expect(readPanelLayout({ sideWidth: 5, composerShare: 2, sideHeight: Number.NaN, other: 1 })).toEqual({
      sideWidth: 200,
      composerShare: 0.85,
    });
    expect(readPanelLayout('nonsense')).toEqual({});
    expect(readPanelLayout(undefined)).toEqual({});
    expect(clampLayoutValue('sideHeight', 10_000)).toBe(900);
  });
});

import { describe, expect, it } from 'vitest';
import { WORK_LIMIT } from '../../../../../src/core/workbench/jq/evaluate.ts';
import { nestedRepetitionAt } from '../../../../../src/core/workbench/jq/regex-safety.ts';
import { runJqFilter } from '../../../../../src/core/workbench/jq-filter.ts';

/**
 * Most cases run with a smaller allowance than the panel's: spending WORK_LIMIT's 20 M steps takes seconds per
 * filter (a minute of CI for this file), and where a filter stops is the same mechanism at any allowance. One
 * case spends the real limit.
 */
const SMALL_LIMIT = 200_000;

// Filters from hostile places (a collection file's checks, a pasted filter) run on the panel's thread: each must
// end, with a message, instead of freezing the panel or filling its memory.
describe('jq filters that would never end', () => {
  it('the real allowance stops a filter that would never end', () => {
    expect(runJqFilter('last(range(1; infinite))', null)).toMatchObject({
      ok: false,
      message: `The filter stopped after ${WORK_LIMIT.toLocaleString('en')} steps: it does too much work to finish here.`,
    });
    // Seconds on a quiet machine; a loaded one (tests of other files running beside it) takes many times that.
  }, 120_000);

  it.each([
    ['[range(1e9)] | length', null],
    ['last(range(1; infinite))', null],
    ['[range(0; 1; 0)] | length', null],
    ['reduce range(1e12) as $i (0; . + $i)', null],
  ])('%s stops at the work limit', (filter, input) => {
    const result = runJqFilter(filter, input, SMALL_LIMIT);
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/stopped after 200,000 steps/) });
  });

  it.each([
    ['reduce range(30) as $i ({}; {a: ., b: .}) | tojson | length', /stopped after/],
    ['reduce range(30) as $i ([1]; . + .) | length', /stopped after/],
    ['reduce range(27) as $i ("x"; . + .) | length', /String result too long/],
    ['"x" * 1e8 | length', /Repeat string result too long/],
  ])('%s: a value doubled each step ends with a message, not out of memory', (filter, message) => {
    expect(runJqFilter(filter, null, SMALL_LIMIT)).toMatchObject({
      ok: false,
      message: expect.stringMatching(message),
    });
  });

  it('length still counts code points', () => {
    expect(runJqFilter('"é😀a\\ud83d" | length', null)).toEqual({ ok: true, values: [4] });
    expect(runJqFilter('reduce range(20) as $i ("x"; . + .) | length', null)).toEqual({ ok: true, values: [2 ** 20] });
  });

  it('repeat without end stops too (on recursion depth, before the work limit)', () => {
    expect(runJqFilter('[limit(1e9; repeat(1))] | length', null)).toMatchObject({ ok: false });
  });

  it('the work limit is not a jq error that try or ? could swallow', () => {
    for (const filter of ['try ([range(1e9)] | length) catch "caught"', '[range(1e9)]? // "none"']) {
      expect(runJqFilter(filter, null, SMALL_LIMIT)).toMatchObject({
        ok: false,
        message: expect.stringMatching(/stopped after/),
      });
    }
  });

  it('a filter over a large answer still finishes', () => {
    const apps = Array.from({ length: 50_000 }, (_, i) => ({ id: `app_${i}`, name: `n${i}`, tags: ['a'], n: i }));
    expect(runJqFilter('[.[] | select(.n % 2 == 0) | {id, t: (.tags | join(","))}] | length', apps)).toEqual({
      ok: true,
      values: [25_000],
    });
    expect(runJqFilter('[paths] | length', apps)).toEqual({ ok: true, values: [50_000 * 6] });
  });

  it('the next run starts with a full allowance', () => {
    runJqFilter('[range(1e9)]', null, SMALL_LIMIT);
    expect(runJqFilter('[range(5)] | add', null)).toEqual({ ok: true, values: [10] });
  });
});

describe('regexes that backtrack exponentially', () => {
  const almost = `"${'a'.repeat(40)}!"`;
  it.each(['(a+)+$', '(a*)*b', '(?:a+){2,}$', '(\\w+\\s?)*$', '((a)+)*$', '(x|(a+))+$'])(
    'test(%j) on an almost-matching text is refused, not run',
    (pattern) => {
      const result = runJqFilter(`${almost} | test(${JSON.stringify(pattern)})`, null);
      expect(result).toMatchObject({
        ok: false,
        message: expect.stringContaining('repeats a group that itself repeats'),
      });
    },
  );

  it.each([
    ['(ab)+', undefined],
    ['(a|b)*c', undefined],
    ['(a+)?', undefined],
    ['(a+){1}', undefined],
    ['[(a+)]+', undefined],
    ['\\(a+\\)+', undefined],
    ['x(?<n>a+)*', 1],
  ])('nestedRepetitionAt(%j) is %j', (pattern, at) => {
    expect(nestedRepetitionAt(pattern)).toBe(at);
  });

  it('ordinary patterns still match', () => {
    expect(runJqFilter('"app_12 app_3" | [scan("app_[0-9]+")]', null)).toEqual({
      ok: true,
      values: [['app_12', 'app_3']],
    });
    expect(runJqFilter('"a-b-c" | test("^(\\\\w-)+\\\\w$")', null)).toEqual({ ok: true, values: [true] });
  });
});

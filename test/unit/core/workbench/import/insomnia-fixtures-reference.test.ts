/**
 * Keyhole's Postman and Insomnia readers over the collections Insomnia's own importer tests read (its fixtures for
 * Postman v2.0/v2.1 — auth of every kind, complex URLs, form bodies, faker variables, scripts — and its Insomnia v3
 * export): every request of each file must come in (the ones whose method Keyhole does not send named in a notice),
 * none with an exception of our own, and no credential the fixtures carry may survive. The fixtures are Insomnia's
 * (Apache-2.0), read at test time from a checkout of github.com/Kong/insomnia (plain or bare) named by
 * KEYHOLE_INSOMNIA_REPO; nothing of it is copied here. Without one, it is skipped.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCollectionText } from '../../../../../src/core/workbench/collection-import.ts';

const REPO = process.env.KEYHOLE_INSOMNIA_REPO ?? '/work/.mirror/Kong+insomnia/repo';
const bare = existsSync(join(REPO, 'HEAD')) && !existsSync(join(REPO, '.git'));
const FIXTURES = 'packages/insomnia/src/utils/importers/importers/fixtures';

const git = (...args: string[]) =>
  execFileSync('git', bare ? ['--git-dir', REPO, ...args] : ['-C', REPO, ...args]).toString();
const read = (path: string) => (bare ? git('show', `HEAD:${path}`) : readFileSync(join(REPO, path), 'utf8'));
const list = (): string[] =>
  existsSync(REPO)
    ? (bare ? git('ls-tree', '-r', '--name-only', 'HEAD', FIXTURES) : git('ls-files', FIXTURES))
        .split('\n')
        .filter((path) => /\/(postman\/[^/]+-v2_[01][^/]*|insomnia-3\/[^/]+)-input\.json$/.test(path))
    : [];

/** Requests in a Postman collection (items without sub-items), counted iteratively. */
function postmanRequests(value: { item?: unknown[] }): number {
  let count = 0;
  const stack = [...(value.item ?? [])];
  while (stack.length > 0) {
    const item = stack.pop() as { item?: unknown[]; request?: unknown };
    if (Array.isArray(item?.item)) stack.push(...item.item);
    else if (item?.request) count += 1;
  }
  return count;
}

/** The credential values the fixtures carry in their auth blocks (`password`, `token`, `secret`… keys). */
function credentials(value: unknown): string[] {
  const found: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      const key = typeof record.key === 'string' ? record.key : '';
      if (
        /^(password|token|accessToken|refreshToken|clientSecret|consumerSecret|tokenSecret|secretKey|accessKey|secret)$/i.test(
          key,
        ) &&
        typeof record.value === 'string' &&
        record.value.length > 5
      )
        found.push(record.value);
      stack.push(...Object.values(record));
    }
  }
  return found.filter((secret) => !/^\{\{.*\}\}$/.test(secret));
}

const found = list();

describe.skipIf(found.length === 0)(`Insomnia's importer fixtures (${REPO})`, () => {
  it('finds them, with credentials to look for', () => {
    expect(found.length).toBeGreaterThan(10);
    expect(found.flatMap((path) => credentials(JSON.parse(read(path)))).length).toBeGreaterThan(10);
  });
  for (const path of found) {
    it(path.slice(FIXTURES.length + 1), () => {
      const text = read(path);
      const value = JSON.parse(text) as { item?: unknown[]; resources?: { _type?: string }[] };
      const imported = importCollectionText(text, path.replace(/^.*\//, ''));
      const expected = value.resources
        ? value.resources.filter((resource) => resource._type === 'request').length
        : postmanRequests(value);
      const leftOut = imported.notices.filter((line) =>
        /is not one Keyhole sends; the request was left out/.test(line),
      );
      expect(imported.requests.length + leftOut.length).toBe(expected);
      const all = JSON.stringify(imported);
      for (const secret of credentials(value)) expect(all, secret).not.toContain(secret);
    });
  }
});

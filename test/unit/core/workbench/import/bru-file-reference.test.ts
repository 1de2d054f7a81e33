/**
 * Keyhole's .bru reader judged by Bruno's own parser tests: each `.bru` fixture of Bruno's `bruno-lang` package
 * with the JSON Bruno's parser gives for it is read by `parseBru`, and every part Keyhole imports (meta, the method
 * block, query and path params, headers, text bodies, form fields, environment variables) must be what Bruno read.
 * The fixtures are Bruno's (MIT), read at test time from a checkout of github.com/usebruno/bruno (a plain checkout
 * or a bare git directory) named by KEYHOLE_BRUNO_REPO; nothing of it is copied here. Without one, it is skipped.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BruBlock, dictionaryOf, parseBru, textOf } from '../../../../../src/core/workbench/import/bru-file.ts';

const REPO = process.env.KEYHOLE_BRUNO_REPO ?? '/work/.mirror/usebruno+bruno/repo';
const bare = existsSync(join(REPO, 'HEAD')) && !existsSync(join(REPO, '.git'));
const available = existsSync(REPO);

function read(path: string): string {
  return bare
    ? execFileSync('git', ['--git-dir', REPO, 'show', `HEAD:${path}`]).toString()
    : readFileSync(join(REPO, path), 'utf8');
}

function list(): string[] {
  const all = bare
    ? execFileSync('git', ['--git-dir', REPO, 'ls-tree', '-r', '--name-only', 'HEAD', 'packages/bruno-lang'])
        .toString()
        .split('\n')
    : execFileSync('git', ['-C', REPO, 'ls-files', 'packages/bruno-lang']).toString().split('\n');
  return all.filter((path) => path.endsWith('.bru'));
}

/** The .bru fixture → its expected JSON: beside it, or in the sibling json/ folder. */
function pairs(): { bru: string; json: string }[] {
  const files = new Set(list());
  const jsonFiles = bare
    ? execFileSync('git', ['--git-dir', REPO, 'ls-tree', '-r', '--name-only', 'HEAD', 'packages/bruno-lang'])
        .toString()
        .split('\n')
    : execFileSync('git', ['-C', REPO, 'ls-files', 'packages/bruno-lang']).toString().split('\n');
  const json = new Set(jsonFiles.filter((path) => path.endsWith('.json')));
  return [...files].flatMap((bru) => {
    const candidates = [bru.replace(/\.bru$/, '.json'), bru.replace('/bru/', '/json/').replace(/\.bru$/, '.json')];
    const match = candidates.find((candidate) => json.has(candidate));
    // v2 is the .bru language Bruno writes today (v1 and example/ hold its 2022 format).
    return match && bru.includes('/v2/') ? [{ bru, json: match }] : [];
  });
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch', 'options', 'head', 'connect', 'trace', 'http'];

const pairRows = (blocks: BruBlock[], name: string) =>
  (dictionaryOf(blocks, name) ?? []).map((pair) => ({ name: pair.name, value: pair.value, enabled: pair.enabled }));

/** What Keyhole reads of a file, in the shape of Bruno's JSON (only the parts Keyhole imports). */
function ours(blocks: BruBlock[]) {
  const method = blocks.find((block) => METHODS.includes(block.name));
  const http = method?.kind === 'dictionary' ? method.pairs : [];
  const value = (key: string) => http.find((pair) => pair.name === key)?.value;
  return {
    meta: Object.fromEntries((dictionaryOf(blocks, 'meta') ?? []).map((pair) => [pair.name, pair.value])),
    http: {
      method: method?.name === 'http' ? value('method') : method?.name,
      url: value('url'),
      body: value('body'),
      auth: value('auth'),
    },
    params: [
      ...pairRows(blocks, 'params:query').map((row) => ({ ...row, type: 'query' })),
      ...pairRows(blocks, 'params:path').map((row) => ({ ...row, type: 'path' })),
    ],
    headers: pairRows(blocks, 'headers'),
    body: {
      json: textOf(blocks, 'body:json'),
      text: textOf(blocks, 'body:text'),
      xml: textOf(blocks, 'body:xml'),
      sparql: textOf(blocks, 'body:sparql'),
      formUrlEncoded: pairRows(blocks, 'body:form-urlencoded'),
      multipartForm: pairRows(blocks, 'body:multipart-form').map(({ name, enabled }) => ({ name, enabled })),
    },
  };
}

type Json = Record<string, unknown>;

describe.skipIf(!available)(`.bru files read as Bruno's own parser reads them (${REPO})`, () => {
  const found = available ? pairs() : [];
  it('finds Bruno’s fixtures', () => expect(found.length).toBeGreaterThan(5));
  for (const { bru, json } of found) {
    it(bru.replace('packages/bruno-lang/', ''), () => {
      const expected = JSON.parse(read(json)) as Json;
      const got = ours(parseBru(read(bru)));
      const theirs = (expected.request ?? expected) as Json;
      const meta = theirs.meta as Json | undefined;
      if (meta?.name !== undefined) expect(got.meta.name).toBe(meta.name);
      // Bruno's parser gives a meta block without seq the seq 1 (the importer orders it so too).
      if (meta?.seq !== undefined) expect(String(got.meta.seq ?? 1)).toBe(String(meta.seq));
      const http = theirs.http as Json | undefined;
      if (http?.method !== undefined) expect(got.http.method?.toLowerCase()).toBe(String(http.method).toLowerCase());
      if (http?.url !== undefined) expect(got.http.url).toBe(http.url);
      if (http?.body !== undefined) expect(got.http.body).toBe(http.body);
      if (Array.isArray(theirs.params))
        expect(got.params).toEqual(
          (theirs.params as Json[]).map(({ name, value, enabled, type }) => ({ name, value, enabled, type })),
        );
      if (Array.isArray(theirs.headers))
        expect(got.headers).toEqual(
          (theirs.headers as Json[]).map(({ name, value, enabled }) => ({ name, value, enabled })),
        );
      const body = theirs.body as Json | undefined;
      for (const kind of ['json', 'text', 'xml', 'sparql'] as const)
        if (typeof body?.[kind] === 'string') expect(got.body[kind]).toBe(body[kind]);
      if (Array.isArray(body?.formUrlEncoded))
        expect(got.body.formUrlEncoded).toEqual(
          (body.formUrlEncoded as Json[]).map(({ name, value, enabled }) => ({ name, value, enabled })),
        );
      if (Array.isArray(body?.multipartForm))
        expect(got.body.multipartForm).toEqual(
          (body.multipartForm as Json[]).map(({ name, enabled }) => ({ name, enabled })),
        );
    });
  }
});

import { dataRecord } from '../../data-record.ts';
import { KeyholeError } from '../../errors.ts';
import type { ImportedEnvironment, ImportedRequest } from '../collection-file.ts';
import { looksLikeCredentialValue, looksSecretName } from '../redact-secrets.ts';
import type { KeyValueRow } from '../request-draft.ts';
import { type BruBlock, type BruPair, dictionaryOf, pairValue, parseBru, textOf } from './bru-file.ts';
import { draftOfParts, type ForeignParts } from './imported-draft.ts';
import { convertBraceVariables, splitImportedUrl } from './imported-url.ts';
import { describeDroppedHosts, NoticeList } from './notice-list.ts';

/**
 * A Bruno collection: a folder (picked as a folder, or zipped) holding `bruno.json`, one `.bru` file per request in
 * sub-folders, and `environments/*.bru`. Folders become Keyhole folders, requests keep their `seq` order, `{{var}}`
 * becomes `{var}` and an environment's `baseUrl` says which path prefix to keep. Auth, scripts, tests, assertions
 * and secret variables are left out, each named in a notice.
 */
export interface BrunoFile {
  /** The path inside the picked folder or zip, `/`-separated. */
  path: string;
  text: string;
}

export interface BrunoImport {
  name: string;
  requests: ImportedRequest[];
  environments: ImportedEnvironment[];
  notices: string[];
}

const METHODS = ['get', 'post', 'put', 'delete', 'patch', 'options', 'head', 'connect', 'trace'];

/** Whether a file list is a Bruno collection (its bruno.json, or .bru files). */
export function isBrunoCollection(files: readonly BrunoFile[]): boolean {
  return files.some((file) => /(^|\/)bruno\.json$/.test(file.path) || file.path.endsWith('.bru'));
}

const rows = (pairs: readonly BruPair[] | undefined): KeyValueRow[] =>
  (pairs ?? []).map((pair) => ({ name: pair.name, value: pair.value, enabled: pair.enabled }));

function bodyOf(mode: string, blocks: readonly BruBlock[]): ForeignParts['body'] {
  const raw = (block: string, contentType: string): ForeignParts['body'] => ({
    kind: 'raw',
    text: textOf(blocks, block) ?? '',
    contentType,
  });
  switch (mode) {
    case '':
    case 'none':
      return undefined;
    case 'json':
      return raw('body:json', 'application/json');
    case 'text':
      return raw('body:text', 'text/plain');
    case 'xml':
      return raw('body:xml', 'application/xml');
    case 'sparql':
      return raw('body:sparql', 'application/sparql-query');
    case 'formUrlEncoded':
      return { kind: 'form', fields: rows(dictionaryOf(blocks, 'body:form-urlencoded')) };
    case 'multipartForm': {
      const pairs = dictionaryOf(blocks, 'body:multipart-form') ?? [];
      const isFile = (pair: BruPair) => pair.value.startsWith('@file(');
      return {
        kind: 'multipart',
        fields: rows(pairs.filter((pair) => !isFile(pair))),
        files: pairs.filter(isFile).length,
      };
    }
    case 'graphql':
      return { kind: 'unsupported', what: 'GraphQL' };
    default:
      return { kind: 'unsupported', what: mode.slice(0, 40) };
  }
}

/** The collection's root: the folder holding bruno.json (the shallowest), else the files' common first folder. */
function rootOf(files: readonly BrunoFile[]): string {
  const manifests = files
    .map((file) => file.path)
    .filter((path) => /(^|\/)bruno\.json$/.test(path))
    .sort((a, b) => a.split('/').length - b.split('/').length);
  if (manifests[0] !== undefined) return manifests[0].slice(0, -'bruno.json'.length);
  const first = files[0]?.path.split('/')[0] ?? '';
  return files.every((file) => file.path.startsWith(`${first}/`)) ? `${first}/` : '';
}

const LEFT_OUT_BLOCKS: [RegExp, string][] = [
  [/^script:/, 'scripts'],
  [/^tests$/, 'tests'],
  [/^assert$/, 'assertions'],
  [/^vars:/, 'request variables'],
];

function readEnvironment(file: BrunoFile, notices: NoticeList): ImportedEnvironment {
  const blocks = parseBru(file.text);
  const name = file.path.replace(/^.*\//, '').replace(/\.bru$/, '');
  const variables: KeyValueRow[] = [];
  for (const pair of dictionaryOf(blocks, 'vars') ?? []) {
    if (looksSecretName(pair.name) || looksLikeCredentialValue(pair.value))
      notices.add(`Left out the variable ${pair.name}: it looks like a secret, and Keyhole signs with your session.`);
    else variables.push({ name: pair.name, value: convertBraceVariables(pair.value), enabled: pair.enabled });
  }
  const secrets = blocks.find((block) => block.name === 'vars:secret');
  if (secrets?.kind === 'list' && secrets.items.length > 0)
    notices.add(
      `left out its secret variables (${secrets.items.join(', ').slice(0, 200)}); Bruno keeps their values on your machine.`,
      name,
    );
  return { name, variables };
}

export function importBrunoCollection(files: readonly BrunoFile[]): BrunoImport {
  const root = rootOf(files);
  const inside = files
    .filter((file) => file.path.startsWith(root))
    .map((file) => ({ ...file, path: file.path.slice(root.length) }))
    .filter((file) => !/(^|\/)(node_modules|\.git)\//.test(file.path));
  const notices = new NoticeList();
  let name = root.replace(/\/$/, '').replace(/^.*\//, '') || 'Bruno';
  const manifest = inside.find((file) => file.path === 'bruno.json');
  if (manifest) {
    try {
      const parsed = JSON.parse(manifest.text) as { name?: unknown };
      if (typeof parsed?.name === 'string' && parsed.name.trim()) name = parsed.name.trim();
    } catch {
      notices.add('bruno.json is not valid JSON; the collection was named after its folder.');
    }
  }
  const environments = inside
    .filter((file) => /^environments\/[^/]+\.bru$/.test(file.path))
    .map((file) => readEnvironment(file, notices));
  const hostValues = new Map<string, string>();
  for (const environment of environments)
    for (const row of environment.variables) if (!hostValues.has(row.name)) hostValues.set(row.name, row.value);

  const hosts = new Set<string>();
  const found: { request: ImportedRequest; seq: number }[] = [];
  for (const file of inside) {
    if (!file.path.endsWith('.bru') || file.path.startsWith('environments/')) continue;
    const blocks = parseBru(file.text);
    const base = file.path.replace(/^.*\//, '');
    if (base === 'collection.bru' || base === 'folder.bru') {
      if (blocks.some((block) => /^(headers|auth|script:|vars:)/.test(block.name)))
        notices.add(`${file.path}: its folder-wide headers, auth, scripts and variables are not imported.`);
      continue;
    }
    const meta = dictionaryOf(blocks, 'meta');
    const label = pairValue(meta, 'name')?.trim() || base.replace(/\.bru$/, '');
    const type = pairValue(meta, 'type') ?? 'http';
    if (type !== 'http' && type !== 'graphql') {
      notices.add(`it is a ${type.slice(0, 20)} request, which Keyhole does not send; it was left out.`, label);
      continue;
    }
    const methodBlock = blocks.find((block) => METHODS.includes(block.name) || block.name === 'http');
    if (methodBlock?.kind !== 'dictionary') {
      notices.add('it has no request block (get, post, …); it was left out.', label);
      continue;
    }
    const method = methodBlock.name === 'http' ? (pairValue(methodBlock.pairs, 'method') ?? '') : methodBlock.name;
    const split = splitImportedUrl(pairValue(methodBlock.pairs, 'url') ?? '', hostValues);
    if (split.host) hosts.add(split.host);
    const params = dataRecord<string>();
    for (const pair of dictionaryOf(blocks, 'params:path') ?? [])
      if (pair.enabled && pair.value !== '') params[pair.name] = convertBraceVariables(pair.value);
    // Bruno keeps the URL's query and params:query in step; the block also has the disabled ones.
    const query = dictionaryOf(blocks, 'params:query');
    const draft = draftOfParts(
      {
        method,
        path: split.path,
        params,
        query: query ? rows(query) : split.query,
        headers: rows(dictionaryOf(blocks, 'headers')),
        body: bodyOf(pairValue(methodBlock.pairs, 'body') ?? 'none', blocks),
      },
      label,
      notices,
    );
    if (!draft) continue;
    const auth = pairValue(methodBlock.pairs, 'auth') ?? 'none';
    if (auth !== 'none' && auth !== 'inherit')
      notices.add('dropped its auth settings; Keyhole signs with your session.', label);
    const leftOut = LEFT_OUT_BLOCKS.filter(([pattern]) => blocks.some((block) => pattern.test(block.name))).map(
      ([, what]) => what,
    );
    if (leftOut.length > 0) notices.add(`its ${leftOut.join(', ')} are not imported.`, label);
    const folder = [name, ...file.path.split('/').slice(0, -1)].join('/');
    found.push({ request: { name: label, folder, draft }, seq: Number(pairValue(meta, 'seq') ?? 1) || 0 });
  }
  if (found.length === 0 && environments.length === 0)
    throw new KeyholeError('invalid-input', 'This folder holds no Bruno request (.bru file) Keyhole can import.');
  if (hosts.size > 0) notices.add(describeDroppedHosts(hosts));
  const requests = found
    .sort((a, b) =>
      a.request.folder < b.request.folder ? -1 : a.request.folder > b.request.folder ? 1 : a.seq - b.seq,
    )
    .map((item) => item.request);
  return {
    name,
    requests,
    environments: environments
      .filter((environment) => environment.variables.length > 0)
      .map((environment) => ({ ...environment, name: `${name} ${environment.name}` })),
    notices: notices.lines(),
  };
}

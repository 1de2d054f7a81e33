import { KeyholeError } from '../errors.ts';
import type { ProfileOrigins } from '../http/request-url.ts';
import {
  exportableDraft,
  type ImportedEnvironment,
  type ImportedRequest,
  parseCollectionEnvironments,
  parseCollectionFile,
} from './collection-file.ts';
import { importCurlCommand } from './curl.ts';
import { type BrunoFile, importBrunoCollection } from './import/bruno-import.ts';
import { describePlacement, type PlacementEntry, placeOnCatalog } from './import/catalog-placement.ts';
import { importHar, isHarFile } from './import/har-import.ts';
import { importInsomniaExport, isInsomniaExport } from './import/insomnia-import.ts';
import { isZip, readZipEntries, ZIP_LIMITS } from './import/zip-entries.ts';
import { importPostmanCollection, isPostmanCollection } from './postman-import.ts';
import { redactRows, redactUrl } from './redact-secrets.ts';

/**
 * One entry point for every file the Saved view imports: Keyhole's own collection, a Postman v2.0/v2.1 collection,
 * an Insomnia v4 export, a Bruno collection (a folder or a zip of `.bru` files), a HAR file (DevTools' Save all
 * as HAR), or a curl command. Requests are placed on the catalog (the base URL's path kept, path variables under
 * the catalog's names). Every request comes out masked like an export, so
 * nothing imported can hold a credential.
 */
export interface CollectionImport {
  format: 'keyhole' | 'postman' | 'insomnia' | 'bruno' | 'har' | 'curl';
  requests: ImportedRequest[];
  /** Environments the file carried (Keyhole's own, or a Postman collection's variables as one). */
  environments: ImportedEnvironment[];
  notices: string[];
}

/** Postman's v1 export: `order`, `folders` and `requests` at the top, no `info`. */
function isPostmanV1(value: unknown): boolean {
  const file = value as { requests?: unknown; order?: unknown; info?: unknown };
  return Array.isArray(file?.requests) && Array.isArray(file.order) && file.info === undefined;
}

/** Another tool's collection: its environments masked like an export. */
function foreignResult(
  format: CollectionImport['format'],
  imported: Pick<CollectionImport, 'requests' | 'environments' | 'notices'>,
): CollectionImport {
  return {
    format,
    requests: imported.requests,
    notices: imported.notices,
    environments: imported.environments.map((environment) => ({
      ...environment,
      variables: redactRows(environment.variables),
    })),
  };
}

/** Requests placed on the catalog (catalog-placement.ts); environments get the catalog's names beside theirs. */
function placed(result: CollectionImport, catalog: readonly PlacementEntry[] | undefined): CollectionImport {
  if (!catalog || result.format === 'keyhole') return result;
  const placement = placeOnCatalog(result.requests, catalog);
  // `{{orgId}}` renamed `{organisationId}`: the environment's orgId value fills it under its new name too (only
  // where the name was renamed one way: an `id` that is an organisation here and an application there is not).
  const targets = new Map<string, number>();
  for (const [from] of placement.renamed) targets.set(from, (targets.get(from) ?? 0) + 1);
  const environments = result.environments.map((environment) => {
    const names = new Set(environment.variables.map((row) => row.name));
    const aliases = placement.renamed.flatMap(([from, to]) => {
      if (targets.get(from) !== 1) return [];
      const source = environment.variables.find((row) => row.name === from);
      if (!source || names.has(to)) return [];
      names.add(to);
      return [{ ...source, name: to }];
    });
    return aliases.length > 0 ? { ...environment, variables: [...environment.variables, ...aliases] } : environment;
  });
  return {
    ...result,
    requests: placement.requests,
    environments,
    notices: [...describePlacement(placement, result.requests.length), ...result.notices],
  };
}

/**
 * `catalog`: the endpoints imported paths are matched against, so that they get the catalog's variable names (the
 * id pickers fill them); without it, paths are kept as the file has them.
 */
export function importCollectionText(
  text: string,
  fileName: string,
  origins?: ProfileOrigins,
  catalog?: readonly PlacementEntry[],
): CollectionImport {
  const trimmed = text.trim();
  if (trimmed === '') throw new KeyholeError('invalid-input', 'The file is empty.');
  const base = fileName.replace(/\.[^.]*$/, '') || 'Imported';
  let result: CollectionImport;
  if (/^curl\s/i.test(trimmed)) {
    const { draft, notices } = importCurlCommand(trimmed, origins);
    result = {
      format: 'curl',
      // Named after the masked path, as a saved request is.
      requests: [{ name: `${draft.method} ${redactUrl(draft.path, true)}`, folder: base, draft }],
      environments: [],
      notices,
    };
  } else {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      throw new KeyholeError(
        'invalid-input',
        /^type:\s*collection\.insomnia\.rest\//m.test(trimmed)
          ? 'This is an Insomnia v5 (YAML) export: in Insomnia, export it as Insomnia v4 (JSON) and import that.'
          : 'This file is neither JSON (a Keyhole, Postman or Insomnia collection, a HAR file) nor a curl command.',
      );
    }
    if (isPostmanV1(value)) {
      throw new KeyholeError(
        'invalid-input',
        'This is a Postman collection v1 (an old export format): in Postman, export it again as Collection v2.1.',
      );
    } else if (isPostmanCollection(value)) {
      const imported = importPostmanCollection(value);
      const environments =
        imported.variables.length > 0 ? [{ name: imported.name, variables: imported.variables }] : [];
      result = foreignResult('postman', { ...imported, environments });
    } else if (isInsomniaExport(value)) {
      result = foreignResult('insomnia', importInsomniaExport(value));
    } else if (isHarFile(value)) {
      result = { format: 'har', environments: [], ...importHar(value, origins, base) };
    } else {
      result = {
        format: 'keyhole',
        requests: parseCollectionFile(value),
        environments: parseCollectionEnvironments(value),
        notices: [],
      };
    }
  }
  result = placed(result, catalog);
  return { ...result, requests: result.requests.map((item) => ({ ...item, draft: exportableDraft(item.draft) })) };
}

/** What one import may read: a 30 MB Postman export is real; a file or folder much past that is a mistake. */
export const IMPORT_LIMITS = { maxFileBytes: 64 * 1024 * 1024, maxFiles: ZIP_LIMITS.maxEntries };

/** Refuses a pick over the limits, with what to do; `sizes`: each file's bytes (read or not yet read). */
export function checkPickedSize(sizes: readonly number[]): void {
  if (sizes.length === 0) throw new KeyholeError('invalid-input', 'No file was picked.');
  if (sizes.length > IMPORT_LIMITS.maxFiles)
    throw new KeyholeError(
      'invalid-input',
      `The folder holds ${sizes.length} files; Keyhole imports up to ${IMPORT_LIMITS.maxFiles}.`,
    );
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total > IMPORT_LIMITS.maxFileBytes)
    throw new KeyholeError(
      'invalid-input',
      `${sizes.length === 1 ? 'The file is' : 'The files are'} ${Math.ceil(total / (1024 * 1024))} MB; Keyhole imports up to ${IMPORT_LIMITS.maxFileBytes / (1024 * 1024)} MB at once.`,
    );
}

export interface PickedFile {
  /** The file's name, or its path inside a picked folder (`webkitRelativePath`). */
  path: string;
  bytes: Uint8Array;
}

const isBrunoPath = (path: string) => /(^|\/)bruno\.json$/.test(path) || /\.bru$/.test(path);

const brunoResult = (files: readonly BrunoFile[]) => foreignResult('bruno', importBrunoCollection(files));

/**
 * One file (any format above, or a zipped Bruno collection) or a picked folder (a Bruno collection). Sizes are
 * checked before anything is parsed.
 */
export function importPickedFiles(
  files: readonly PickedFile[],
  origins?: ProfileOrigins,
  catalog?: readonly PlacementEntry[],
): CollectionImport {
  checkPickedSize(files.map((file) => file.bytes.length));
  const decoder = new TextDecoder();
  let result: CollectionImport;
  const single = files.length === 1 ? files[0] : undefined;
  if (single && !isZip(single.bytes) && !isBrunoPath(single.path)) {
    return importCollectionText(decoder.decode(single.bytes), single.path.replace(/^.*\//, ''), origins, catalog);
  }
  if (single && !isZip(single.bytes)) {
    result = brunoResult([{ path: single.path, text: decoder.decode(single.bytes) }]);
  } else if (single) {
    const entries = readZipEntries(single.bytes, isBrunoPath);
    if (entries.length === 0)
      throw new KeyholeError('invalid-input', 'This zip file holds no Bruno collection (no bruno.json or .bru file).');
    const folder = single.path.replace(/^.*\//, '').replace(/\.zip$/i, '') || 'Bruno';
    // A zip of the collection's files (bruno.json at its top, no folder around them) is named after the zip.
    const flat = entries.some((entry) => entry.name === 'bruno.json');
    result = brunoResult(
      entries.map((entry) => ({
        path: flat ? `${folder}/${entry.name}` : entry.name,
        text: decoder.decode(entry.bytes),
      })),
    );
  } else {
    const bruno = files.filter((file) => isBrunoPath(file.path));
    if (bruno.length === 0)
      throw new KeyholeError(
        'invalid-input',
        'This folder is not a Bruno collection (no bruno.json or .bru file); pick one file to import other formats.',
      );
    result = brunoResult(bruno.map((file) => ({ path: file.path, text: decoder.decode(file.bytes) })));
  }
  result = placed(result, catalog);
  return { ...result, requests: result.requests.map((item) => ({ ...item, draft: exportableDraft(item.draft) })) };
}

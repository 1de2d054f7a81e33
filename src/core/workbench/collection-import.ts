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
import { describePlacement, type PlacementEntry, placeOnCatalog } from './import/catalog-placement.ts';
import { importInsomniaExport, isInsomniaExport } from './import/insomnia-import.ts';
import { importPostmanCollection, isPostmanCollection } from './postman-import.ts';
import { redactRows } from './redact-secrets.ts';
import { importForeignRequest } from './request-import.ts';

/**
 * One entry point for every file the Saved view imports: Keyhole's own collection, a Postman v2.1 collection,
 * a HAR file (DevTools' Save all as HAR), or a curl command. Every request comes out masked like an export, so
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

interface HarFile {
  log?: {
    entries?: {
      request?: {
        method?: string;
        url?: string;
        headers?: { name?: string; value?: string }[];
        postData?: { mimeType?: string; text?: string };
      };
    }[];
  };
}

function importHar(file: HarFile, origins: ProfileOrigins | undefined, folder: string): CollectionImport {
  const notices = new Set<string>();
  const requests: ImportedRequest[] = [];
  for (const entry of file.log?.entries ?? []) {
    const request = entry.request;
    if (!request?.url || !request.method) continue;
    try {
      const imported = importForeignRequest(
        {
          method: request.method,
          url: request.url,
          headers: (request.headers ?? []).map((header) => [String(header.name ?? ''), String(header.value ?? '')]),
          ...(request.postData?.text
            ? { body: { text: request.postData.text, contentType: request.postData.mimeType ?? '' } }
            : {}),
        },
        origins,
      );
      for (const notice of imported.notices) notices.add(notice);
      requests.push({ name: `${imported.draft.method} ${imported.draft.path}`, folder, draft: imported.draft });
    } catch (error) {
      notices.add(error instanceof Error ? error.message : String(error));
    }
  }
  if (requests.length === 0)
    throw new KeyholeError('invalid-input', 'This HAR file holds no request Keyhole can import.');
  return { format: 'har', requests, environments: [], notices: [...notices] };
}

/** Requests placed on the catalog (catalog-placement.ts); environments get the catalog's names beside theirs. */
function placed(result: CollectionImport, catalog: readonly PlacementEntry[] | undefined): CollectionImport {
  if (!catalog || result.format === 'keyhole') return result;
  const placement = placeOnCatalog(result.requests, catalog);
  // `{{orgId}}` renamed `{organisationId}`: the environment's orgId value fills it under its new name too.
  const environments = result.environments.map((environment) => {
    const names = new Set(environment.variables.map((row) => row.name));
    const aliases = placement.renamed.flatMap(([from, to]) => {
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
      requests: [{ name: `${draft.method} ${draft.path}`, folder: base, draft }],
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
      result = {
        format: 'postman',
        requests: imported.requests,
        notices: imported.notices,
        environments:
          imported.variables.length > 0 ? [{ name: imported.name, variables: redactRows(imported.variables) }] : [],
      };
    } else if (isInsomniaExport(value)) {
      const imported = importInsomniaExport(value);
      result = {
        format: 'insomnia',
        requests: imported.requests,
        notices: imported.notices,
        environments: imported.environments.map((environment) => ({
          ...environment,
          variables: redactRows(environment.variables),
        })),
      };
    } else if ((value as HarFile)?.log?.entries) {
      result = importHar(value as HarFile, origins, base);
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

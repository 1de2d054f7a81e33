/**
 * `@clevercloud/client`'s `esm/api/v2/*.js` and `esm/api/v4/*.js`: one exported function per endpoint, each
 * documented with `METHOD /path` lines (two for functions that serve both `/self` and `/organisations/{id}`) and
 * returning `{method, url, queryParams: pickNonNull(params, [names]), body}`. Read as an AST, never run.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type AstNode,
  identifierName,
  isNode,
  leadingComment,
  parseFile,
  stringLiteral,
  templateToPath,
  walk,
} from './js-ast.ts';

export interface ClientApiEndpoint {
  method: string;
  /** Absolute path template as the JSDoc names it, with the version prefix the URL uses. */
  path: string;
  query: string[];
  hasBody: boolean;
  contentType?: string;
  /** `esm/api/v2/organisation.js#getAll` */
  ref: string;
}

const DOC_LINE = /^\s*\*\s*(GET|POST|PUT|PATCH|DELETE|HEAD)\s+(\/\S*)\s*$/gm;

function propertyValue(object: AstNode, name: string): AstNode | undefined {
  for (const property of object.properties as AstNode[]) {
    if (property.type !== 'Property') continue;
    if ((identifierName(property.key) ?? stringLiteral(property.key)) === name) return property.value as AstNode;
  }
  return undefined;
}

/** The `{method, url, …}` object a function returns (inside `Promise.resolve(…)`). */
function findRequestObject(fn: AstNode): AstNode | undefined {
  for (const node of walk(fn)) {
    if (node.type !== 'ObjectExpression') continue;
    if (propertyValue(node, 'method') && propertyValue(node, 'url')) return node;
  }
  return undefined;
}

function readQueryNames(request: AstNode): string[] {
  const query = propertyValue(request, 'queryParams');
  if (query?.type !== 'CallExpression') return [];
  const list = (query.arguments as AstNode[])[1];
  if (!isNode(list) || list.type !== 'ArrayExpression') return [];
  return (list.elements as unknown[]).map(stringLiteral).filter((name): name is string => name !== undefined);
}

export function readFunction(fn: AstNode, doc: string | undefined, ref: string): ClientApiEndpoint[] {
  const request = findRequestObject(fn);
  if (!request || !doc) return [];
  const method = stringLiteral(propertyValue(request, 'method'))?.toUpperCase();
  const url = templateToPath(propertyValue(request, 'url') as AstNode);
  const prefix = url && /^\/v\d+/.exec(url)?.[0];
  if (!method || !prefix) return [];
  const headers = propertyValue(request, 'headers');
  const contentType = headers ? stringLiteral(propertyValue(headers, 'Content-Type')) : undefined;
  const hasBody = propertyValue(request, 'body') !== undefined;
  const query = readQueryNames(request);
  const endpoints: ClientApiEndpoint[] = [];
  for (const match of doc.matchAll(DOC_LINE)) {
    if (match[1] !== method) continue;
    const documented = match[2] as string;
    // A few doc lines already carry the prefix.
    const path = /^\/v\d+\//.test(documented) ? documented : `${prefix}${documented}`;
    endpoints.push({ method, path, query, hasBody, ...(contentType ? { contentType } : {}), ref });
  }
  return endpoints;
}

export async function readClientApi(packageDir: string): Promise<ClientApiEndpoint[]> {
  const endpoints: ClientApiEndpoint[] = [];
  for (const version of ['v2', 'v4']) {
    const dir = join(packageDir, 'esm/api', version);
    const files = (await readdir(dir)).filter((name) => name.endsWith('.js')).sort();
    for (const name of files) {
      const file = await parseFile(join(dir, name));
      for (const statement of file.program.body as AstNode[]) {
        if (statement.type !== 'ExportNamedDeclaration') continue;
        const declaration = statement.declaration as AstNode | null;
        if (declaration?.type !== 'FunctionDeclaration') continue;
        const functionName = identifierName(declaration.id) ?? '?';
        const ref = `esm/api/${version}/${name}#${functionName}`;
        endpoints.push(...readFunction(declaration, leadingComment(file, statement), ref));
      }
    }
  }
  return endpoints;
}

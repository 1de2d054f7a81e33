/**
 * `@clevercloud/client`'s newer commands (`src/clients/cc-api/commands/**`): each class names its endpoints in
 * `@endpoint [METHOD] /v4/…/:XXX` lines, builds the request in `toRequestParams` (`get(safeUrl\`…${params.x}\`,
 * new QueryParams().set('since', …))`, `post(url, {…})`, or `{method, url}`) and reads the response in
 * `transformCommandOutput`, usually through a `transformX(payload)` function that reads `payload.field`s.
 * This reader keeps the facts: method, path (with the client's parameter names), query names, body field names
 * and the top-level response fields its transforms read. Read as an AST, never run.
 */
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import {
  type AstNode,
  identifierName,
  isNode,
  leadingComment,
  memberProperty,
  objectKeys,
  type ParsedFile,
  parseFile,
  stringLiteral,
  templateToPath,
  walk,
} from './js-ast.ts';
import { readResponseFields, TransformResolver } from './read-response-fields.ts';

export interface ClientCommandEndpoint {
  method: string;
  path: string;
  query: string[];
  bodyFields?: string[];
  hasBody: boolean;
  responseFields?: string[];
  internal: boolean;
  /** True when this class builds the request itself (not a composite naming an inner command's call). */
  direct: boolean;
  group?: string;
  /** `src/clients/cc-api/commands/invoice/list-invoice-command.js#ListInvoiceCommand` */
  ref: string;
}

const BUILDERS: Record<string, string> = {
  get: 'GET',
  post: 'POST',
  postJson: 'POST',
  put: 'PUT',
  putJson: 'PUT',
  patch: 'PATCH',
  patchJson: 'PATCH',
  delete_: 'DELETE',
  head: 'HEAD',
};
const ENDPOINT_LINE = /@endpoint\s+\[(GET|POST|PUT|PATCH|DELETE|HEAD)\]\s+(\/\S+)/g;
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(path)));
    else if (entry.name.endsWith('.js')) files.push(path);
  }
  return files;
}

/** `safeUrl\`…\``, a template or a string: the path with `{name}` placeholders. */
function urlOf(node: unknown): string | undefined {
  if (!isNode(node)) return undefined;
  if (node.type === 'TaggedTemplateExpression') return templateToPath(node.quasi as AstNode);
  return templateToPath(node);
}

interface RequestFound {
  method: string;
  path: string;
  bodyFields?: string[];
  hasBody: boolean;
}

/** A method of the class by name, private (`#getBody`) or not. */
function methodNamed(cls: AstNode, name: string): AstNode | undefined {
  for (const member of (cls.body as AstNode).body as AstNode[]) {
    if (member.type !== 'MethodDefinition') continue;
    const key = member.key as AstNode;
    if ((key.type === 'Identifier' || key.type === 'PrivateIdentifier') && key.name === name)
      return member.value as AstNode;
  }
  return undefined;
}

/**
 * The field names of a body: an object literal, or what a helper method of the class (`this.#getBody(…)`) builds:
 * the object it returns or the `const body = {…}` it returns, plus the fields it adds later (`body.a.b = …`).
 */
function bodyFieldsOf(body: unknown, cls: AstNode): string[] | undefined {
  if (!isNode(body)) return undefined;
  if (body.type === 'ObjectExpression') return objectKeys(body);
  if (body.type !== 'CallExpression' || !isNode(body.callee) || body.callee.type !== 'MemberExpression')
    return undefined;
  if ((body.callee.object as AstNode).type !== 'ThisExpression') return undefined;
  const helper = methodNamed(cls, ((body.callee.property as AstNode).name as string | undefined) ?? '');
  if (!helper) return undefined;
  const returned = [...walk(helper)].find((node) => node.type === 'ReturnStatement')?.argument as AstNode | undefined;
  if (returned?.type === 'ObjectExpression') return objectKeys(returned);
  const variable = identifierName(returned);
  if (!variable) return undefined;
  const fields: string[] = [];
  for (const node of walk(helper)) {
    if (node.type === 'VariableDeclarator' && identifierName(node.id) === variable && isNode(node.init))
      fields.push(...objectKeys(node.init));
    if (node.type === 'AssignmentExpression' && isNode(node.left) && node.left.type === 'MemberExpression') {
      const path: string[] = [];
      let at: AstNode = node.left;
      while (at.type === 'MemberExpression' && !at.computed) {
        path.unshift(memberProperty(at) ?? '');
        at = at.object as AstNode;
      }
      if (identifierName(at) === variable && path.every(Boolean)) fields.push(path.join('.'));
    }
  }
  return fields.length > 0 ? [...new Set(fields)] : undefined;
}

function findRequests(method: AstNode, cls: AstNode): RequestFound[] {
  const found: RequestFound[] = [];
  for (const node of walk(method)) {
    if (node.type === 'CallExpression') {
      const builder = BUILDERS[identifierName(node.callee) ?? ''];
      const args = node.arguments as AstNode[];
      const path = urlOf(args[0]);
      if (!builder || !path?.startsWith('/v')) continue;
      const body = args[1];
      const hasBody = builder !== 'GET' && builder !== 'DELETE' && isNode(body);
      const fields = bodyFieldsOf(body, cls);
      found.push({ method: builder, path, hasBody, ...(fields && fields.length > 0 ? { bodyFields: fields } : {}) });
    } else if (node.type === 'ObjectExpression') {
      let verb: string | undefined;
      let path: string | undefined;
      let body: AstNode | undefined;
      for (const property of node.properties as AstNode[]) {
        if (property.type !== 'Property') continue;
        const key = identifierName(property.key);
        if (key === 'method') verb = stringLiteral(property.value);
        if (key === 'url') path = urlOf(property.value);
        if (key === 'body') body = property.value as AstNode;
      }
      if (!verb || !path?.startsWith('/v')) continue;
      const fields = bodyFieldsOf(body, cls);
      found.push({
        method: verb.toUpperCase(),
        path,
        hasBody: body !== undefined,
        ...(fields && fields.length > 0 ? { bodyFields: fields } : {}),
      });
    }
  }
  return found;
}

function findQueryNames(method: AstNode): string[] {
  const names: string[] = [];
  for (const node of walk(method)) {
    if (node.type !== 'CallExpression' || !isNode(node.callee)) continue;
    const called = memberProperty(node.callee);
    if (called !== 'set' && called !== 'append') continue;
    const name = stringLiteral((node.arguments as AstNode[])[0]);
    if (name && !names.includes(name)) names.push(name);
  }
  return names;
}

function classMethod(cls: AstNode, name: string): AstNode | undefined {
  for (const member of (cls.body as AstNode).body as AstNode[]) {
    if (member.type === 'MethodDefinition' && identifierName(member.key) === name) return member.value as AstNode;
  }
  return undefined;
}

/**
 * The parameters a command declares as holding an add-on's real id (`getIdsToResolve() { return { addonId:
 * 'REAL_ADDON_ID' } }`): the client resolves the add-on id the caller gives into the provider's id before building
 * the URL, so that placeholder is the real id whatever the command calls it.
 */
function realAddonIdParams(cls: AstNode): Set<string> {
  const names = new Set<string>();
  const method = classMethod(cls, 'getIdsToResolve');
  if (!method) return names;
  for (const node of walk(method)) {
    if (node.type !== 'Property') continue;
    const value = node.value as AstNode;
    const kind =
      stringLiteral(value) ??
      (value.type === 'ObjectExpression'
        ? (value.properties as AstNode[])
            .filter((property) => identifierName(property.key) === 'type')
            .map((property) => stringLiteral(property.value))[0]
        : undefined);
    const name = identifierName(node.key) ?? stringLiteral(node.key);
    if (kind === 'REAL_ADDON_ID' && name) names.add(name);
  }
  return names;
}

const REAL_ADDON_ID_PLACEHOLDER = 'addonRealId';

const shapeOf = (path: string) => path.replace(/\{[^}]*\}|:XXX/g, '*');

export async function readClientCommands(packageDir: string): Promise<ClientCommandEndpoint[]> {
  const root = join(packageDir, 'src/clients/cc-api/commands');
  const resolver = new TransformResolver();
  const endpoints: ClientCommandEndpoint[] = [];
  for (const path of await listFiles(root)) {
    const file = await parseFile(path);
    const classes = [...walk(file.program)].filter((node) => node.type === 'ClassDeclaration');
    // Every request built anywhere in the file, to give `@endpoint` lines their parameter names.
    const built: (RequestFound & { query: string[]; responseFields?: string[] | undefined; owner: AstNode })[] = [];
    for (const cls of classes) {
      const toRequest = classMethod(cls, 'toRequestParams');
      if (!toRequest) continue;
      const transform = classMethod(cls, 'transformCommandOutput');
      const responseFields = transform ? await readResponseFields(file, transform, resolver) : undefined;
      for (const request of findRequests(toRequest, cls))
        built.push({ ...request, query: findQueryNames(toRequest), responseFields, owner: cls });
    }
    for (const cls of classes) {
      const doc = leadingComment(file, cls) ?? leadingComment(file, { ...cls, start: findExportStart(file, cls) });
      if (!doc) continue;
      const className = identifierName(cls.id) ?? '?';
      const ref = `${relative(packageDir, path)}#${className}`;
      const internal = /internal use only/i.test(doc);
      const group = /@group\s+(\S+)/.exec(doc)?.[1];
      for (const match of doc.matchAll(ENDPOINT_LINE)) {
        const method = match[1] as string;
        const documented = match[2] as string;
        const candidates = built.filter(
          (request) => request.method === method && shapeOf(request.path) === shapeOf(documented),
        );
        const request = candidates.find((candidate) => candidate.owner === cls) ?? candidates[0];
        const realIds = request ? realAddonIdParams(request.owner) : new Set<string>();
        const path = request?.path.replace(/\{([^}]*)\}/g, (whole, name: string) =>
          realIds.has(name) ? `{${REAL_ADDON_ID_PLACEHOLDER}}` : whole,
        );
        endpoints.push({
          method,
          path: path ?? documented.replace(/:XXX/g, '{}'),
          query: request?.query ?? [],
          hasBody: request?.hasBody ?? false,
          ...(request?.bodyFields ? { bodyFields: request.bodyFields } : {}),
          ...(request?.owner === cls && request.responseFields ? { responseFields: request.responseFields } : {}),
          internal,
          direct: request?.owner === cls,
          ...(group ? { group } : {}),
          ref,
        });
      }
    }
  }
  return endpoints;
}

/** Exported classes: the comment sits before `export`, not before `class`. */
function findExportStart(file: ParsedFile, cls: AstNode): number {
  for (const statement of file.program.body as AstNode[]) {
    if (statement.type === 'ExportNamedDeclaration' && statement.declaration === cls) return statement.start;
  }
  return cls.start;
}

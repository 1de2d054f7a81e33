/**
 * What the official client's commands read from a response: `transformCommandOutput(response)` reads fields
 * directly (`response.id`) or hands the response (or each item, `response.map(transformX)`) to a transform
 * function, declared in the file or imported from a sibling module, that reads `payload.field`s. Only top-level
 * field names are kept.
 */
import { dirname, resolve } from 'node:path';
import {
  type AstNode,
  identifierName,
  isNode,
  memberProperty,
  type ParsedFile,
  parseFile,
  stringLiteral,
  walk,
} from './js-ast.ts';

const ARRAY_METHODS = new Set([
  'map',
  'filter',
  'length',
  'find',
  'some',
  'every',
  'forEach',
  'reduce',
  'flatMap',
  'sort',
  'slice',
  'concat',
  'includes',
  'join',
  'at',
]);

/** Top-level fields read on `name` (`name.x`, `name?.x`) inside `root`, in order of first read. */
function fieldsReadOn(root: AstNode, name: string): string[] {
  const fields: string[] = [];
  for (const node of walk(root)) {
    if (node.type !== 'MemberExpression' || identifierName(node.object) !== name) continue;
    const field = memberProperty(node);
    if (field && !ARRAY_METHODS.has(field) && !fields.includes(field)) fields.push(field);
  }
  return fields;
}

/** Resolves transform functions by name: declared in the file, or imported from a sibling module. */
export class TransformResolver {
  private readonly files = new Map<string, Promise<ParsedFile>>();

  private parse(path: string): Promise<ParsedFile> {
    let file = this.files.get(path);
    if (!file) {
      file = parseFile(path);
      this.files.set(path, file);
    }
    return file;
  }

  async fieldsOf(file: ParsedFile, name: string, depth = 0): Promise<string[] | undefined> {
    if (depth > 3) return undefined;
    for (const node of walk(file.program)) {
      if (node.type === 'FunctionDeclaration' && identifierName(node.id) === name) {
        const parameter = identifierName((node.params as AstNode[])[0]);
        return parameter ? fieldsReadOn(node.body as AstNode, parameter) : undefined;
      }
    }
    for (const statement of file.program.body as AstNode[]) {
      if (statement.type !== 'ImportDeclaration') continue;
      const from = stringLiteral(statement.source);
      const imported = (statement.specifiers as AstNode[]).some(
        (specifier) => identifierName(specifier.local) === name,
      );
      if (!from?.startsWith('.') || !imported) continue;
      return this.fieldsOf(await this.parse(resolve(dirname(file.path), from)), name, depth + 1);
    }
    return undefined;
  }
}

/** The top-level response fields `transformCommandOutput(response)` reads, directly or through transforms. */
export async function readResponseFields(
  file: ParsedFile,
  method: AstNode,
  resolver: TransformResolver,
): Promise<string[] | undefined> {
  const response = identifierName((method.params as AstNode[])[0]);
  if (!response || response.startsWith('_')) return undefined;
  const body = method.body as AstNode;
  const fields = fieldsReadOn(body, response);
  for (const node of walk(body)) {
    if (node.type !== 'CallExpression') continue;
    const args = node.arguments as AstNode[];
    const callee = identifierName(node.callee);
    // transformX(response) or response.map(transformX)
    const target =
      callee && identifierName(args[0]) === response
        ? callee
        : isNode(node.callee) &&
            memberProperty(node.callee) === 'map' &&
            identifierName((node.callee as AstNode).object) === response
          ? identifierName(args[0])
          : undefined;
    if (!target) continue;
    for (const field of (await resolver.fieldsOf(file, target)) ?? []) if (!fields.includes(field)) fields.push(field);
  }
  return fields.length > 0 ? fields : undefined;
}

/**
 * Reads the official client's JavaScript as data: parses a file with the parser Vite ships (oxc, via `parseSync`)
 * and walks the ESTree it returns. Only facts are taken from the client (methods, paths, parameter and field
 * names); none of its code is copied.
 */
import { readFile } from 'node:fs/promises';
import { parseSync } from 'vite';

/** A loose ESTree node: every node has a type and a span; the rest is read defensively. */
export interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

export interface ParsedFile {
  path: string;
  code: string;
  program: AstNode;
  comments: { type: string; value: string; start: number; end: number }[];
}

export async function parseFile(path: string): Promise<ParsedFile> {
  const code = await readFile(path, 'utf8');
  const parsed = parseSync(path, code, { sourceType: 'module' });
  if (parsed.errors.length > 0) throw new Error(`${path} does not parse: ${parsed.errors[0]?.message}`);
  return {
    path,
    code,
    program: parsed.program as unknown as AstNode,
    comments: parsed.comments as ParsedFile['comments'],
  };
}

export function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** Every node under `root` (itself included), depth first, in source order. */
export function* walk(root: AstNode): Generator<AstNode> {
  yield root;
  for (const [key, value] of Object.entries(root)) {
    if (key === 'start' || key === 'end' || key === 'type') continue;
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) yield* walk(item);
    } else if (isNode(value)) {
      yield* walk(value);
    }
  }
}

/** The block comment that ends right before `node` (only whitespace between), if any. */
export function leadingComment(file: ParsedFile, node: AstNode): string | undefined {
  let best: ParsedFile['comments'][number] | undefined;
  for (const comment of file.comments) {
    if (comment.type !== 'Block' || comment.end > node.start) continue;
    if (file.code.slice(comment.end, node.start).trim() === '') best = comment;
  }
  return best?.value;
}

export function identifierName(node: unknown): string | undefined {
  return isNode(node) && node.type === 'Identifier' ? (node.name as string) : undefined;
}

/** `a.b` → "b" (also `a?.b`); undefined for computed access. */
export function memberProperty(node: AstNode): string | undefined {
  if (node.type !== 'MemberExpression' || node.computed) return undefined;
  const property = node.property as AstNode;
  return property.type === 'Identifier' ? (property.name as string) : undefined;
}

export function stringLiteral(node: unknown): string | undefined {
  if (!isNode(node)) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && (node.expressions as unknown[]).length === 0) {
    const first = (node.quasis as AstNode[])[0];
    return first ? (first.value as { cooked: string }).cooked : undefined;
  }
  return undefined;
}

/** The object literal's own keys, nested objects as `parent.child`. */
export function objectKeys(node: AstNode, prefix = ''): string[] {
  if (node.type !== 'ObjectExpression') return [];
  const keys: string[] = [];
  for (const property of node.properties as AstNode[]) {
    if (property.type !== 'Property' || property.computed) continue;
    const key = identifierName(property.key) ?? stringLiteral(property.key);
    if (!key) continue;
    keys.push(`${prefix}${key}`);
    const value = property.value as AstNode;
    if (value.type === 'ObjectExpression') keys.push(...objectKeys(value, `${prefix}${key}.`));
  }
  return keys;
}

/**
 * A template literal as a path template: each `${params.x}` (or `${x}`) becomes `{x}`; an expression that is
 * not a plain name becomes `{}`. Returns the pieces so callers can tell literal text from placeholders.
 */
export function templateToPath(node: AstNode): string | undefined {
  if (node.type !== 'TemplateLiteral') return stringLiteral(node);
  const quasis = node.quasis as AstNode[];
  const expressions = node.expressions as AstNode[];
  let path = '';
  quasis.forEach((quasi, index) => {
    path += (quasi.value as { cooked: string }).cooked;
    const expression = expressions[index];
    if (!expression) return;
    const name =
      expression.type === 'MemberExpression' ? memberProperty(expression) : (identifierName(expression) ?? undefined);
    path += `{${name ?? ''}}`;
  });
  return path;
}

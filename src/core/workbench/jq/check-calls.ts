/**
 * jq refuses a program that calls an undefined function before running it, even on a branch never taken; so do we.
 * Walks the tree with the names in scope (the builtins, each `def`, each filter parameter).
 */
import type { Node, Pattern } from './parser.ts';

export function findUndefinedCall(root: Node, known: ReadonlySet<string>): { key: string; at: number } | undefined {
  const stack: { node: Node; scope: ReadonlySet<string> }[] = [{ node: root, scope: known }];
  while (stack.length > 0) {
    const { node, scope } = stack.pop()!;
    const visit = (child: Node | undefined, inner: ReadonlySet<string> = scope) => {
      if (child) stack.push({ node: child, scope: inner });
    };
    switch (node.t) {
      case 'call': {
        const key = `${node.name}/${node.args.length}`;
        if (!scope.has(key)) return { key, at: node.at };
        for (const arg of node.args) visit(arg);
        break;
      }
      case 'def': {
        const own = new Set(scope).add(`${node.name}/${node.params.length}`);
        const inBody = new Set(own);
        for (const param of node.params) inBody.add(`${param.replace(/^\$/, '')}/0`);
        visit(node.body, inBody);
        visit(node.rest, own);
        break;
      }
      case 'index':
        visit(node.target);
        visit(node.key);
        break;
      case 'slice':
        visit(node.target);
        visit(node.from);
        visit(node.to);
        break;
      case 'iterate':
        visit(node.target);
        break;
      case 'string':
        for (const part of node.parts) if (typeof part !== 'string') visit(part);
        break;
      case 'array':
        visit(node.body);
        break;
      case 'object':
        for (const entry of node.entries) {
          visit(entry.key);
          visit(entry.value);
        }
        break;
      case 'negate':
        visit(node.body);
        break;
      case 'pipe':
      case 'comma':
      case 'binary':
      case 'and':
      case 'or':
      case 'alternative':
      case 'assign':
        visit(node.left);
        visit(node.right);
        break;
      case 'bind':
        visit(node.source);
        for (const pattern of node.patterns) visitPattern(pattern, visit);
        visit(node.body);
        break;
      case 'if':
        visit(node.cond);
        visit(node.then);
        visit(node.otherwise);
        break;
      case 'try':
        visit(node.body);
        visit(node.handler);
        break;
      case 'reduce':
      case 'foreach':
        visit(node.source);
        visitPattern(node.pattern, visit);
        visit(node.init);
        visit(node.update);
        if (node.t === 'foreach') visit(node.extract);
        break;
      case 'label':
        visit(node.body);
        break;
      default:
        break;
    }
  }
  return undefined;
}

function visitPattern(pattern: Pattern, visit: (node: Node) => void): void {
  if (pattern.kind === 'array') for (const item of pattern.items) visitPattern(item, visit);
  if (pattern.kind === 'object') {
    for (const entry of pattern.entries) {
      visit(entry.key);
      if (entry.pattern) visitPattern(entry.pattern, visit);
    }
  }
}

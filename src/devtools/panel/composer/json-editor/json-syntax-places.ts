import { syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import type { SyntaxNode } from '@lezer/common';
import type { JsonPath } from '../../../../core/platform/schema-navigate.ts';

/**
 * Places in the JSON being typed, read from CodeMirror's syntax tree (which tolerates half-typed text): the path of
 * the value under the cursor, whether a key or a value is expected there, and where a JSON pointer's value is.
 */

const VALUE_NODES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);

function nameOfProperty(state: EditorState, property: SyntaxNode): string {
  const name = property.getChild('PropertyName');
  if (!name) return '';
  const text = state.sliceDoc(name.from, name.to);
  try {
    return JSON.parse(text) as string;
  } catch {
    return text.replace(/^"|"$/g, '');
  }
}

function indexInArray(array: SyntaxNode, child: SyntaxNode): number {
  let index = 0;
  for (let item = array.firstChild; item; item = item.nextSibling) {
    if (item.from >= child.from) break;
    if (VALUE_NODES.has(item.name)) index += 1;
  }
  return index;
}

/** The path from the root to `node` (a value, or anything inside one). */
export function pathOfNode(state: EditorState, node: SyntaxNode): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: SyntaxNode | null = node; at?.parent; at = at.parent) {
    const parent: SyntaxNode = at.parent;
    if (parent.name === 'Property' && at.name !== 'PropertyName') path.unshift(nameOfProperty(state, parent));
    else if (parent.name === 'Array' && at.name !== '[' && at.name !== ']') path.unshift(indexInArray(parent, at));
  }
  return path;
}

export type CursorPlace =
  /** A key of the object at `path` is expected (or being typed). */
  | { kind: 'key'; path: JsonPath; present: string[] }
  /** The value at `path` is expected (or being typed). */
  | { kind: 'value'; path: JsonPath };

function keysOf(state: EditorState, object: SyntaxNode): string[] {
  return object.getChildren('Property').map((property) => nameOfProperty(state, property));
}

/** What the cursor at `pos` is typing: a key of some object or a value at some path. */
export function cursorPlace(state: EditorState, pos: number): CursorPlace | undefined {
  for (let node: SyntaxNode | null = syntaxTree(state).resolveInner(pos, -1); node; node = node.parent) {
    if (node.name === 'PropertyName' && node.parent?.parent) {
      const object = node.parent.parent;
      return { kind: 'key', path: pathOfNode(state, object), present: keysOf(state, object) };
    }
    if (node.name === 'Property') {
      const colon = node.getChild(':');
      if (colon && pos >= colon.to)
        return { kind: 'value', path: [...pathOfNode(state, node), nameOfProperty(state, node)] };
      const object = node.parent;
      if (object) return { kind: 'key', path: pathOfNode(state, object), present: keysOf(state, object) };
    }
    if (node.name === 'Object' && pos > node.from)
      return { kind: 'key', path: pathOfNode(state, node), present: keysOf(state, node) };
    // Every item of an array has the same schema here: the index only has to be a number.
    if (node.name === 'Array' && pos > node.from) return { kind: 'value', path: [...pathOfNode(state, node), 0] };
    if (node.name === 'JsonText') return { kind: 'value', path: [] };
  }
  return undefined;
}

function valueChild(node: SyntaxNode): SyntaxNode | undefined {
  for (let child = node.lastChild; child; child = child.prevSibling) if (VALUE_NODES.has(child.name)) return child;
  return undefined;
}

/** Decodes one JSON-pointer token (RFC 6901). */
const unescapeToken = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * Where to mark a difference at `pointer`: the property (name and value) for an object's field, the item for an
 * array's, the nearest existing ancestor when the place does not exist (a missing required field marks its object).
 */
export function rangeOfPointer(state: EditorState, pointer: string): { from: number; to: number } | undefined {
  const root = syntaxTree(state).topNode;
  let node = root.name === 'JsonText' ? valueChild(root) : root;
  if (!node) return undefined;
  let mark: { from: number; to: number } = { from: node.from, to: node.to };
  const tokens = pointer === '' ? [] : pointer.replace(/^\//, '').split('/').map(unescapeToken);
  for (const token of tokens) {
    let next: SyntaxNode | undefined;
    if (node.name === 'Object') {
      const property = node.getChildren('Property').find((item) => nameOfProperty(state, item) === token);
      if (property) {
        next = valueChild(property);
        mark = { from: property.from, to: property.to };
      }
    } else if (node.name === 'Array') {
      const items: SyntaxNode[] = [];
      for (let child = node.firstChild; child; child = child.nextSibling)
        if (VALUE_NODES.has(child.name)) items.push(child);
      next = items[Number(token)];
      if (next) mark = { from: next.from, to: next.to };
    }
    if (!next) {
      // The place is missing: mark the opening of the object that should hold it.
      return { from: node.from, to: Math.min(node.to, node.from + 1) };
    }
    node = next;
  }
  return mark;
}

import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { syntaxTree } from '@codemirror/language';
import type { Diagnostic } from '@codemirror/lint';
import type { EditorState } from '@codemirror/state';
import type { EditorView, Tooltip } from '@codemirror/view';
import {
  describeSchemaType,
  enumOf,
  fieldsOf,
  type JsonPath,
  type Schema,
  type Schemas,
  schemaAtPath,
  schemaDescription,
} from '../../../../core/platform/schema-navigate.ts';
import { cursorPlace, pathOfNode, rangeOfPointer } from './json-syntax-places.ts';

/**
 * The request schema's knowledge in the editor: completion of keys (with their type and docs) and of enum values,
 * docs on hover, and the schema's problems underlined. The problems come from the one validator
 * (core/platform/schema-check.ts), handed in as `check`; nothing here validates.
 */
export interface BodySchema {
  schema: unknown;
  schemas: Schemas;
  /** Differences of a parsed value from the schema, each at a JSON pointer. */
  check?: (value: unknown) => readonly { pointer: string; message: string }[];
}

function fieldInfo(schema: Schema, schemas: Schemas, required: boolean): string {
  const words = [describeSchemaType(schema, schemas), required ? 'required' : 'optional'];
  const description = schemaDescription(schema);
  return `${words.join(' · ')}${description ? `\n${description}` : ''}`;
}

/** Keys of the object being typed in, and enum values (or true/false) where a value is expected. */
export function schemaCompletion(body: BodySchema) {
  return (context: CompletionContext): CompletionResult | null => {
    const word = context.matchBefore(/"?[\w$@.-]*"?$/);
    if (!word || (word.from === word.to && !context.explicit)) {
      // Right after `{`, `,` or `:` a list helps even before a letter is typed.
      const before = context.state.sliceDoc(Math.max(0, context.pos - 2), context.pos).trim();
      if (!context.explicit && !/[{,:[]$/.test(before)) return null;
    }
    const place = cursorPlace(context.state, context.pos);
    if (!place) return null;
    const from = word ? word.from : context.pos;
    if (place.kind === 'key') {
      const object = schemaAtPath(body.schema, place.path, body.schemas);
      const typed = word ? context.state.sliceDoc(word.from, word.to).replace(/"/g, '') : '';
      const options: Completion[] = fieldsOf(object, body.schemas)
        .filter((field) => !place.present.includes(field.name) || field.name === typed)
        .map((field) => ({
          label: JSON.stringify(field.name),
          apply: `${JSON.stringify(field.name)}: `,
          type: 'property',
          detail: describeSchemaType(field.schema, body.schemas),
          info: fieldInfo(field.schema, body.schemas, field.required),
          boost: field.required ? 1 : 0,
        }));
      // closeBrackets typed the closing quote already: the completion replaces it too.
      const to = context.state.sliceDoc(context.pos, context.pos + 1) === '"' ? context.pos + 1 : context.pos;
      return options.length > 0 ? { from, to, options, validFor: /^"?[\w$@.-]*"?$/ } : null;
    }
    const schema = schemaAtPath(body.schema, place.path, body.schemas);
    const values = enumOf(schema, body.schemas) ?? (schema?.type === 'boolean' ? [true, false] : undefined);
    if (!values) return null;
    return {
      from,
      options: values.map((value) => ({ label: JSON.stringify(value), type: 'enum', detail: 'allowed value' })),
      validFor: /^"?[\w$@.-]*"?$/,
    };
  };
}

function hoverPath(state: EditorState, pos: number, side: -1 | 1): JsonPath | undefined {
  const node = syntaxTree(state).resolveInner(pos, side);
  if (node.name === 'PropertyName' && node.parent) {
    const name = state.sliceDoc(node.from, node.to).replace(/^"|"$/g, '');
    return [...pathOfNode(state, node.parent), name];
  }
  if (['String', 'Number', 'True', 'False', 'Null'].includes(node.name)) return pathOfNode(state, node);
  return undefined;
}

/** The schema's docs of the key or value under the pointer. */
export function schemaHover(body: BodySchema) {
  return (view: EditorView, pos: number, side: -1 | 1): Tooltip | null => {
    const path = hoverPath(view.state, pos, side);
    if (!path) return null;
    const schema = schemaAtPath(body.schema, path, body.schemas);
    if (!schema) return null;
    const parent = schemaAtPath(body.schema, path.slice(0, -1), body.schemas);
    const last = path[path.length - 1];
    const required = Array.isArray(parent?.required) && parent.required.includes(last);
    return {
      pos,
      above: true,
      create() {
        const dom = document.createElement('div');
        dom.className = 'kh-cm-hover';
        const head = document.createElement('div');
        head.className = 'kh-mono';
        head.textContent = `${path.length > 0 ? String(last) : 'body'}: ${fieldInfo(schema, body.schemas, required).split('\n')[0]}`;
        dom.append(head);
        const description = schemaDescription(schema);
        if (description) {
          const text = document.createElement('div');
          text.textContent = description;
          dom.append(text);
        }
        return { dom };
      },
    };
  };
}

/** Syntax first (a body that does not parse has no schema problems yet), then the schema's differences. */
export function schemaLint(body: BodySchema, onCount: (count: number) => void) {
  return (view: EditorView): Diagnostic[] => {
    const text = view.state.doc.toString();
    if (text.trim() === '') {
      onCount(0);
      return [];
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      onCount(0);
      const at = /position (\d+)/.exec(String(error))?.[1];
      const pos = at ? Math.min(Number(at), text.length) : text.length;
      return [
        { from: pos, to: pos, severity: 'error', message: error instanceof Error ? error.message : String(error) },
      ];
    }
    const differences = body.check?.(value) ?? [];
    onCount(differences.length);
    return differences.map((difference) => {
      const range = rangeOfPointer(view.state, difference.pointer) ?? { from: 0, to: Math.min(1, text.length) };
      return { ...range, severity: 'warning', source: 'schema', message: difference.message };
    });
  };
}

import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, isolateHistory } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import {
  bracketMatching,
  foldGutter,
  foldKeymap,
  HighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { linter, lintKeymap } from '@codemirror/lint';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, hoverTooltip, keymap, lineNumbers, placeholder } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { checkAgainstSchema } from '../../../../core/platform/schema-check.ts';
import { type BodySchema, schemaCompletion, schemaHover, schemaLint } from './schema-sources.ts';

/**
 * The JSON body editor (CodeMirror 6), in its own chunk: the composer imports this module the first time a JSON
 * body is shown, so the panel's first screen never pays for it. Colours come from the theme's CSS variables (the
 * same as the response's JSON tree), so light and dark follow DevTools.
 */
export interface JsonEditorOptions {
  parent: HTMLElement;
  text: string;
  label: string;
  /** Ids of elements describing the editor (problems, hints). */
  describedBy?: string;
  onChange: (text: string) => void;
  /** How many schema problems the text has now (0 when it does not parse: that is a syntax problem). */
  onSchemaProblems: (count: number) => void;
  schema?: BodySchema;
}

export interface JsonEditor {
  /** Replaces the text (an endpoint opened, a format); undoable like an edit. */
  setText(text: string): void;
  setSchema(schema: BodySchema | undefined): void;
  /** Focuses the editor, with the caret or selection given (offsets in the text), else where it was. */
  focus(selection?: { anchor: number; head: number }): void;
  destroy(): void;
}

const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--kh-json-key)' },
  { tag: tags.string, color: 'var(--kh-json-string)' },
  { tag: tags.number, color: 'var(--kh-json-number)' },
  { tag: tags.bool, color: 'var(--kh-json-bool)' },
  { tag: tags.null, color: 'var(--kh-json-null)' },
  { tag: [tags.brace, tags.squareBracket, tags.separator, tags.punctuation], color: 'var(--kh-fg-muted)' },
]);

const theme = EditorView.theme({
  '&': { color: 'var(--kh-fg)', backgroundColor: 'var(--kh-bg)', fontSize: '12px' },
  '.cm-content': { fontFamily: 'var(--kh-mono)', caretColor: 'var(--kh-fg)' },
  '.cm-gutters': {
    backgroundColor: 'var(--kh-bg-raised)',
    color: 'var(--kh-fg-muted)',
    borderRight: '1px solid var(--kh-border)',
  },
  '.cm-activeLine': { backgroundColor: 'transparent' },
  '&.cm-focused': { outline: '2px solid var(--kh-focus)', outlineOffset: '-1px' },
  '&.cm-focused .cm-matchingBracket': {
    backgroundColor: 'var(--kh-accent-soft)',
    outline: '1px solid var(--kh-accent)',
  },
  '.cm-selectionBackground, &.cm-focused .cm-selectionBackground': { backgroundColor: 'var(--kh-accent-soft)' },
  '.cm-tooltip': {
    backgroundColor: 'var(--kh-bg-raised)',
    color: 'var(--kh-fg)',
    border: '1px solid var(--kh-border)',
  },
  '.cm-tooltip-autocomplete ul li[aria-selected]': {
    backgroundColor: 'var(--kh-accent)',
    color: 'var(--kh-accent-fg)',
  },
  '.cm-panels': { backgroundColor: 'var(--kh-bg-raised)', color: 'var(--kh-fg)' },
  '.cm-lintRange-warning': { backgroundImage: 'none', textDecoration: 'underline wavy var(--kh-warn)' },
  '.cm-lintRange-error': { backgroundImage: 'none', textDecoration: 'underline wavy var(--kh-danger)' },
});

function schemaExtensions(schema: BodySchema | undefined, onCount: (count: number) => void) {
  const none: BodySchema = { schema: undefined, schemas: {} };
  // The one validator (core/platform/schema-check.ts), unless the caller brings its own.
  const body: BodySchema = schema
    ? {
        check: (value) => checkAgainstSchema(value, schema.schema, schema.schemas as Record<string, unknown>),
        ...schema,
      }
    : none;
  return [
    autocompletion({ override: [schemaCompletion(body)], icons: false }),
    hoverTooltip(schemaHover(body)),
    linter(schemaLint(body, onCount), { delay: 300 }),
  ];
}

export function createJsonEditor(options: JsonEditorOptions): JsonEditor {
  const schemaSlot = new Compartment();
  const view = new EditorView({
    parent: options.parent,
    state: EditorState.create({
      doc: options.text,
      extensions: [
        lineNumbers(),
        foldGutter(),
        history(),
        indentOnInput(),
        bracketMatching(),
        closeBrackets(),
        highlightSelectionMatches(),
        json(),
        syntaxHighlighting(highlight),
        theme,
        placeholder('{\n  "name": "value"\n}'),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({
          'aria-label': options.label,
          ...(options.describedBy ? { 'aria-describedby': options.describedBy } : {}),
        }),
        keymap.of([
          ...closeBracketsKeymap,
          ...defaultKeymap,
          ...searchKeymap,
          ...historyKeymap,
          ...foldKeymap,
          ...completionKeymap,
          ...lintKeymap,
        ]),
        schemaSlot.of(schemaExtensions(options.schema, options.onSchemaProblems)),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) options.onChange(update.state.doc.toString());
        }),
      ],
    }),
  });
  // The scroller is a tab stop of its own: a long body scrolls from the keyboard too (and checkers see it can).
  view.scrollDOM.tabIndex = 0;
  return {
    setText(text) {
      if (text === view.state.doc.toString()) return;
      // Its own undo step: Ctrl+Z after Format (or an opened endpoint) gives back exactly what was there.
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: text },
        annotations: isolateHistory.of('full'),
      });
    },
    setSchema(schema) {
      view.dispatch({ effects: schemaSlot.reconfigure(schemaExtensions(schema, options.onSchemaProblems)) });
    },
    focus(selection) {
      const length = view.state.doc.length;
      if (selection)
        view.dispatch({
          selection: { anchor: Math.min(selection.anchor, length), head: Math.min(selection.head, length) },
          scrollIntoView: true,
        });
      view.focus();
    },
    destroy: () => view.destroy(),
  };
}

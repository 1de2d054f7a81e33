import { useEffect, useRef, useState } from 'preact/hooks';
import type { JsonEditor } from './json-editor/create-json-editor.ts';
import { createOwnEchoes } from './json-editor/own-echoes.ts';
import type { BodySchema } from './json-editor/schema-sources.ts';

const loadEditor = () => import('./json-editor/create-json-editor.ts');
const loadChecker = () => import('../../../core/platform/schema-check.ts');

/**
 * The JSON body's editor: a plain textarea until CodeMirror's chunk has loaded (asked for the first time the body is
 * clicked or typed into), then the code editor with the request schema's completion, hover docs and problems. What was typed in
 * the textarea meanwhile is carried over, focus and caret too.
 */
export function JsonBodyEditor({
  id,
  text,
  label,
  describedBy,
  invalid,
  schema,
  onChange,
  onSchemaProblems,
}: {
  id: string;
  text: string;
  label: string;
  describedBy?: string;
  invalid: boolean;
  schema: BodySchema | undefined;
  onChange: (text: string) => void;
  onSchemaProblems: (count: number) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const fallback = useRef<HTMLTextAreaElement>(null);
  const editor = useRef<JsonEditor | undefined>(undefined);
  const latest = useRef({ text, onChange, onSchemaProblems });
  latest.current = { text, onChange, onSchemaProblems };
  const [ready, setReady] = useState(false);
  /** Texts the editor reported that no render has brought back yet (json-editor/own-echoes.ts). */
  const echoes = useRef(createOwnEchoes());
  const [failed, setFailed] = useState(false);
  /** The body was clicked or typed into: the code editor's chunk is wanted (never for a body only looked at). */
  const [wanted, setWanted] = useState(false);

  // Until the code editor is there (or when its chunk could not load), the body's schema problems are counted here,
  // a moment after typing stops; then its linter counts them.
  // The checker (and its validator) loads on first use: it is no part of the panel's first paint.
  useEffect(() => {
    if (ready) return;
    let live = true;
    const timer = setTimeout(() => {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        latest.current.onSchemaProblems(0);
        return;
      }
      const body = schema?.schema;
      if (!body) {
        latest.current.onSchemaProblems(0);
        return;
      }
      void loadChecker().then(({ checkAgainstSchema }) => {
        if (live)
          latest.current.onSchemaProblems(
            checkAgainstSchema(value, body, schema.schemas as Record<string, unknown>).length,
          );
      });
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, schema, ready]);

  useEffect(() => {
    let live = true;
    if (!wanted) return;
    loadEditor().then(
      ({ createJsonEditor }) => {
        if (!live || !host.current) return;
        const area = fallback.current;
        const hadFocus = area !== null && document.activeElement === area;
        // Where the caret was in the textarea: keys typed while the chunk loaded went there, the next ones go on.
        const caret = area ? { anchor: area.selectionStart, head: area.selectionEnd } : undefined;
        editor.current = createJsonEditor({
          parent: host.current,
          text: latest.current.text,
          label,
          describedBy,
          schema,
          onChange: (next) => {
            echoes.current.reported(next);
            latest.current.onChange(next);
          },
          onSchemaProblems: (count) => latest.current.onSchemaProblems(count),
        });
        setReady(true);
        if (hadFocus) {
          // The host is still `hidden` until the render that `ready` asks for: an element in it cannot take focus
          // (it stayed on the textarea, which that render removes, and the next keys went nowhere). Show it now.
          host.current.hidden = false;
          editor.current.focus(caret);
        }
      },
      // The chunk could not load (the extension was updated under the page): the textarea stays.
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      editor.current?.destroy();
      editor.current = undefined;
    };
  }, [wanted]);

  // Only a change from elsewhere (Format, an endpoint or a history entry opened) is put into the editor: a render
  // still carrying an older text of the user's own typing must not overwrite what they typed since.
  useEffect(() => {
    if (!echoes.current.isEcho(text)) editor.current?.setText(text);
  }, [text, ready]);
  useEffect(() => editor.current?.setSchema(schema), [schema, ready]);

  return (
    <>
      <div ref={host} class="kh-json-editor" data-ready={ready ? 'true' : undefined} hidden={!ready} />
      {ready ? null : (
        <textarea
          ref={fallback}
          id={id}
          class="kh-input kh-mono kh-code"
          rows={10}
          spellcheck={false}
          value={text}
          placeholder={'{\n  "name": "value"\n}'}
          aria-label={label}
          aria-invalid={invalid ? 'true' : undefined}
          aria-describedby={describedBy}
          title={failed ? 'The code editor could not load; this plain editor works the same.' : undefined}
          // A click or a key in the body, not a focus: Format focuses the textarea to type its edit undoably.
          onPointerDown={() => setWanted(true)}
          onKeyDown={() => setWanted(true)}
          onInput={(event) => onChange((event.currentTarget as HTMLTextAreaElement).value)}
        />
      )}
    </>
  );
}

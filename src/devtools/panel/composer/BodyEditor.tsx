import { useId, useMemo, useState } from 'preact/hooks';
import { isFormMediaType } from '../../../core/oauth1/form-body.ts';
import {
  type BodyMode,
  checkJson,
  methodAllowsBody,
  type RequestDraft,
} from '../../../core/workbench/request-draft.ts';
import { KeyValueEditor } from '../../../ui/KeyValueEditor.tsx';
import { FileBodyPicker } from './FileBodyPicker.tsx';
import { JsonBodyEditor } from './JsonBodyEditor.tsx';
import type { BodySchema } from './json-editor/schema-sources.ts';

const MODES: { id: BodyMode; label: string }[] = [
  { id: 'none', label: 'None' },
  { id: 'json', label: 'JSON' },
  { id: 'form', label: 'Form (urlencoded)' },
  { id: 'text', label: 'Text' },
  { id: 'file', label: 'File (binary)' },
];

/** A Content-Type row of the Headers table wins over the body's own (the worker sends and signs that one). */
function headerContentType(draft: RequestDraft): string | undefined {
  return draft.headers.find((row) => row.enabled && row.name.trim().toLowerCase() === 'content-type')?.value;
}

/** The request body: none, JSON (checked as you type, formatted on demand), form fields, or raw text. */
export function BodyEditor({
  draft,
  issue,
  formIssues,
  onChange,
  schema,
  onSchemaProblems,
}: {
  draft: RequestDraft;
  /** The request body's schema from the API description, when it has one. */
  schema?: BodySchema;
  /** Told how many schema problems the JSON body has (warnings: Send stays allowed). */
  onSchemaProblems?: (count: number) => void;
  issue: string | undefined;
  formIssues: ReadonlyMap<number, string>;
  onChange: (patch: Partial<RequestDraft>) => void;
}) {
  const id = useId();
  const jsonProblem = useMemo(
    () => (draft.bodyMode === 'json' && draft.json.trim() !== '' ? checkJson(draft.json) : undefined),
    [draft.bodyMode, draft.json],
  );
  const [schemaProblems, setSchemaProblems] = useState(0);
  const format = () => {
    let formatted: string;
    try {
      formatted = JSON.stringify(JSON.parse(draft.json), null, 2);
    } catch {
      return; // The problem is already shown above the editor.
    }
    // Typed into the plain editor as an edit, so Ctrl+Z undoes the formatting; setting the value would wipe undo.
    const area = document.getElementById(`${id}-json`);
    if (area instanceof HTMLTextAreaElement) {
      area.focus();
      area.select();
      if (document.execCommand('insertText', false, formatted)) return;
    }
    onChange({ json: formatted });
  };
  const noBody = !methodAllowsBody(draft.method);
  const typeFromHeaders = headerContentType(draft);
  return (
    <div class="kh-body-editor">
      <fieldset class="kh-body-modes">
        <legend class="kh-visually-hidden">Body type</legend>
        {MODES.map((mode) => (
          <label key={mode.id} class="kh-radio">
            <input
              type="radio"
              name={`${id}-mode`}
              value={mode.id}
              checked={draft.bodyMode === mode.id}
              onChange={() => onChange({ bodyMode: mode.id })}
            />
            {mode.label}
          </label>
        ))}
        {draft.bodyMode === 'json' ? (
          <button type="button" class="kh-button kh-button--small" onClick={format} disabled={!!jsonProblem}>
            Format
          </button>
        ) : null}
      </fieldset>
      {noBody && draft.bodyMode === 'none' ? (
        <p class="kh-hint kh-muted">{draft.method} requests carry no body.</p>
      ) : null}
      {draft.bodyMode === 'json' ? (
        <>
          <label for={`${id}-json`} class="kh-visually-hidden">
            JSON body
          </label>
          {/* Above the editor: under a tall textarea in a short docked panel, the problem was out of view. */}
          {issue ? (
            <div class="kh-field-error" id={`${id}-problem`} role="status">
              {issue}
            </div>
          ) : (
            <div class="kh-hint kh-muted" id={`${id}-ok`} role="status">
              {draft.json.trim()
                ? schemaProblems > 0
                  ? `Valid JSON; ${schemaProblems} difference${schemaProblems === 1 ? '' : 's'} from the description’s schema (underlined; Send still allowed). Sent as application/json.`
                  : `Valid JSON${schema ? ', fits the description’s schema' : ''}. Sent as application/json.`
                : ''}
            </div>
          )}
          <JsonBodyEditor
            id={`${id}-json`}
            text={draft.json}
            label="JSON body"
            invalid={!!issue}
            describedBy={issue ? `${id}-problem` : `${id}-ok`}
            schema={schema}
            onChange={(json) => onChange({ json })}
            onSchemaProblems={(count) => {
              setSchemaProblems(count);
              onSchemaProblems?.(count);
            }}
          />
        </>
      ) : null}
      {draft.bodyMode === 'form' ? (
        <>
          <KeyValueEditor
            label="Form fields"
            rows={draft.form}
            issues={formIssues}
            onChange={(form) => onChange({ form })}
          />
          {typeFromHeaders !== undefined && !isFormMediaType(typeFromHeaders) ? (
            <p class="kh-hint kh-muted">
              The Headers table sends Content-Type: {typeFromHeaders}, so a server does not read these as form fields
              and OAuth does not sign them.
            </p>
          ) : (
            <p class="kh-hint kh-muted">Sent as application/x-www-form-urlencoded; OAuth signs these fields too.</p>
          )}
          {issue ? <div class="kh-field-error">{issue}</div> : null}
        </>
      ) : null}
      {draft.bodyMode === 'text' ? (
        <>
          <label class="kh-field">
            <span>Content-Type</span>
            <input
              class="kh-input kh-mono"
              value={draft.textContentType}
              spellcheck={false}
              onInput={(event) => onChange({ textContentType: (event.currentTarget as HTMLInputElement).value })}
            />
          </label>
          <label for={`${id}-text`} class="kh-visually-hidden">
            Text body
          </label>
          <textarea
            id={`${id}-text`}
            class="kh-input kh-mono kh-code"
            rows={8}
            spellcheck={false}
            value={draft.text}
            aria-invalid={issue ? 'true' : undefined}
            onInput={(event) => onChange({ text: (event.currentTarget as HTMLTextAreaElement).value })}
          />
          {isFormMediaType(typeFromHeaders ?? draft.textContentType) ? (
            <p class="kh-hint kh-muted">Sent as application/x-www-form-urlencoded, so OAuth signs its fields too.</p>
          ) : null}
          {issue ? <div class="kh-field-error">{issue}</div> : null}
        </>
      ) : null}
      {draft.bodyMode === 'file' ? <FileBodyPicker draft={draft} issue={issue} onChange={onChange} /> : null}
      {draft.bodyMode === 'none' && issue ? <div class="kh-field-error">{issue}</div> : null}
    </div>
  );
}

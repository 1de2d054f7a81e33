import { useId, useState } from 'preact/hooks';
import { formatBytes } from '../../../core/format/byte-format.ts';
import { MAX_FILE_BODY_BYTES as MAX_FILE_BYTES } from '../../../core/http/encode-body.ts';
import type { RequestDraft } from '../../../core/workbench/request-draft.ts';

/** A file's bytes as base64, read by the browser off the main thread (a data: URL) rather than in a JS loop. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      const comma = url.indexOf(',');
      resolve(comma === -1 ? '' : url.slice(comma + 1));
    };
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * A binary body (an avatar image): a file picked from disk, sent byte for byte with the content type the description
 * gives (or the file's own). The bytes stay in the panel's memory; a saved draft keeps only the name, and says so.
 */
export function FileBodyPicker({
  draft,
  issue,
  onChange,
}: {
  draft: RequestDraft;
  issue: string | undefined;
  onChange: (patch: Partial<RequestDraft>) => void;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | undefined>();
  const pick = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setProblem(
        `${file.name} is ${formatBytes(file.size)}; Keyhole sends files up to ${formatBytes(MAX_FILE_BYTES)}.`,
      );
      return;
    }
    try {
      const base64 = await readBase64(file);
      setProblem(undefined);
      onChange({
        file: { name: file.name, size: file.size, base64 },
        fileLost: undefined,
        fileContentType: draft.fileContentType?.trim() || file.type || 'application/octet-stream',
      });
    } catch (error) {
      setProblem(`${file.name} could not be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const type = draft.fileContentType?.trim() || 'application/octet-stream';
  return (
    <>
      <label class="kh-field">
        <span>Content-Type</span>
        <input
          class="kh-input kh-mono"
          value={draft.fileContentType ?? ''}
          placeholder="application/octet-stream"
          spellcheck={false}
          onInput={(event) => onChange({ fileContentType: (event.currentTarget as HTMLInputElement).value })}
        />
      </label>
      <label class="kh-field">
        <span>File to send</span>
        <input
          type="file"
          class="kh-input"
          aria-describedby={`${id}-file`}
          onChange={(event) => void pick(event.currentTarget as HTMLInputElement)}
        />
      </label>
      <p class="kh-hint kh-muted" id={`${id}-file`} role="status">
        {draft.file
          ? `${draft.file.name}, ${formatBytes(draft.file.size)}: sent byte for byte as ${type} (OAuth signs no file body).`
          : draft.fileLost
            ? `The file ${draft.fileLost} is not kept in a saved draft or in history; pick it again.`
            : 'No file picked yet.'}
      </p>
      {problem ? <div class="kh-field-error">{problem}</div> : null}
      {issue && !problem ? <div class="kh-field-error">{issue}</div> : null}
    </>
  );
}

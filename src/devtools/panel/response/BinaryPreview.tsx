import { useEffect, useMemo, useState } from 'preact/hooks';
import { formatBytes } from '../../../core/format/byte-format.ts';

/**
 * A binary body (base64 from the worker): images and PDFs previewed from a blob URL, anything else described;
 * every kind can be saved under its real file name.
 */
function decodeBase64(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

export function BinaryPreview({
  base64,
  truncated,
  contentType,
  fileName,
  onSave,
  saveNote,
}: {
  base64: string;
  truncated: boolean;
  contentType: string;
  fileName: string;
  onSave: (blob: Blob) => Promise<void>;
  saveNote: string;
}) {
  const media = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const blob = useMemo(
    () => new Blob([decodeBase64(base64) as BlobPart], { type: media || 'application/octet-stream' }),
    [base64, media],
  );
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);

  const kind = media.startsWith('image/') ? 'image' : media === 'application/pdf' ? 'pdf' : 'other';
  return (
    <div class="kh-binary">
      {truncated ? (
        <div class="kh-banner kh-banner--warn" role="status">
          This body was cut at a size limit: the preview and the saved file are incomplete.
        </div>
      ) : null}
      <div class="kh-body-toolbar">
        <span>
          <span class="kh-mono">{fileName}</span>{' '}
          <span class="kh-muted">
            · {media || 'binary'} · {formatBytes(blob.size)}
          </span>
        </span>
        <span class="kh-toolbar-spacer" />
        <button type="button" class="kh-button kh-button--primary kh-button--small" onClick={() => void onSave(blob)}>
          Save {fileName}
        </button>
        <span class="kh-muted" role="status">
          {saveNote}
        </span>
      </div>
      {url && kind === 'image' ? <img class="kh-binary-image" src={url} alt={`Preview of ${fileName}`} /> : null}
      {url && kind === 'pdf' ? <iframe class="kh-binary-pdf" src={url} title={`PDF preview of ${fileName}`} /> : null}
      {kind === 'other' ? <p class="kh-muted">No preview for this type of content; save it to open it.</p> : null}
    </div>
  );
}

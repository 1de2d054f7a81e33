import { useCopyResult } from './use-copy-result.ts';

const writeToClipboard = (text: string) => navigator.clipboard.writeText(text);

/** A text button that copies a value and says so, visibly and to screen readers, for a few seconds. */
export function CopyButton({
  value,
  label,
  copy = writeToClipboard,
}: {
  value: string;
  label: string;
  copy?: (text: string) => Promise<void>;
}) {
  const [result, copyText] = useCopyResult(copy, 3000);
  return (
    <>
      <button type="button" class="kh-button" onClick={() => copyText(value)}>
        {result === 'copied' ? 'Copied' : label}
      </button>
      <span role="status" class="kh-muted kh-small">
        {result === 'failed' ? 'Copy failed: select the value and copy it yourself.' : ''}
      </span>
    </>
  );
}

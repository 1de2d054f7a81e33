import { copyText as copyWithFallback } from './copy-text.ts';
import { useCopyResult } from './use-copy-result.ts';

/** A text button that copies a value and says so, visibly and to screen readers, for a few seconds. */
export function CopyButton({
  value,
  label,
  // The fallback matters in a real DevTools panel, whose frame often refuses the async Clipboard API.
  copy = copyWithFallback,
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

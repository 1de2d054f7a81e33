import { useCopyResult } from '../ui/use-copy-result.ts';
import { Icon } from './Icon.tsx';

/** Copies a value and says so, visibly and to screen readers, for two seconds. */
export function CopyIconButton({
  value,
  label,
  copy,
}: {
  value: string;
  label: string;
  copy: (text: string) => Promise<void>;
}) {
  const [result, copyText] = useCopyResult(copy, 2000);
  return (
    <>
      <button type="button" class="kp-icon-button" aria-label={label} title={label} onClick={() => copyText(value)}>
        <Icon name={result === 'copied' ? 'check' : 'copy'} />
      </button>
      <span class="kp-copy-result" role="status">
        {result === 'copied' ? 'Copied' : result === 'failed' ? 'Copy failed: select the text instead' : ''}
      </span>
    </>
  );
}

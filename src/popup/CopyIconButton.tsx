import { useEffect, useState } from 'preact/hooks';
import { Icon } from './Icon.tsx';

/** Copies a value and says so, visibly and to screen readers, for two seconds. */
export function CopyButton({
  value,
  label,
  copy,
}: {
  value: string;
  label: string;
  copy: (text: string) => Promise<void>;
}) {
  const [result, setResult] = useState<'copied' | 'failed' | undefined>();
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(undefined), 2000);
    return () => clearTimeout(timer);
  }, [result]);
  const onClick = () =>
    copy(value).then(
      () => setResult('copied'),
      () => setResult('failed'),
    );
  return (
    <>
      <button type="button" class="kp-icon-button" aria-label={label} title={label} onClick={onClick}>
        <Icon name={result === 'copied' ? 'check' : 'copy'} />
      </button>
      <span class="kp-copy-result" role="status">
        {result === 'copied' ? 'Copied' : result === 'failed' ? 'Copy failed: select the text instead' : ''}
      </span>
    </>
  );
}

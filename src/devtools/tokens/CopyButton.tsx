import { useEffect, useState } from 'preact/hooks';

/** Copies a value and says so, visibly and to screen readers, for a few seconds. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [result, setResult] = useState<'copied' | 'failed' | undefined>();
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(undefined), 3000);
    return () => clearTimeout(timer);
  }, [result]);
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => setResult('copied'),
      () => setResult('failed'),
    );
  return (
    <>
      <button type="button" class="kh-button" onClick={copy}>
        {result === 'copied' ? 'Copied' : label}
      </button>
      <span role="status" class="kt-hint">
        {result === 'failed' ? 'Copy failed: select the value and copy it yourself.' : ''}
      </span>
    </>
  );
}

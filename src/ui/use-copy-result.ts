import { useEffect, useState } from 'preact/hooks';

export type CopyResult = 'copied' | 'failed' | undefined;

/**
 * Copies text and remembers for `showForMs` whether that worked, so a copy button can say so (visibly and to screen
 * readers) and then go back to its label.
 */
export function useCopyResult(
  copy: (text: string) => Promise<void>,
  showForMs: number,
): [result: CopyResult, copyText: (text: string) => Promise<void>] {
  const [result, setResult] = useState<CopyResult>();
  useEffect(() => {
    if (!result) return;
    const timer = setTimeout(() => setResult(undefined), showForMs);
    return () => clearTimeout(timer);
  }, [result, showForMs]);
  const copyText = (text: string) =>
    copy(text).then(
      () => setResult('copied'),
      () => setResult('failed'),
    );
  return [result, copyText];
}

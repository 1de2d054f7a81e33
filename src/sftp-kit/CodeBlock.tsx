import { useState } from 'preact/hooks';
import type { KitServices } from './services.ts';

interface CodeBlockProps {
  /** Accessible name of the block and of its buttons. */
  label: string;
  /** The visible caption, when it should be shorter than the label (e.g. "shell"). */
  caption?: string;
  text: string;
  services: Pick<KitServices, 'copy' | 'download'>;
  /** Offers a Download button that saves the text under this name. */
  filename?: string;
  mime?: string;
}

/** Generated text to copy or download; the Copy button says when it worked, or that it did not. */
export function CodeBlock({ label, caption, text, services, filename, mime }: CodeBlockProps) {
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copy() {
    try {
      await services.copy(text);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  }
  return (
    <figure class="sk-code">
      <figcaption class="sk-code__bar">
        <span class="sk-code__label">{caption ?? label}</span>
        <span class="sk-code__actions">
          <span class="kh-muted" role="status">
            {copyState === 'copied' ? 'Copied' : copyState === 'failed' ? 'Copy failed: select the text instead' : ''}
          </span>
          <button type="button" class="kh-button" aria-label={`Copy ${label}`} onClick={copy}>
            Copy
          </button>
          {filename ? (
            <button
              type="button"
              class="kh-button"
              aria-label={`Download ${filename}`}
              onClick={() => services.download(filename, text, mime)}
            >
              Download
            </button>
          ) : null}
        </span>
      </figcaption>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable, or keyboard users cannot scroll long code (axe: scrollable-region-focusable) */}
      <section class="sk-code__scroll" aria-label={label} tabIndex={0}>
        <pre class="sk-code__text kh-mono">{text}</pre>
      </section>
    </figure>
  );
}

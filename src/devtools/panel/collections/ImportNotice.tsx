import type { ComponentChildren } from 'preact';

/**
 * What an import or an export said, in one line: its first sentence, then “N notes” that open the rest on
 * demand. A 26-line import report used to fill the sidebar above the requests it was about.
 */
export function ImportNotice({
  notices,
  children,
  onDismiss,
}: {
  notices: string[];
  /** Shown under the line, always (the imported environments and their merge offers). */
  children?: ComponentChildren;
  onDismiss: () => void;
}) {
  const [first, ...rest] = notices;
  return (
    <div class="kh-banner kh-banner--warn kh-saved-notices" role="status">
      <div class="kh-saved-notice-line">
        <span class="kh-saved-notice-text" title={first}>
          {first}
        </span>
        <button type="button" class="kh-icon-button" aria-label="Dismiss the import notes" onClick={onDismiss}>
          ×
        </button>
      </div>
      {rest.length > 0 ? (
        <details class="kh-saved-notice-details">
          <summary>
            {rest.length} note{rest.length === 1 ? '' : 's'}
          </summary>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long report scrolls inside the banner; a Tab stop lets the keyboard scroll it (axe: scrollable-region-focusable) */}
          <section class="kh-saved-notice-list" tabIndex={0} aria-label="Import notes">
            <ul>
              {rest.map((notice) => (
                <li key={notice}>{notice}</li>
              ))}
            </ul>
          </section>
        </details>
      ) : null}
      {children}
    </div>
  );
}

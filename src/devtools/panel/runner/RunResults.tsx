import { useState } from 'preact/hooks';
import type { RequestRunResult } from '../../../core/workbench/run/run-collection.ts';
import { VirtualList } from '../../../ui/VirtualList.tsx';
import { CheckResults } from '../checks/CheckResults.tsx';
import { MethodBadge, StatusBadge } from '../MethodBadge.tsx';
import { EXCERPT_CHARS, type RunResponseExcerpt } from './runner-session.ts';

/**
 * A run's results: one line per request (only the lines in view are drawn, so 500 cost what 20 do), and the
 * chosen one's assertions and captures below. The first failure is chosen until the user picks another.
 */
const ROW_HEIGHT = 30;
const WORDS: Record<RequestRunResult['outcome'], string> = {
  passed: '✓ passed',
  failed: '✗ failed',
  error: '! error',
  skipped: '– skipped',
};

export function RunResults({
  results,
  responses,
}: {
  results: readonly RequestRunResult[];
  responses: Readonly<Record<string, RunResponseExcerpt>>;
}) {
  const [chosenId, setChosenId] = useState<string>();
  if (results.length === 0) return null;
  const chosen =
    results.find((result) => result.id === chosenId) ??
    results.find((result) => result.outcome === 'failed' || result.outcome === 'error');
  return (
    <div class="kh-runner-results">
      <VirtualList
        class="kh-runner-list"
        role="group"
        aria-label="Run results"
        count={results.length}
        rowHeight={ROW_HEIGHT}
        renderRow={(index) => {
          const result = results[index] as RequestRunResult;
          return (
            <div key={result.id} style={{ height: `${ROW_HEIGHT}px` }}>
              <button
                type="button"
                class={`kh-runner-row kh-runner-row--${result.outcome}`}
                aria-pressed={chosen?.id === result.id}
                onClick={() => setChosenId(result.id)}
              >
                <span class="kh-runner-outcome">{WORDS[result.outcome]}</span>
                <MethodBadge method={result.method} />
                <span class="kh-runner-name">{result.name}</span>
                <span class="kh-mono kh-muted kh-runner-path">{result.path}</span>
                {result.status !== undefined ? <StatusBadge status={result.status} /> : null}
                <span class="kh-muted">
                  {result.durationMs !== undefined ? `${Math.round(result.durationMs)} ms` : ''}
                </span>
              </button>
            </div>
          );
        }}
      />
      {chosen ? (
        <section class="kh-runner-detail" aria-label={`Result of ${chosen.name}`}>
          <h3 class="kh-runner-detail-title">
            {chosen.name} <span class="kh-muted">{WORDS[chosen.outcome]}</span>
          </h3>
          {chosen.error ? <p class="kh-field-error">{chosen.error}</p> : null}
          <CheckResults outcomes={{ assertions: chosen.assertions, captures: chosen.captures }} />
          <ResponseExcerpt excerpt={responses[chosen.id]} open={chosen.outcome !== 'passed'} />
        </section>
      ) : null}
    </div>
  );
}

/** What the chosen request got back: its status, type and the start of its body (open when it did not pass). */
function ResponseExcerpt({ excerpt, open }: { excerpt: RunResponseExcerpt | undefined; open: boolean }) {
  if (!excerpt) return null;
  return (
    <details class="kh-runner-response" open={open}>
      <summary>
        Response <StatusBadge status={excerpt.status} />{' '}
        <span class="kh-muted kh-mono">{excerpt.contentType.split(';')[0]}</span>
      </summary>
      {excerpt.text === undefined ? (
        <p class="kh-muted">No text body (none, or binary).</p>
      ) : (
        <>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable, or keyboard users cannot scroll it (axe: scrollable-region-focusable) */}
          <section class="kh-runner-response-body" aria-label="Start of the response body" tabIndex={0}>
            <pre class="kh-mono">{readable(excerpt)}</pre>
          </section>
          {excerpt.cut ? (
            <p class="kh-muted">
              The first {EXCERPT_CHARS} characters; open the request in a tab and send it for the whole body.
            </p>
          ) : null}
        </>
      )}
    </details>
  );
}

/** A whole JSON body indented (a cut one would not parse: shown as it came). */
function readable(excerpt: RunResponseExcerpt): string {
  const text = excerpt.text ?? '';
  if (excerpt.cut || !/\bjson\b/i.test(excerpt.contentType)) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

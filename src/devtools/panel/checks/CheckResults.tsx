import type { CheckOutcomes } from '../../../core/workbench/run/evaluate-checks.ts';

/**
 * Pass or fail of each assertion and capture of a request, as judged after its Send (or kept with its history
 * entry). Words and marks, not only colour.
 */
export function CheckResults({ outcomes }: { outcomes: CheckOutcomes }) {
  const rows = [...outcomes.assertions, ...outcomes.captures];
  if (rows.length === 0) return null;
  const failed = rows.filter((row) => !row.pass).length;
  return (
    <section class="kh-check-results" aria-label="Test results">
      <p class={`kh-check-summary ${failed > 0 ? 'kh-check-fail' : 'kh-check-pass'}`} role="status">
        {failed > 0 ? `✗ ${failed} of ${rows.length} checks failed` : `✓ All ${rows.length} checks passed`}
      </p>
      <ul class="kh-check-list">
        {rows.map((row, index) => (
          <li key={index} class={row.pass ? 'kh-check-pass' : 'kh-check-fail'}>
            <span class="kh-check-mark">{row.pass ? '✓ pass' : '✗ fail'}</span> <span class="kh-mono">{row.label}</span>
            <span class="kh-muted"> — {row.message}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A short mark for a list row (history): "✓ 3/3" or "✗ 1/3 failed". */
export function checksBadge(outcomes: CheckOutcomes | undefined): string {
  if (!outcomes) return '';
  const rows = [...outcomes.assertions, ...outcomes.captures];
  if (rows.length === 0) return '';
  const failed = rows.filter((row) => !row.pass).length;
  return failed > 0 ? `✗ ${failed}/${rows.length} checks failed` : `✓ ${rows.length}/${rows.length} checks`;
}

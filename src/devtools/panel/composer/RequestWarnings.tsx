import type { RequestWarning } from '../../../core/workbench/request-warnings.ts';

/**
 * What the API description says is likely wrong with the request, above the tabs: a count and, opened, the list.
 * Never a block: Send works all the same (the description can be behind the platform).
 */
export function RequestWarnings({
  warnings,
  bodyProblems,
}: {
  warnings: readonly RequestWarning[];
  bodyProblems: number;
}) {
  const total = warnings.length + bodyProblems;
  if (total === 0) return null;
  return (
    <details class="kh-request-warnings">
      <summary>
        ⚠ {total} warning{total === 1 ? '' : 's'} from the API description (Send still allowed)
      </summary>
      <ul>
        {warnings.map((warning) => (
          <li key={`${warning.place} ${warning.name} ${warning.message}`}>
            <span class="kh-muted">
              {warning.place === 'header' ? 'Header' : warning.place === 'path' ? 'Path' : 'Query'}
            </span>{' '}
            {warning.message}
          </li>
        ))}
        {bodyProblems > 0 ? (
          <li>
            <span class="kh-muted">Body</span> {bodyProblems} difference{bodyProblems === 1 ? '' : 's'} from the request
            schema, underlined in the editor.
          </li>
        ) : null}
      </ul>
    </details>
  );
}

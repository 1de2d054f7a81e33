import { dataRecord } from '../../data-record.ts';
import { KeyholeError } from '../../errors.ts';
import { parseCollectionEnvironments, parseCollectionFile } from '../collection-file.ts';
import { isRedacted } from '../redact-secrets.ts';
import type { RunItem } from './run-collection.ts';

/**
 * A collection file as the runner's list: its requests in file order (folder by folder, as exported), each read
 * through the same checks as an import, and the values of the environment asked for. Unknown folder or
 * environment names are refused with the names that exist, so a typo in CI fails at once and says why.
 */
export function runItemsFromFile(file: unknown, folder?: string): RunItem[] {
  const requests = parseCollectionFile(file);
  const items = requests.map((request, index) => ({ id: `request-${index + 1}`, ...request }));
  if (folder === undefined) return items;
  const wanted = folder.replace(/^\/+|\/+$/g, '');
  const chosen = items.filter((item) => item.folder === wanted || item.folder.startsWith(`${wanted}/`));
  if (chosen.length === 0) {
    const folders = [...new Set(items.map((item) => item.folder).filter(Boolean))];
    throw new KeyholeError(
      'invalid-input',
      `No folder “${wanted}” in this collection${folders.length > 0 ? ` (it has: ${folders.join(', ')})` : ' (it has no folders)'}.`,
    );
  }
  return chosen;
}

export function environmentValuesFromFile(file: unknown, name: string | undefined): Record<string, string> {
  if (name === undefined) return {};
  const environments = parseCollectionEnvironments(file);
  const environment = environments.find((item) => item.name === name);
  if (!environment)
    throw new KeyholeError(
      'invalid-input',
      `No environment “${name}” in this collection${environments.length > 0 ? ` (it has: ${environments.map((item) => item.name).join(', ')})` : ' (it has none)'}.`,
    );
  // Without a prototype: a variable named __proto__ would otherwise be dropped, constructor shadowed.
  const values = dataRecord<string>();
  for (const row of environment.variables)
    if (row.enabled && row.name.trim() !== '' && !isRedacted(row.value)) values[row.name.trim()] = row.value;
  return values;
}

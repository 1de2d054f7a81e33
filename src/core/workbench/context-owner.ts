import { dataRecord, ownValue } from '../data-record.ts';
import { listPlaceholders, PLACEHOLDER, placeholderName } from './path-template.ts';

/**
 * Whose ids a path takes. The platform scopes most ids by owner: `/v2/self/applications/{applicationId}` takes
 * the user's personal apps, `/v2/organisations/orga_X/applications/{applicationId}` only those of orga_X; the same
 * id elsewhere is a 404. So an id the context remembers carries the owner of the path it was chosen in, and fills
 * a later path only when that path's owner is the same.
 */

/** `self`, or the organisation id the path names (literal or resolved from `values`); undefined if none. */
export interface PathOwner {
  /** `self` or an organisation id; undefined while the organisation placeholder has no value. */
  owner: string | undefined;
  /** The placeholders after the owner segment: the ids that belong to it. */
  owned: string[];
}

/** The name of a segment that is one placeholder (`{organisationId}` or `{{organisationId}}`). */
function placeholderOf(segment: string): string | undefined {
  const [match, ...more] = [...segment.matchAll(PLACEHOLDER)];
  return match && more.length === 0 && match[0] === segment ? placeholderName(match) : undefined;
}

export function pathOwner(path: string, values: Readonly<Record<string, string>>): PathOwner | undefined {
  const segments = (path.split('?')[0] ?? '').split('/');
  let at = -1;
  let owner: string | undefined;
  // `/v2/self/…`, `/v4/…/organisations/{id}/…` (the v4 billing and orchestration paths put them deeper).
  segments.forEach((segment, index) => {
    if (at !== -1) return;
    if (segment === 'self' && index === 2) {
      at = index;
      owner = 'self';
    } else if (segment === 'organisations' && index + 1 < segments.length - 1) {
      at = index + 1;
      const raw = segments[index + 1] ?? '';
      const placeholder = placeholderOf(raw);
      const value = placeholder ? (ownValue(values, placeholder) ?? '').trim() : raw;
      owner = value === '' || value.includes('{') ? undefined : value;
    }
  });
  if (at === -1) return undefined;
  return { owner, owned: listPlaceholders(segments.slice(at + 1).join('/')) };
}

/**
 * The context's values a path may take: an id remembered with an owner is left out where the path's owner is
 * another one (or not known yet). Ids remembered without an owner, and paths that name none, are as before.
 */
export function contextValuesFor(
  context: Readonly<Record<string, string>>,
  owners: Readonly<Record<string, string>>,
  path: string,
  params: Readonly<Record<string, string>>,
): Record<string, string> {
  const scoped = pathOwner(path, { ...context, ...nonEmpty(params) });
  if (!scoped) return dataRecord(context);
  const kept = dataRecord<string>();
  for (const [name, value] of Object.entries(context)) {
    const recorded = ownValue(owners, name);
    if (recorded !== undefined && scoped.owned.includes(name) && recorded !== scoped.owner) continue;
    kept[name] = value;
  }
  return kept;
}

/** The owner to remember with each id chosen in this path (undefined: none, forget any recorded one). */
export function ownersChosenIn(path: string, params: Readonly<Record<string, string>>): Record<string, string> {
  const scoped = pathOwner(path, nonEmpty(params));
  const owners = dataRecord<string>();
  if (scoped?.owner) for (const name of scoped.owned) owners[name] = scoped.owner;
  return owners;
}

function nonEmpty(values: Readonly<Record<string, string>>): Record<string, string> {
  return dataRecord(Object.entries(values).filter(([, value]) => value.trim() !== ''));
}

/**
 * The values of one request kept for the next one that names the same placeholders (opening another endpoint):
 * an id owned in the old path is kept only where the new path's owner is the same.
 */
export function carriedParams(
  from: { path: string; params: Readonly<Record<string, string>> },
  toPath: string,
): Record<string, string> {
  const wanted = listPlaceholders(toPath);
  const carried = dataRecord(
    Object.entries(from.params).filter(([name, value]) => value !== '' && wanted.includes(name)),
  );
  return contextValuesFor(carried, ownersChosenIn(from.path, from.params), toPath, carried);
}

import { ownValue } from '../data-record.ts';
import type { ProfileInput, ProfileView } from '../protocol.ts';
import type { RunState } from '../sftp/provision-plan.ts';
import { exportableDraft } from '../workbench/collection-file.ts';
import { addImportedEnvironments } from '../workbench/environment-import.ts';
import type { KeyValueRow } from '../workbench/request-draft.ts';
import { nextOrder, normalizeFolder, type SavedRequest } from '../workbench/saved-requests.ts';
import type { Environment, VariableScope } from '../workbench/variable-scope.ts';
import type { ParsedBackup } from './backup-file.ts';

/**
 * What "Import all" would do to this machine's data, decided before anything is written and shown to the user:
 * an import only adds. A record already here (same profile addresses and key, same request in the same folder)
 * is left as it is; one that differs from a record of the same name comes in beside it, renamed; so does an
 * environment (an existing one is never changed by an import: environment-import.ts); a kit run comes in only when
 * none is under way here.
 */

/**
 * A backup's “Production ” (trailing space), “production”, “Ｐroduction” (full width) or “Pro\u200Bduction” (a
 * zero-width space) would otherwise come in under its own name, beside the user's “Production”, and be picked for
 * it later; such a name is treated as taken and the environment comes in marked “(imported)”.
 */
const looseName = (name: string) =>
  name
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .replace(/\s+/gu, ' ')
    .trim()
    .toLowerCase();

const sameRows = (a: readonly KeyValueRow[], b: readonly KeyValueRow[]) =>
  a.length === b.length && a.every((row, at) => row.name === b[at]?.name && row.value === b[at]?.value);

/** Environments from a backup: a new name comes in as it is, an identical one is already here, any other beside. */
export function restoreEnvironments(
  scope: VariableScope,
  environments: readonly { name: string; variables: KeyValueRow[] }[],
  newId: () => string,
): { scope: VariableScope; notices: string[] } {
  // Looked up in maps, and the ones that come in beside another added in one go: a backup with thousands of
  // environments searched and copied the whole list for each one (8,000 took a minute on the options page).
  const list = [...scope.environments];
  const exact = new Map<string, Environment>();
  const loose = new Map<string, Environment>();
  const remember = (environment: Environment) => {
    if (!exact.has(environment.name)) exact.set(environment.name, environment);
    const key = looseName(environment.name);
    if (!loose.has(key)) loose.set(key, environment);
  };
  for (const environment of list) remember(environment);
  const lines: (string | ((name: string) => string))[] = [];
  const beside: (typeof environments)[number][] = [];
  for (const environment of environments) {
    const existing = exact.get(environment.name);
    const lookalike = existing ? undefined : loose.get(looseName(environment.name));
    if (lookalike) {
      beside.push(environment);
      lines.push(
        (name) =>
          `Environment “${environment.name}” is named like your “${lookalike.name}”: it comes in as “${name}”; yours is unchanged.`,
      );
    } else if (!existing) {
      const added = { id: newId(), name: environment.name, variables: environment.variables };
      list.push(added);
      remember(added);
      lines.push(`New environment “${environment.name}” with ${plural(environment.variables.length, 'variable')}.`);
    } else if (sameRows(existing.variables, environment.variables)) {
      lines.push(`Environment “${environment.name}” is already here.`);
    } else {
      beside.push(environment);
      lines.push(
        (name) =>
          `Environment “${environment.name}” differs from yours: it comes in beside it as “${name}”; yours is unchanged.`,
      );
    }
  }
  const { scope: next, added } = addImportedEnvironments({ ...scope, environments: list }, beside, newId);
  let at = 0;
  const notices = lines.map((line) => (typeof line === 'string' ? line : line(added[at++]?.name ?? '')));
  return { scope: next, notices };
}

export interface CurrentData {
  profiles: readonly ProfileView[];
  requests: readonly SavedRequest[];
  scope: VariableScope;
  kitRun: RunState | null;
}

export interface ImportPlan {
  /** Profiles to add (no secret: each needs its consumer secret typed in), with the backup's id of each. */
  profiles: { from: string; input: ProfileInput }[];
  /** Backup profile id → this machine's profile id, for the ones already here. */
  profilesHere: Record<string, string>;
  requests: SavedRequest[];
  /** Environments merged now; contexts join once the new profiles have their ids (`withContexts`). */
  scope: VariableScope;
  kitRun: RunState | undefined;
  /** One line per decision, for the user. */
  notices: string[];
}

const sameProfile = (a: ProfileInput, b: ProfileView) =>
  a.apiBaseUrl.replace(/\/+$/, '') === b.apiBaseUrl.replace(/\/+$/, '') &&
  a.bridgeUrl.replace(/\/+$/, '') === b.bridgeUrl.replace(/\/+$/, '') &&
  a.consumerKey === b.consumerKey;

/** A name not yet taken: “Name (imported)”, then “Name (imported 2)”… */
function freeName(name: string, taken: (candidate: string) => boolean): string {
  if (!taken(name)) return name;
  for (let n = 1; ; n++) {
    const candidate = `${name} (imported${n === 1 ? '' : ` ${n}`})`;
    if (!taken(candidate)) return candidate;
  }
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function planImport(
  backup: ParsedBackup,
  current: CurrentData,
  newId: () => string,
  now: number = Date.now(),
): ImportPlan {
  const notices: string[] = [];
  const profilesHere: Record<string, string> = {};
  const profiles: ImportPlan['profiles'] = [];
  const names = new Set(current.profiles.map((profile) => profile.name));
  for (const { id, ...input } of backup.profiles) {
    const here = current.profiles.find((profile) => sameProfile(input, profile));
    if (here) {
      profilesHere[id] = here.id;
      continue;
    }
    const name = freeName(input.name, (candidate) => names.has(candidate));
    names.add(name);
    profiles.push({ from: id, input: { ...input, name } });
  }
  const keptProfiles = Object.keys(profilesHere).length;
  notices.push(...contextAdditions(backup.contexts, profilesHere, current));
  if (profiles.length > 0)
    notices.push(
      `${plural(profiles.length, 'profile')} to add: ${profiles.map((item) => `“${item.input.name}”`).join(', ')}. ` +
        'Secrets are never exported: type each consumer secret again (Profiles → Edit), then sign in.',
    );
  if (keptProfiles > 0) notices.push(`${plural(keptProfiles, 'profile')} already here, left as they are.`);

  const requests: SavedRequest[] = [];
  let alreadyHere = 0;
  const all = () => [...current.requests, ...requests];
  for (const item of backup.requests) {
    const folder = normalizeFolder(item.folder);
    const draft = JSON.stringify(exportableDraft(item.draft));
    const sameName = all().filter((saved) => saved.folder === folder && saved.name === item.name);
    if (sameName.some((saved) => JSON.stringify(exportableDraft(saved.draft)) === draft)) {
      alreadyHere++;
      continue;
    }
    const name = freeName(item.name, (candidate) =>
      all().some((saved) => saved.folder === folder && saved.name === candidate),
    );
    requests.push({ id: newId(), name, folder, order: nextOrder(all(), folder), draft: item.draft, updatedAt: now });
  }
  if (requests.length > 0) notices.push(`${plural(requests.length, 'saved request')} to add.`);
  if (alreadyHere > 0) notices.push(`${plural(alreadyHere, 'saved request')} already here, left as they are.`);

  const merged = restoreEnvironments(current.scope, backup.environments, newId);
  notices.push(...merged.notices);

  let kitRun: RunState | undefined;
  const [run, ...more] = backup.kitRuns;
  if (run && current.kitRun?.id === run.id) notices.push('The SFTP kit run is already here.');
  else if (run && current.kitRun)
    notices.push('The SFTP kit run is not imported: one is under way here; finish or forget it first.');
  else if (run) {
    kitRun = run;
    notices.push(
      `The SFTP kit run for “${run.choices.appName}” comes in; the kit looks up on the platform what it had made.`,
    );
  }
  if (more.length > 0)
    notices.push(`${plural(more.length, 'other SFTP kit run')} not imported: the kit keeps one run.`);
  notices.push(...backup.skipped.map((line) => `Left out: ${line}`));
  return { profiles, profilesHere, requests, scope: merged.scope, kitRun, notices };
}

/**
 * Values a backup adds to the context of a profile already here (the ids the user's next requests are sent to):
 * each is named, so nothing lands there unseen. A hostile backup matching the user's profile could otherwise set
 * `organisationId` silently.
 */
function contextAdditions(
  contexts: ParsedBackup['contexts'],
  profilesHere: Record<string, string>,
  current: CurrentData,
): string[] {
  const lines: string[] = [];
  for (const [from, to] of Object.entries(profilesHere)) {
    const values = ownValue(contexts, from);
    if (!values) continue;
    const here = ownValue(current.scope.contexts, to);
    const added = Object.entries(values).filter(([name]) => ownValue(here, name) === undefined);
    if (added.length === 0) continue;
    const name = current.profiles.find((profile) => profile.id === to)?.name ?? to;
    lines.push(
      `Context of “${name}”: ${added.map(([key, value]) => `${key} = ${value}`).join(', ')} added (values already set stay).`,
    );
  }
  return lines;
}

/**
 * The backup's contexts joined to the scope, under this machine's profile ids (`ids`: backup id → id here),
 * adding only the values a context lacks.
 */
export function withContexts(
  scope: VariableScope,
  contexts: ParsedBackup['contexts'],
  ids: Record<string, string>,
): VariableScope {
  const next = { ...scope.contexts };
  for (const [from, values] of Object.entries(contexts)) {
    // Own keys only: a backup's profile id "constructor" must not find Object's.
    const to = Object.hasOwn(ids, from) ? ids[from] : undefined;
    if (!to) continue;
    next[to] = { ...values, ...(next[to] ?? {}) };
  }
  return { ...scope, contexts: next };
}
